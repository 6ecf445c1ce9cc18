import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** The one database type the app uses; both drivers share the PgDatabase API. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database =
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; url: string; close(): Promise<void> };

/** Any integer key works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 7_140_512_301;

// Timestamps and dates come back as JS values from node-postgres by default; keep `date` columns as
// plain yyyy-mm-dd strings so both drivers agree (PGlite already does).
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);

/**
 * Opens the embedded database; `dataDir` null means in memory (tests), optionally starting from a
 * dump of another database (tests copy one migrated and seeded template instead of rebuilding it).
 */
export async function openPglite(dataDir: string | null, template?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { kind: 'pglite', db, client, close: () => client.close() };
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { kind: 'postgres', db, pool, url, close: () => pool.end() };
}

/**
 * Runs `task` so that an abort of `signal` cancels its statement: on PostgreSQL on a connection of
 * its own, cancelled on the server (pg_cancel_backend) and then closed, so the cancel can never
 * reach a later statement of whoever uses the connection next. The embedded database runs one
 * statement at a time on this thread and cannot be interrupted; there the next statement is not run.
 */
export async function withCancel<T>(
  database: Database,
  signal: AbortSignal,
  task: (db: Db) => Promise<T>,
): Promise<T> {
  signal.throwIfAborted();
  if (database.kind === 'pglite') return task(database.db);
  const client = await database.pool.connect();
  // Set from the server's BackendKeyData on connect; the typings leave it out.
  const pid = (client as unknown as { processID: number }).processID;
  let cancelled: Promise<unknown> | null = null;
  const onAbort = () => {
    cancelled = database.pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    signal.throwIfAborted();
    return await task(drizzlePg({ client }) as unknown as Db);
  } finally {
    signal.removeEventListener('abort', onAbort);
    if (cancelled) await cancelled;
    client.release(cancelled ? true : undefined);
  }
}

/**
 * Runs the migrations, then `then` (e.g. the demo seed) while still holding the migration lock, so
 * instances starting together neither migrate nor seed twice.
 */
export async function migrateDatabase(
  database: Database,
  migrationsFolder: string,
  then?: () => Promise<void>,
): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.client }), { migrationsFolder });
    await then?.();
    return;
  }
  // One instance migrates while the others wait on the lock, then find nothing left to do.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
      await then?.();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
