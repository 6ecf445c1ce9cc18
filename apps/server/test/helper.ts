import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { outbox } from '../src/db/schema.ts';
import { afterReplyIdle } from '../src/platform/after-reply.ts';
import type { JobTiming } from '../src/platform/jobs.ts';
import type { SessionOptions } from '../src/platform/sessions.ts';
import { MIGRATIONS_DIR, loadConfig, type Config } from '../src/config.ts';
import { migrateDatabase, openPglite, openPostgres, type Database, type Db } from '../src/db/client.ts';
import { DEMO_LOGINS, seedDemo } from '../src/db/seed/index.ts';
import { rowsOf } from '../src/db/sql.ts';

/**
 * A fresh, migrated and seeded database per test file: embedded PGlite in memory by default, or a
 * new database on TEST_DATABASE_URL when TEST_DB=postgres (dropped again afterwards). Both start
 * from the template that test/global-setup.ts builds once per run, when there is one.
 */
export const usePostgres = process.env.TEST_DB === 'postgres';

export const PUBLIC_URL = 'http://portal.test';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /** Logs a demo user in (password from the demo list unless given) and returns the token. */
  login(username: string, password?: string, remoteAddress?: string): Promise<string>;
  /** Bearer (and optional Vendor) headers for inject. */
  auth(token: string, vendor?: number | string): Record<string, string>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

export function demoPassword(username: string): string {
  const login = DEMO_LOGINS.find((l) => l.username === username);
  if (!login) throw new Error(`no demo user ${username}`);
  return login.password;
}

async function createPostgresDatabase(
  template: string | undefined,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `vp_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Copying a template fails while another file's copy holds it; those copies take a moment only.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      break;
    } catch (err) {
      if (!template || attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
  // A test's database is thrown away: its commits need not wait for the disk. Every other
  // behaviour of PostgreSQL is unchanged.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 5);
  return {
    database,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function setup(
  options: {
    extend?: (app: FastifyInstance) => void;
    env?: NodeJS.ProcessEnv;
    logger?: FastifyServerOptions['logger'];
    /** Run jobs on pg-boss (scheduled, polled, with this timing) instead of only when asked. */
    realJobs?: JobTiming;
    sessionOptions?: SessionOptions;
    liveSessionCheckMs?: number;
  } = {},
): Promise<TestContext> {
  let drop: () => Promise<void> = async () => undefined;
  let database: Database;
  let seeded: boolean;
  if (usePostgres) {
    const template = inject('postgresTemplate');
    const created = await createPostgresDatabase(template);
    database = created.database;
    drop = created.drop;
    seeded = !!template;
  } else {
    const template = inject('pgliteTemplate');
    database = await openPglite(null, template ? new Blob([fs.readFileSync(template)]) : undefined);
    seeded = !!template;
  }
  // A no-op on a template copy, as at every start of the real server.
  await migrateDatabase(database, MIGRATIONS_DIR);
  if (!seeded) await seedDemo(database.db);

  // Each test file keeps its uploads and data (the sealing certificate) in a directory of its own,
  // removed on close; nothing is written into the repository.
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-test-'));
  const filesDir = path.join(tempRoot, 'files');
  const dataDir = path.join(tempRoot, 'data');
  fs.mkdirSync(filesDir);
  restoreSigningCertificate(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    FILES_DIR: filesDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    WEB_DIST: '/nonexistent/web-dist',
    SUPPORT_EMAIL: 'support@mls.test',
    // A test sends many calls in a moment as one user; the tests of the budgets set their own.
    USER_REQUESTS_PER_SECOND: '1000000',
    USER_REQUEST_BURST: '10000000',
    ADDRESS_REQUESTS_PER_SECOND: '1000000',
    ADDRESS_REQUEST_BURST: '10000000',
    // The servers tests start listen on 127.0.0.1; the outbound rules' own tests refuse it.
    OUTBOUND_ALLOW_PRIVATE: '1',
    // Deliveries go when a test runs the job, so none interleaves with what it checks.
    WEBHOOK_POLL_MS: '0',
    // The staff logins of most tests stop at the password; two-step sign-in's own tests require it.
    MFA_REQUIRED_ROLES: 'none',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    ...(options.sessionOptions ? { sessionOptions: options.sessionOptions } : {}),
    ...(options.liveSessionCheckMs ? { liveSessionCheckMs: options.liveSessionCheckMs } : {}),
    ...(options.realJobs ? { jobTiming: options.realJobs } : { jobs: 'manual' as const }),
  });
  options.extend?.(app);
  await app.ready();

  const ctx: TestContext = {
    app,
    db: database.db,
    database,
    config,
    inject: (o) => app.inject(o),
    async login(username, password = demoPassword(username), remoteAddress = '127.0.0.1') {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { authorization: basic(username, password) },
        remoteAddress,
      });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    auth(token, vendor) {
      return {
        authorization: `Bearer ${token}`,
        ...(vendor !== undefined ? { vendor: String(vendor) } : {}),
      };
    },
    async close() {
      await app.close();
      const drift = await keptFiguresDrift(database.db);
      await database.close();
      await drop();
      keepSigningCertificate(dataDir);
      fs.rmSync(tempRoot, { recursive: true, force: true });
      if (drift) throw new Error(drift);
    },
  };
  return ctx;
}

/**
 * What the database keeps by trigger, checked against its rules after every test file, whatever
 * the file wrote: each site's missing-documents flag, and the per-vendor counters of sites.
 */
async function keptFiguresDrift(db: Db): Promise<string | null> {
  const flags = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM websites
    WHERE missing_documents IS DISTINCT FROM website_missing_documents(id) ORDER BY id LIMIT 10`,
  );
  if (flags.length > 0)
    return `sites whose missing-documents flag is out of date: ${flags.map((r) => r.id).join(', ')}`;
  const counts = await rowsOf<{ vendor_id: number; status: string }>(
    db,
    sql`
    SELECT coalesce(c.vendor_id, a.vendor_id) AS vendor_id, coalesce(c.status, a.status) AS status
    FROM website_counts c
    FULL JOIN (SELECT vendor_id, status, count(*)::int AS n,
        count(*) FILTER (WHERE missing_documents)::int AS missing
      FROM websites GROUP BY 1, 2) a ON a.vendor_id = c.vendor_id AND a.status = c.status
    WHERE coalesce(c.n, 0) <> coalesce(a.n, 0) OR coalesce(c.missing, 0) <> coalesce(a.missing, 0)
    LIMIT 10`,
  );
  if (counts.length > 0)
    return `site counters out of date: ${counts.map((r) => `${r.vendor_id}/${r.status}`).join(', ')}`;
  return null;
}

/**
 * The self-signed sealing certificate the app generates into DATA_DIR/signing is kept between test
 * files (and runs), so key generation is paid once, not by every file.
 */
const SIGNING_CACHE = path.join(os.tmpdir(), 'vp-test-signing-cache');
const SIGNING_FILES = ['seal.p12', 'seal.password'];

function restoreSigningCertificate(dataDir: string): void {
  if (!SIGNING_FILES.every((f) => fs.existsSync(path.join(SIGNING_CACHE, f)))) return;
  fs.mkdirSync(path.join(dataDir, 'signing'), { recursive: true });
  // The password goes last, so a half-copied pair is never taken for a whole one.
  for (const f of SIGNING_FILES)
    fs.copyFileSync(path.join(SIGNING_CACHE, f), path.join(dataDir, 'signing', f));
}

function keepSigningCertificate(dataDir: string): void {
  const dir = path.join(dataDir, 'signing');
  if (!SIGNING_FILES.every((f) => fs.existsSync(path.join(dir, f)))) return;
  if (SIGNING_FILES.every((f) => fs.existsSync(path.join(SIGNING_CACHE, f)))) return;
  fs.mkdirSync(SIGNING_CACHE, { recursive: true });
  for (const f of SIGNING_FILES) {
    const tmp = path.join(SIGNING_CACHE, `${f}.${process.pid}.tmp`);
    fs.copyFileSync(path.join(dir, f), tmp);
    fs.renameSync(tmp, path.join(SIGNING_CACHE, f));
  }
}

/** The newest mail to an address in the outbox, once mail promised after a reply is written. */
export async function latestMailTo(t: Pick<TestContext, 'db'>, to: string) {
  await afterReplyIdle();
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return mail;
}

/**
 * Makes the outbox refuse every mail to `to` (as a full disk or a lost connection would), for the
 * tests that a change and its mail are kept together or not at all. Answers the undo.
 */
export async function refuseMailTo(t: Pick<TestContext, 'db'>, to: string): Promise<() => Promise<void>> {
  await t.db.execute(sql`
    CREATE FUNCTION test_refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW."to" = ${sql.raw(`'${to.replace(/'/g, "''")}'`)} THEN RAISE EXCEPTION 'outbox refused'; END IF;
      RETURN NEW;
    END $$`);
  await t.db.execute(
    sql`CREATE TRIGGER test_refuse_mail BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION test_refuse_mail()`,
  );
  return async () => {
    await t.db.execute(sql`DROP TRIGGER test_refuse_mail ON outbox`);
    await t.db.execute(sql`DROP FUNCTION test_refuse_mail()`);
  };
}

/** The token of a mailed link to `route` of the web app. */
export function tokenFromLink(text: string, route: string): string {
  const m = new RegExp(`${PUBLIC_URL}${route}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!m?.[1]) throw new Error(`no ${route} link in: ${text}`);
  return m[1];
}
