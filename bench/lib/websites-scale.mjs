/* global window, PerformanceObserver */
// A server whose demo vendor (Summit Web Solutions) holds 50,000 more websites, for the browser
// benches of the Websites page and its export. The websites are tied to the demo roster's own
// active agents, so every row joins to a real member and office as in production.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { scratchDatabase } from './bench-roster.mjs';
import { buildOrExit, login, startServer } from './harness.mjs';

export const SCALE_SITES = 50_000;

const seedSql = (n) => `
WITH roster AS (
  SELECT array_agg(member_mls_id ORDER BY member_mls_id) AS ids
  FROM members WHERE NOT reciprocal AND member_status = 'Active'
)
INSERT INTO websites (vendor_id, domain_name, status, member_number, reciprocal, start_date, term_date, dba, products)
SELECT v.id,
  'scale' || i || '-' || (ARRAY['harbor','summit','lakeview','cedar','pine','bay'])[1 + i % 6] || 'homes.com',
  (ARRAY['Active','Pending Activation','Pending Termination','Inactive'])[1 + (i * 37) % 4],
  r.ids[1 + (i * 7) % array_length(r.ids, 1)],
  false,
  DATE '2023-01-01' + (i * 11) % 1000,
  CASE WHEN (i * 37) % 4 IN (2, 3) THEN DATE '2026-01-01' + (i * 3) % 300 END,
  CASE WHEN i % 3 = 0 THEN 'Team ' || i ELSE '' END,
  ARRAY[1 + i % 3]
FROM generate_series(1, ${n}) AS i, vendors v, roster r
WHERE v.code = 'SWS';
-- A licensed site holds a licence for its terms (recorded, as for sites licensed before the portal).
INSERT INTO licences (website_id, vendor_id, terms, terms_hash, saf_parties, form_kind, granted_by)
SELECT w.id, w.vendor_id, website_terms(w.id), website_terms_hash(w.id), COALESCE(website_saf_parties(w.id), ''),
  'none', 'recorded'
FROM websites w
WHERE w.domain_name LIKE 'scale%' AND w.status IN ('Active', 'Pending Termination');
ANALYZE websites;
`;

/**
 * Starts the built server with the demo data and the websites added, on a fresh embedded
 * database, or with BENCH_DB=postgres on a scratch PostgreSQL database.
 */
export async function startScaledServer({ sites = SCALE_SITES } = {}) {
  // An already running server (e.g. on PostgreSQL, seeded by bench/websites-bench.mjs) can be
  // measured instead: BENCH_BASE_URL=http://host:port.
  const external = process.env.BENCH_BASE_URL;
  if (external) {
    const token = await login(external);
    return { baseUrl: external, token, seedMs: 0, stop: async () => undefined };
  }
  buildOrExit();
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-bench-scale-'));
  if (process.env.BENCH_DB !== 'postgres') {
    return scaled(sites, dataDir, {}, async (sql) => {
      const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
      try {
        await db.exec(sql);
      } finally {
        await db.close();
      }
    });
  }
  // On PostgreSQL (BENCH_DB=postgres): a scratch database on DATABASE_URL's server, dropped after.
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await scratchDatabase(adminUrl, 'vp_bench_scale');
  return scaled(
    sites,
    dataDir,
    { DATABASE_URL: scratch.url },
    async (sql) => {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    },
    () => scratch.drop(),
  );
}

/**
 * Seeds the demo data with a first start of the server, stops it, adds the websites through `run`
 * (the embedded database has one owner at a time), and starts the server again.
 */
async function scaled(sites, dataDir, dbEnv, run, dropDatabase = async () => undefined) {
  const cleanUp = async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const first = await startServer({ env: { SEED_DEMO: '1', ...dbEnv }, dataDir });
    await first.stop();
    const t0 = performance.now();
    await run(seedSql(sites));
    const seedMs = performance.now() - t0;
    // The embedded database's second start finds its demo data there; PostgreSQL's is told so.
    const server = await startServer({
      env: { SEED_DEMO: dbEnv.DATABASE_URL ? '0' : '1', ...dbEnv },
      dataDir,
      quiet: !process.env.BENCH_VERBOSE,
    });
    const token = await login(server.baseUrl);
    return {
      ...server,
      token,
      seedMs,
      stop: async () => {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

/** Records every main-thread long task (> 50 ms) from the first script on. */
export function longTaskRecorder() {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long-task timing in this browser: nothing recorded
  }
}
