// `npm run bench:import`: the bulk import of websites at its largest file, 5,000 rows of real roster
// members, through the API of the built server: the dry run (POST /api/portal/websites/import/check)
// and the import (POST /api/portal/websites/import), each 3 times with new domains, median and spread.
// Goals (issue 20): every run of each <= 5 s on the embedded database. With BENCH_POSTGRES=1 on PostgreSQL too
// (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a scratch database is made
// and dropped).
/* global fetch */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { scratchDatabase } from './lib/bench-roster.mjs';
import { buildOrExit, login, report, startServer } from './lib/harness.mjs';

const ROWS = 5_000;
const RUNS = 3;
const GOALS = { checkMs: 5_000, commitMs: 5_000 };
const SERVER_ENV = {
  SEED_DEMO: '1',
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  LOG_LEVEL: 'error',
  // The bench imports its largest file several times a minute: each row counts as a creation.
  SITE_CREATE_PER_MINUTE: '1000000',
  IMPORT_CHECK_ROWS_PER_HOUR: '10000000',
};
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = ['IDX Website', 'IDX Team Website', 'VOW Website'];
const ACTIVE_MEMBERS =
  "SELECT member_mls_id AS n FROM members WHERE NOT reciprocal AND member_status = 'Active' ORDER BY 1";
const round = (v) => Math.round(v * 10) / 10;

async function post(baseUrl, token, path, body) {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) };
}

/** A file of valid rows: new domains, real roster members, every product, some DBAs and start dates. */
function file(run, agents) {
  return Array.from({ length: ROWS }, (_, i) => ({
    row: i + 2,
    domainName: `import${run}-${i}-${(i * 7919) % 10007}.example-homes.com`,
    memberNumber: agents[(i * 13 + run) % agents.length],
    product: PRODUCTS[i % PRODUCTS.length],
    dba: i % 4 === 0 ? `Agent Team ${i}` : '',
    startDate: i % 5 === 0 ? '' : new Date(Date.UTC(2027, 0, 1 + (i % 300))).toISOString().slice(0, 10),
  }));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function run(baseUrl, agents) {
  const token = await login(baseUrl);
  const checks = [];
  const commits = [];
  for (let r = 0; r < RUNS; r++) {
    const rows = file(r, agents);
    const check = await post(baseUrl, token, '/portal/websites/import/check', { rows });
    if (check.body.valid !== ROWS)
      throw new Error(
        `dry run found ${check.body.invalid} bad rows: ${JSON.stringify(check.body.rows.find((x) => !x.ok))}`,
      );
    const commit = await post(baseUrl, token, '/portal/websites/import', { rows, onlyIfAllValid: true });
    if (commit.body.created !== ROWS) throw new Error(`import created ${commit.body.created} of ${ROWS}`);
    checks.push(check.ms);
    commits.push(commit.ms);
  }
  const figure = (xs) => ({
    median: round(median(xs)),
    min: round(Math.min(...xs)),
    max: round(Math.max(...xs)),
  });
  return { check: figure(checks), commit: figure(commits) };
}

async function embedded() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-bench-import-'));
  try {
    const seeded = await startServer({ env: SERVER_ENV, dataDir });
    await seeded.stop();
    const lite = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
    const agents = (await lite.query(ACTIVE_MEMBERS)).rows.map((r) => r.n);
    await lite.close();
    const server = await startServer({ env: SERVER_ENV, dataDir });
    try {
      return await run(server.baseUrl, agents);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgres() {
  const scratch = await scratchDatabase(ADMIN_URL, 'vp_bench_import');
  try {
    const server = await startServer({ env: { ...SERVER_ENV, DATABASE_URL: scratch.url } });
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const agents = (await client.query(ACTIVE_MEMBERS)).rows.map((r) => r.n);
      return await run(server.baseUrl, agents);
    } finally {
      await client.end();
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

buildOrExit();
const results = { embedded: await embedded() };
if (process.env.BENCH_POSTGRES === '1') results.postgres = await postgres();

const lines = [];
const figures = {};
const verdict = (ms, goal) => `goal <= ${goal / 1000} s: ${ms <= goal ? 'met' : 'missed'}`;
for (const [name, r] of Object.entries(results)) {
  lines.push(`${name}: ${ROWS.toLocaleString('en-US')} rows, ${RUNS} runs`);
  for (const [label, f, goal] of [
    ['dry run', r.check, GOALS.checkMs],
    ['import ', r.commit, GOALS.commitMs],
  ])
    lines.push(`  ${label}  median ${f.median} ms (${f.min}–${f.max} ms)  ${verdict(f.max, goal)}`);
  figures[name] = { checkMs: r.check, commitMs: r.commit };
}
report('import', lines, figures);
process.exitCode = Object.values(results).every(
  (r) => r.check.max <= GOALS.checkMs && r.commit.max <= GOALS.commitMs,
)
  ? 0
  : 1;
