import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';
import { TooManyRequestsError } from './errors.ts';
import { passwordGate, type GateScope } from './password-gate.ts';

/**
 * Password guesses and reset mails are counted in the database, not in memory, so the limits hold
 * across instances. An attempt reserves its place before the password is checked: in one
 * transaction that locks its keys, counts the window and inserts the attempt, so a burst of parallel
 * requests cannot all pass a check that only later records the failures. Keys are per account name
 * (whether or not it exists, so the limit reveals nothing) and per address.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export const RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;
export const MAX_RESET_MAILS_PER_ACCOUNT = 3;
export const MAX_RESET_MAILS_PER_ADDRESS = 3;

/** Rows older than the longest window count for nothing. */
const KEEP_MS = Math.max(LOGIN_WINDOW_MS, RESET_MAIL_WINDOW_MS);

export const accountKey = (username: string) => `user:${username.toLowerCase()}`;
export const addressKey = (address: string) => `addr:${address}`;
export const resetMailAccountKey = (username: string) => `reset-mail-user:${username.toLowerCase()}`;
export const resetMailAddressKey = (address: string) => `reset-mail-addr:${address}`;

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** The rows an admitted attempt inserted, one per key. */
export type Reservation = { id: number; key: string }[];

// Advisory locks taken with two int4 keys live apart from the one-bigint migration lock.
const LOCK_SPACE = 7_140;

/**
 * Inserts one row per limit when every key is still below its maximum within its window; null
 * (and nothing inserted) when any is not. Holds across instances: each key is locked for the
 * transaction, so the count and the insert of concurrent attempts cannot interleave.
 */
export async function reserve(db: Db, limits: Limit[], now = Date.now()): Promise<Reservation | null> {
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction(async (tx) => {
    // One statement per lock, in key order, so two attempts sharing keys never wait on each other
    // in a cycle; the count below then sees every attempt committed before the lock was granted.
    for (const { key } of sorted) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${key}))`);
    }
    const longest = Math.max(...sorted.map((l) => l.windowMs));
    const rows = await tx
      .select({ key: loginFailures.key, at: loginFailures.at })
      .from(loginFailures)
      .where(
        and(
          inArray(
            loginFailures.key,
            sorted.map((l) => l.key),
          ),
          gt(loginFailures.at, new Date(now - longest)),
        ),
      );
    for (const limit of sorted) {
      const since = now - limit.windowMs;
      const used = rows.filter((r) => r.key === limit.key && r.at.getTime() > since).length;
      if (used >= limit.max) return null;
    }
    const at = new Date(now);
    return tx
      .insert(loginFailures)
      .values(sorted.map(({ key }) => ({ key, at })))
      .returning({ id: loginFailures.id, key: loginFailures.key });
  });
}

/** Gives back an attempt that was never made (e.g. the server was too busy to check it). */
export async function release(db: Db, reservation: Reservation): Promise<void> {
  if (reservation.length === 0) return;
  await db.delete(loginFailures).where(
    inArray(
      loginFailures.id,
      reservation.map((r) => r.id),
    ),
  );
}

/** Old rows are worthless; pruning after a failure keeps the table small without a scheduled job. */
export async function prune(db: Db, now = Date.now()): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(now - KEEP_MS)));
}

/** A successful login clears the account's count (the address keeps its own failures). */
export async function clearAccountFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(username)));
}

/** How many attempts a key has within the window; for tests and diagnostics. */
export async function attemptsOf(db: Db, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, new Date(now - windowMs))));
  return row?.n ?? 0;
}

export function passwordLimits(who: GateScope & { account: string }): Limit[] {
  return [
    { key: accountKey(who.account), max: MAX_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS },
    ...(who.address !== undefined
      ? [{ key: addressKey(who.address), max: MAX_FAILURES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS }]
      : []),
  ];
}

/**
 * A password check within the limits of the account and the address. The gate
 * comes first, so a burst is mostly refused in memory without costing the database anything; then
 * the attempt is reserved (429 when the account or address has used its guesses) and `check` runs.
 * A failed check (false) keeps the reservation as a counted failure; a passed one clears the
 * account's failures and gives the address its place back; a check that threw gives it back too.
 */
export async function limitedPasswordCheck<T>(
  db: Db,
  who: GateScope & { account: string },
  check: () => Promise<T | false>,
): Promise<T | false> {
  return passwordGate.run(who, async () => {
    const reservation = await reserve(db, passwordLimits(who));
    if (!reservation) throw new TooManyRequestsError();
    let result: T | false;
    try {
      result = await check();
    } catch (err) {
      await release(db, reservation);
      throw err;
    }
    if (result === false) {
      await prune(db);
    } else {
      await clearAccountFailures(db, who.account);
      await release(db, reservation);
    }
    return result;
  });
}

/** Whether a reset mail may go out for this account and address; counts it when so. */
export async function reserveResetMail(
  db: Db,
  username: string,
  address: string | undefined,
): Promise<boolean> {
  const limits: Limit[] = [
    { key: resetMailAccountKey(username), max: MAX_RESET_MAILS_PER_ACCOUNT, windowMs: RESET_MAIL_WINDOW_MS },
    ...(address !== undefined
      ? [
          {
            key: resetMailAddressKey(address),
            max: MAX_RESET_MAILS_PER_ADDRESS,
            windowMs: RESET_MAIL_WINDOW_MS,
          },
        ]
      : []),
  ];
  return (await reserve(db, limits)) !== null;
}
