import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';

/**
 * Failed logins are counted in the database, not in memory, so the limit holds across instances.
 * Keys are per account name (whether or not it exists, so the limit reveals nothing) and per address.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export const accountKey = (username: string) => `user:${username.toLowerCase()}`;
export const addressKey = (address: string) => `addr:${address}`;

export async function isLimited(
  db: Db,
  username: string,
  address: string,
  now = Date.now(),
): Promise<boolean> {
  const since = new Date(now - LOGIN_WINDOW_MS);
  const rows = await db
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, [accountKey(username), addressKey(address)]),
        gt(loginFailures.at, since),
      ),
    )
    .groupBy(loginFailures.key);
  const n = (key: string) => rows.find((r) => r.key === key)?.n ?? 0;
  return (
    n(accountKey(username)) >= MAX_FAILURES_PER_ACCOUNT || n(addressKey(address)) >= MAX_FAILURES_PER_ADDRESS
  );
}

export async function recordFailure(
  db: Db,
  username: string,
  address: string,
  now = Date.now(),
): Promise<void> {
  const at = new Date(now);
  await db.insert(loginFailures).values([
    { key: accountKey(username), at },
    { key: addressKey(address), at },
  ]);
  // Old rows are worthless; pruning here keeps the table small without a scheduled job.
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(now - LOGIN_WINDOW_MS)));
}

/** A successful login clears the account's count (the address keeps its own). */
export async function clearAccountFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(username)));
}
