import { Messages } from '@vp/contract';
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';
import { TooManyRequestsError } from './errors.ts';
import { addressGroup } from './client-address.ts';
import { passwordGate } from './password-gate.ts';

/**
 * Password guesses and reset mails are counted in the database, not in memory, so the limits hold
 * across instances. An attempt reserves its place before the password is checked: in one
 * transaction that locks its keys, counts the failures and inserts the attempt, so a burst of
 * parallel requests cannot all pass a check that only later records the failures.
 *
 * Failed password checks slow down the place they come from, never the account's owner:
 * - one account from one address (the pair): the first few failures cost nothing; after them each
 *   attempt waits 1 s, 2 s, 4 s … after the last failure, up to MAX_WAIT_MS;
 * - one account from every address: past a looser number of failures, every browser that has
 *   never signed in to the account waits on the account's count as well (growing the same way), so
 *   spreading guesses over many addresses gains nothing;
 * - one address across accounts: at most MAX_FAILURES_PER_ADDRESS in ADDRESS_WINDOW_MS.
 * A browser that has signed in to the account (its device cookie, see modules/auth/devices.ts)
 * counts its own failures only, so the owner is never locked out by strangers. A signed-in user's
 * current-password check counts per pair and address only. Keys count whether or not the account
 * exists. An IPv6 address counts with its /64 network: one host is given a whole /64.
 */

/** How long a failure counts towards the growing waits. */
export const FAILURE_MEMORY_MS = 60 * 60 * 1000;
export const FREE_FAILURES_PER_PAIR = 3;
export const FREE_FAILURES_PER_ACCOUNT = 10;
export const FIRST_WAIT_MS = 1000;
export const MAX_WAIT_MS = 15 * 60 * 1000;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ADDRESS = 20;

export const RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;
export const MAX_RESET_MAILS_PER_ACCOUNT = 3;
export const MAX_RESET_MAILS_PER_ADDRESS = 3;

/** Rows older than the longest window count for nothing. */
const KEEP_MS = Math.max(FAILURE_MEMORY_MS, ADDRESS_WINDOW_MS, RESET_MAIL_WINDOW_MS);

export const accountKey = (username: string) => `user:${username.toLowerCase()}`;
export const addressKey = (address: string) => `addr:${addressGroup(address)}`;
export const pairKey = (username: string, address: string) =>
  `pair:${username.toLowerCase()}|${addressGroup(address)}`;
export const deviceKey = (deviceHash: string) => `device:${deviceHash}`;
export const resetMailAccountKey = (username: string) => `reset-mail-user:${username.toLowerCase()}`;
/** The owner's own reset mails (asked for from a known browser or address): strangers cannot use them up. */
export const resetMailOwnerKey = (username: string) => `reset-mail-owner:${username.toLowerCase()}`;
export const resetMailAddressKey = (address: string) => `reset-mail-addr:${addressGroup(address)}`;

/**
 * A limit on one key within a window: at most `max` attempts, or `free` failures and then a
 * growing wait after the latest one; with `whenFailed`, the wait holds only while that key has
 * failures of its own in the window.
 */
export type Limit =
  | { key: string; windowMs: number; max: number }
  | { key: string; windowMs: number; free: number; whenFailed?: string };

/** The rows an admitted attempt inserted, one per key. */
export type Reservation = { id: number; key: string }[];

export type Admission = { reservation: Reservation } | { retryAfterMs: number };

/** The wait before the next attempt after `failures`: none within `free`, then 1 s doubling, capped. */
export function waitAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** Math.min(failures - free, 30), MAX_WAIT_MS);
}

/** When the next attempt under `limit` may be made, given the times of its key's rows (ascending). */
function allowedFrom(limit: Limit, times: number[], failedElsewhere: boolean): number {
  if (times.length === 0) return 0;
  if ('max' in limit) {
    // Once the oldest rows leave the window, the count is below the maximum again.
    return times.length < limit.max ? 0 : times[times.length - limit.max]! + limit.windowMs;
  }
  if (limit.whenFailed !== undefined && !failedElsewhere) return 0;
  const wait = waitAfter(times.length, limit.free);
  return wait === 0 ? 0 : times[times.length - 1]! + wait;
}

// Advisory locks taken with two int4 keys live apart from the one-bigint migration lock.
const LOCK_SPACE = 7_140;

/**
 * Inserts one row per limit when every limit allows an attempt now; otherwise inserts nothing and
 * answers how long until they all do. Holds across instances: each key is locked for the
 * transaction, so the count and the insert of concurrent attempts cannot interleave.
 */
export async function reserve(db: Db, limits: Limit[], now = Date.now()): Promise<Admission> {
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const read = [
    ...new Set([
      ...sorted.map((l) => l.key),
      ...sorted.flatMap((l) => ('max' in l ? [] : (l.whenFailed ?? []))),
    ]),
  ];
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
      .where(and(inArray(loginFailures.key, read), gt(loginFailures.at, new Date(now - longest))));
    const timesOf = (key: string, windowMs: number) =>
      rows
        .filter((r) => r.key === key && r.at.getTime() > now - windowMs)
        .map((r) => r.at.getTime())
        .sort((a, b) => a - b);
    let allowedAt = 0;
    for (const limit of sorted) {
      const other = 'max' in limit ? undefined : limit.whenFailed;
      const failedElsewhere = other !== undefined && timesOf(other, limit.windowMs).length > 0;
      allowedAt = Math.max(
        allowedAt,
        allowedFrom(limit, timesOf(limit.key, limit.windowMs), failedElsewhere),
      );
    }
    if (allowedAt > now) return { retryAfterMs: allowedAt - now };
    const at = new Date(now);
    const reservation = await tx
      .insert(loginFailures)
      .values(sorted.map(({ key }) => ({ key, at })))
      .returning({ id: loginFailures.id, key: loginFailures.key });
    return { reservation };
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

/** How many attempts a key has within the window; for tests and diagnostics. */
export async function attemptsOf(db: Db, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, new Date(now - windowMs))));
  return row?.n ?? 0;
}

export interface PasswordAttempt {
  account: string;
  address: string;
}

const addressLimit = (address: string): Limit => ({
  key: addressKey(address),
  windowMs: ADDRESS_WINDOW_MS,
  max: MAX_FAILURES_PER_ADDRESS,
});

const pairLimit = ({ account, address }: PasswordAttempt): Limit => ({
  key: pairKey(account, address),
  windowMs: FAILURE_MEMORY_MS,
  free: FREE_FAILURES_PER_PAIR,
});

/**
 * A login from a browser the account does not know: the pair, the account across addresses, the
 * address. From a browser that has signed in to the account: that browser's failures only.
 */
export function loginLimits(who: PasswordAttempt, knownDevice: string | null = null): Limit[] {
  if (knownDevice)
    return [{ key: deviceKey(knownDevice), windowMs: FAILURE_MEMORY_MS, free: FREE_FAILURES_PER_PAIR }];
  return [
    pairLimit(who),
    { key: accountKey(who.account), windowMs: FAILURE_MEMORY_MS, free: FREE_FAILURES_PER_ACCOUNT },
    addressLimit(who.address),
  ];
}

/** A signed-in user's current password: the pair and the address, never the account as a whole. */
export function currentPasswordLimits(who: PasswordAttempt): Limit[] {
  return [pairLimit(who), addressLimit(who.address)];
}

/**
 * A password check within `limits`. The gate comes first, so a burst is mostly refused in memory
 * without costing the database anything; then the attempt is reserved (429 with the wait when a
 * limit holds it) and `check` runs. A failed check (false) keeps the reservation as a counted
 * failure; a passed one gives it back and clears the pair's failures; a check that threw gives it
 * back too.
 */
export async function limitedPasswordCheck<T>(
  db: Db,
  who: PasswordAttempt,
  limits: Limit[],
  check: () => Promise<T | false>,
): Promise<T | false> {
  return passwordGate.run(who, async () => {
    const admission = await reserve(db, limits);
    if ('retryAfterMs' in admission) {
      const seconds = Math.ceil(admission.retryAfterMs / 1000);
      throw new TooManyRequestsError(Messages.tooManyAttempts(seconds), seconds);
    }
    const { reservation } = admission;
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
      await release(db, reservation);
      // The place's own failures are forgiven: the pair's, or the known browser's.
      const own = limits.map((l) => l.key).filter((k) => k.startsWith('pair:') || k.startsWith('device:'));
      await db.delete(loginFailures).where(inArray(loginFailures.key, own));
    }
    return result;
  });
}

/** Whether a reset mail may go out for this account and address; counts it when so. */
export async function reserveResetMail(
  db: Db,
  username: string,
  address: string | undefined,
  owner = false,
): Promise<boolean> {
  const limits: Limit[] = [
    {
      // Asked for from the owner's known browser or address: a count of its own.
      key: owner ? resetMailOwnerKey(username) : resetMailAccountKey(username),
      max: MAX_RESET_MAILS_PER_ACCOUNT,
      windowMs: RESET_MAIL_WINDOW_MS,
    },
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
  return 'reservation' in (await reserve(db, limits));
}
