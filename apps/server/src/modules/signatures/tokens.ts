import crypto from 'node:crypto';
import { SIGNING_LINK_DAYS } from '@vp/contract';

/** Signing links: 32 random bytes, base64url; only their SHA-256 is stored. */
export function newSigningToken(): { token: string; hash: string; expiresAt: Date } {
  const token = crypto.randomBytes(32).toString('base64url');
  return {
    token,
    hash: hashToken(token),
    expiresAt: new Date(Date.now() + SIGNING_LINK_DAYS * 24 * 60 * 60 * 1000),
  };
}

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

export interface Origin {
  ip: string;
  userAgent: string;
}
