import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginDevices, sessions, users } from '../../db/schema.ts';
import { newToken, sha256 } from '../../platform/passwords.ts';

/**
 * A browser that has signed in to an account is known to it (OWASP's device cookie): the cookie
 * holds a random token per account it has signed in to, and the database its hash. A failed login
 * from a known browser counts against that browser alone, and a reset mail asked for from it is not
 * held by strangers' requests, so strangers cannot lock the owner out. The cookie is HttpOnly,
 * SameSite=Strict and sent to the API only; it proves nothing by itself, the password still does.
 */
export const DEVICE_COOKIE = 'vp_device';
const DEVICE_DAYS = 365;
/** Accounts one browser is remembered for (the people who share it). */
const ACCOUNTS_PER_BROWSER = 4;
/** An address from which the account signed in within this time is its owner's too. */
const KNOWN_ADDRESS_DAYS = 90;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The device tokens a request's cookie carries (at most a few, well-formed ones only). */
export function deviceTokens(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== DEVICE_COOKIE) continue;
    return rest
      .join('=')
      .split('.')
      .filter((t) => TOKEN_SHAPE.test(t))
      .slice(0, ACCOUNTS_PER_BROWSER);
  }
  return [];
}

/** The hash of the carried token that is known to the account, or null. */
export async function knownDevice(db: Db, tokens: readonly string[], username: string): Promise<string | null> {
  if (tokens.length === 0) return null;
  const [row] = await db
    .select({ hash: loginDevices.tokenHash })
    .from(loginDevices)
    .innerJoin(users, eq(users.id, loginDevices.userId))
    .where(
      and(
        inArray(loginDevices.tokenHash, tokens.map(sha256)),
        eq(sql`lower(${users.username})`, username.toLowerCase()),
      ),
    )
    .limit(1);
  return row?.hash ?? null;
}

/** Whether the account has signed in from this address lately. */
export async function knownAddress(db: Db, username: string, address: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sql`lower(${users.username})`, username.toLowerCase()),
        eq(sessions.address, address),
        sql`${sessions.createdAt} > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`,
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * After a successful login: the browser's cookie, naming this account first. A browser already
 * known keeps its token (its row is touched); otherwise a new one is made.
 */
export async function rememberDevice(
  db: Db,
  userId: number,
  tokens: readonly string[],
  known: string | null,
  secure: boolean,
): Promise<string> {
  let mine: string | undefined;
  if (known) {
    mine = tokens.find((t) => sha256(t) === known);
    await db.update(loginDevices).set({ lastUsedAt: new Date() }).where(eq(loginDevices.tokenHash, known));
  }
  if (!mine) {
    mine = newToken();
    await db.insert(loginDevices).values({ tokenHash: sha256(mine), userId });
  }
  const kept = [mine, ...tokens.filter((t) => t !== mine)].slice(0, ACCOUNTS_PER_BROWSER);
  return [
    `${DEVICE_COOKIE}=${kept.join('.')}`,
    'Path=/api',
    `Max-Age=${DEVICE_DAYS * 86_400}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
