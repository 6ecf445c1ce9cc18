import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../src/config.ts';
import { migrateDatabase, openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/index.ts';

/**
 * Builds one migrated and seeded database per run; each test file then starts from a copy of it
 * (a PGlite dump, or a PostgreSQL template database), which is several times faster than running
 * initdb, the migrations and the demo seed (with its password hashes) in every file.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function globalSetup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `vp_tpl_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), 2);
    await migrateDatabase(database, MIGRATIONS_DIR);
    await seedDemo(database.db);
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openPglite(null);
  await migrateDatabase(database, MIGRATIONS_DIR);
  await seedDemo(database.db);
  if (database.kind !== 'pglite') throw new Error('expected the embedded database');
  const dump = await database.client.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vp-template-')), 'pgdata.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  };
}
