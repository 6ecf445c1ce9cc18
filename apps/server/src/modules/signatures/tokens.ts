import crypto from 'node:crypto';
import { SEALED_COPY_DAYS, SIGNING_LINK_DAYS } from '@vp/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

function newToken(days: number): { token: string; hash: string; expiresAt: Date } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), expiresAt: new Date(Date.now() + days * DAY_MS) };
}

/** Signing links: 32 random bytes, base64url; only their SHA-256 is stored. */
export const newSigningToken = () => newToken(SIGNING_LINK_DAYS);

/** A signer's link to the sealed form: made like a signing link, working longer. */
export const newCopyToken = () => newToken(SEALED_COPY_DAYS);

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

export interface Origin {
  ip: string;
  userAgent: string;
}
