import { Messages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/sql.ts';
import { TooManyRequestsError } from './errors.ts';

/**
 * The places of a user's expensive requests under way. On PostgreSQL a place is a row, taken under
 * a lock on the user in one statement, so the limit holds across instances; a place left by an instance that died
 * expires. The embedded database has one process, which counts in memory.
 */
export interface WorkPlaces {
  /**
   * Takes a place (429 when the user has none left); answers how to give it back, which settles
   * once the place is free again (never rejects).
   */
  take(userId: number): Promise<() => Promise<void>>;
}

/** Longer than any request runs; only a place of a dead instance ever reaches it. */
const PLACE_TTL_SECONDS = 15 * 60;
/** The advisory locks' first key: any constant no other lock of the app uses. */
const LOCK_CLASS = 7_140_513;

const full = () => new TooManyRequestsError(Messages.tooManyAtOnce);

function once(give: () => Promise<void> | void): () => Promise<void> {
  let given: Promise<void> | null = null;
  return () => (given ??= Promise.resolve(give()));
}

function inProcessPlaces(perUser: number): WorkPlaces {
  const underWay = new Map<number, number>();
  return {
    async take(userId) {
      const now = underWay.get(userId) ?? 0;
      if (now >= perUser) throw full();
      underWay.set(userId, now + 1);
      return once(() => {
        const left = (underWay.get(userId) ?? 1) - 1;
        if (left <= 0) underWay.delete(userId);
        else underWay.set(userId, left);
      });
    },
  };
}

function sharedPlaces(database: Database, perUser: number, onError: (err: unknown) => void): WorkPlaces {
  const { db } = database;
  return {
    async take(userId) {
      // One round trip: the function takes the lock on the user, counts and inserts (migration 0026).
      const [row] = await rowsOf<{ id: string | null }>(
        db,
        sql`SELECT take_work_place(${userId}, ${perUser}, ${PLACE_TTL_SECONDS}, ${LOCK_CLASS}) AS id`,
      );
      const id = row?.id ?? null;
      if (id === null) throw full();
      return once(() =>
        db.execute(sql`DELETE FROM work_places WHERE id = ${id}`).then(() => undefined, onError),
      );
    },
  };
}

export function workPlaces(database: Database, perUser: number, onError: (err: unknown) => void): WorkPlaces {
  return database.kind === 'postgres' ? sharedPlaces(database, perUser, onError) : inProcessPlaces(perUser);
}

/** Places whose instance died are dropped by a job. */
export async function purgeExpiredPlaces(database: Database): Promise<void> {
  await database.db.execute(sql`DELETE FROM work_places WHERE expires_at <= now()`);
}
