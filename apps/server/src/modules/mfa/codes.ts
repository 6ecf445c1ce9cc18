import { randomInt } from 'node:crypto';
import {
  PRODUCT_NAME,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
} from '@vp/contract';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../../platform/passwords.ts';

/** An authenticator app's key: 160 random bits, as RFC 4226 recommends, in base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** What an authenticator app scans: the otpauth URI, and the same as an SVG QR code. */
export async function totpSetup(
  secret: string,
  username: string,
): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const uri = totpOf(secret, username).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * The time step a code belongs to, when it is right within one step either way of `now`; null when
 * it is wrong. Whether the step was used already is the caller's (it is kept per factor).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of a secret at a moment (tests, and the bench's users, play the authenticator app). */
export function totpCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes of ten characters (about 49 bits each), unambiguous to read and type. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  );
}

export const recoveryCodeHash = (code: string): string => sha256(`recovery:${code}`);
