import crypto from 'node:crypto';
import { ScryptPool } from './scrypt-pool.ts';

/**
 * scrypt at OWASP's recommended cost (N=2^17, r=8, p=1 uses 128 MiB per hash). It runs on the
 * process's own hashing workers, so it neither blocks the event loop nor takes libuv's thread pool
 * from file reads. Hashes carry their parameters: `scrypt$N$r$p$salt$hash` (base64url), so the cost
 * can be raised later without breaking old ones.
 */
const pool = new ScryptPool();
const scrypt = (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) =>
  pool.hash(password, salt, keylen, options);

export const PASSWORD_HASH_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

/**
 * The cost new hashes are made at. Only a test run (NODE_ENV=test, as the test runners set) may
 * lower N with TEST_SCRYPT_LOG2N, so suites that log in thousands of times do not spend their
 * minutes in scrypt; the algorithm, the hash format and every check stay the same. Hashes carry
 * their cost, so one made cheaply never verifies cheaply against a real one.
 */
export function hashParams(env: NodeJS.ProcessEnv = process.env): { N: number; r: number; p: number } {
  const log2n = Number(env.TEST_SCRYPT_LOG2N);
  if (env.NODE_ENV === 'test' && Number.isInteger(log2n) && log2n >= 10 && log2n < 17)
    return { ...PASSWORD_HASH_PARAMS, N: 2 ** log2n };
  return PASSWORD_HASH_PARAMS;
}

const PARAMS = hashParams();
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEM = 256 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEM });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

// Verifying against this when the user is unknown (or has no password yet) costs the same as a
// real check, so the response time does not reveal whether the account exists.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(crypto.randomBytes(18).toString('base64url')));

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parseHash(stored ?? (await getDummyHash()));
  if (!parsed) {
    await verifyPassword(password, null);
    return false;
  }
  const key = await scrypt(password, parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: MAX_MEM,
  });
  const ok = crypto.timingSafeEqual(key, parsed.key);
  return ok && stored != null;
}

export function sha256(value: string): string {
  // The one-shot form: every authenticated request hashes its token, and it is a third of the cost.
  return crypto.hash('sha256', value, 'hex');
}

/** 32 random bytes, base64url: opaque tokens for sessions and mailed links. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}
