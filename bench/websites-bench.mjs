// Websites list and agent search latency at scale: 200,000 roster members and 50,000 websites of
// one vendor (Summit Web Solutions), seeded with generate_series into a fresh database beside the
// demo data, then measured against the built server with sequential requests.
//   npm run bench:websites                 embedded database (PGlite) in a temporary directory
//   DATABASE_URL=postgres://... npm run bench:websites   a fresh database on that server
/* global fetch, URLSearchParams */
import crypto from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { ensureBuilt } from '../scripts/lib/build.mjs';
import { login, report, startServer } from './lib/harness.mjs';

const MEMBERS = 200_000;
const OFFICES = 10_000;
const SITES = 50_000;
const LIST_REQUESTS = 500;
const SEARCH_REQUESTS = 500;
const TYPO_REQUESTS = 100;
const WARMUP = 30;
const LIST_P95_MS = 25;
const SEARCH_P95_MS = 15;

const SEED_SQL = `
CREATE TEMP TABLE bench_names AS SELECT
  ARRAY['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William',
    'Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen','Christopher','Lisa','Daniel',
    'Nancy','Matthew','Betty','Anthony','Sandra','Mark','Margaret','Donald','Ashley','Steven','Kimberly','Andrew',
    'Emily','Paul','Donna','Joshua','Michelle','Kevin','Amanda','Brian','Melissa','George','Deborah','Luis','Maria',
    'Carlos','Sofia','Miguel','Camila','Wei','Mei','Raj','Priya','Olga','Ivan','Fatima','Omar'] AS first,
  ARRAY['Har','Wal','Ben','Cal','Dun','Eld','Fair','Gar','Hol','Ken','Lan','Mar','Nor','Oak','Pen','Ram','Sal',
    'Thorn','Ver','Win','Ash','Brad','Craw','Dal','Fitz','Gold','Hath','Kirk','Lock','Mont'] AS stem,
  ARRAY['rington','ford','ley','ton','wood','well','field','man','son','sby','worth','hill','brook','ridge',
    'more','wick','by','den','gate','stone'] AS tail,
  ARRAY['', 'e', 's', 'er', 'en', 'i', 'a', 'o'] AS suffix,
  ARRAY['Harbor','Bayside','Coastal','Summit','Lakeview','Riverbend','Oak Park','Cedar Hill','Pinecrest','Seaside',
    'Westfield','Northgate','Sunset','Brookside','Highland'] AS place,
  ARRAY['Realty','Properties','Real Estate','Realty Group','Homes','Realtors','Premier Realty','Property Group'] AS kind;

INSERT INTO offices (office_key, office_mls_id, office_name, office_broker_mls_id, office_aor)
SELECT 'BO' || i, 'BOM' || i,
  n.place[1 + (i * 7) % array_length(n.place, 1)] || ' ' || n.kind[1 + (i * 13) % array_length(n.kind, 1)] || ' ' || i,
  (5000000 + i)::text, 'Bench Association of REALTORS'
FROM generate_series(1, ${OFFICES}) AS i, bench_names n;

INSERT INTO members (member_key, member_mls_id, member_first_name, member_last_name, member_state_license,
  member_status, member_aor, member_email, office_key, office_mls_id, reciprocal)
SELECT 'BK' || i, (5000000 + i)::text,
  n.first[1 + i % 60],
  n.stem[1 + (i / 60) % 30] || n.tail[1 + (i / 1800) % 20] || n.suffix[1 + (i / 36000) % 8],
  'SL' || (7000000 + i),
  CASE WHEN i % 20 = 3 THEN 'Terminated' WHEN i % 50 = 7 THEN 'Suspended' WHEN i % 97 = 5 THEN 'Q Suspended' ELSE 'Active' END,
  CASE WHEN i > ${OFFICES} AND i % 11 = 0 THEN 'Bench Reciprocal Board' ELSE 'Bench Association of REALTORS' END,
  'agent' || i || '@bench.example',
  'BO' || (1 + (i - 1) % ${OFFICES}), 'BOM' || (1 + (i - 1) % ${OFFICES}),
  i > ${OFFICES} AND i % 11 = 0
FROM generate_series(1, ${MEMBERS}) AS i, bench_names n;

INSERT INTO websites (vendor_id, domain_name, status, member_number, reciprocal, start_date, term_date, dba, products)
SELECT v.id,
  'bench' || i || '-' || lower(n.stem[1 + (i * 31) % array_length(n.stem, 1)]) || 'homes.com',
  (ARRAY['Active','Pending Activation','Pending Termination','Inactive'])[1 + (i * 37) % 4],
  (5000000 + 1 + ((i * 7) % ${MEMBERS}))::text, false,
  DATE '2023-01-01' + (i * 11) % 1000,
  CASE WHEN (i * 37) % 4 IN (2, 3) THEN DATE '2026-01-01' + (i * 3) % 300 END,
  CASE WHEN i % 3 = 0 THEN 'Team ' || i ELSE '' END,
  ARRAY[1 + i % 3]
FROM generate_series(1, ${SITES}) AS i, bench_names n, vendors v WHERE v.code = 'SWS';

UPDATE websites SET reciprocal = true WHERE member_number IN (SELECT member_mls_id FROM members WHERE reciprocal);
DROP TABLE bench_names;
`;

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seedEmbedded(dataDir) {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    await db.exec(SEED_SQL);
    await db.exec('VACUUM ANALYZE');
  } finally {
    await db.close();
  }
}

async function seedPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(SEED_SQL);
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function stats(samples) {
  const s = samples.map((x) => x.ms).sort((a, b) => a - b);
  const r = (v) => Math.round(v * 100) / 100;
  return {
    n: s.length,
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    max: r(s[s.length - 1]),
  };
}

async function timed(baseUrl, headers, path) {
  const t0 = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers });
  const body = await response.text();
  const ms = performance.now() - t0;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return { ms, body };
}

const SORTS = [
  'domainName',
  'status',
  'licensee',
  'mlsStatus',
  'office',
  'memberNumber',
  'startDate',
  'termDate',
];
const STATUSES = ['Active', 'Pending Activation', 'Pending Termination', 'Inactive'];

function listRequests(n) {
  const next = rng(42);
  const pick = (a) => a[Math.floor(next() * a.length)];
  const out = [];
  for (let i = 0; i < n; i++) {
    const params = new URLSearchParams({
      pageSize: '50',
      sort: pick(SORTS),
      order: next() < 0.5 ? 'asc' : 'desc',
    });
    const status = next() < 0.85 ? pick(STATUSES) : null;
    if (status) params.set('status', status);
    const deep = next() < 0.25;
    params.set(
      'page',
      String(deep ? 1 + Math.floor(next() * (status ? 250 : 1000)) : 1 + Math.floor(next() * 5)),
    );
    let kind = 'page';
    if (next() < 0.2) {
      kind = 'search';
      const term = pick([
        () => `bench${1 + Math.floor(next() * SITES)}-`,
        () => String(5000001 + Math.floor(next() * MEMBERS)),
        () => pick(['Harrington', 'Walford', 'Kenley', 'Goldstone', 'Montwood']),
        () => `Realty ${1 + Math.floor(next() * OFFICES)}`,
      ])();
      params.set('search', term);
      params.set('page', '1');
    }
    out.push({ kind, path: `/api/portal/websites?${params}` });
  }
  return out;
}

/** Agent searches as users type them: member and license numbers, their prefixes, name prefixes. */
function searchRequests(n) {
  const next = rng(7);
  const pick = (a) => a[Math.floor(next() * a.length)];
  const member = () => 5000001 + Math.floor(next() * MEMBERS);
  const out = [];
  for (let i = 0; i < n; i++) {
    const kind = pick(['memberNumber', 'license', 'lastNamePrefix', 'fullNamePrefix', 'numberPrefix']);
    const q = {
      memberNumber: () => String(member()),
      license: () => `SL${7000000 + Math.floor(next() * MEMBERS) + 1}`,
      lastNamePrefix: () =>
        pick(['Har', 'Harri', 'Walw', 'Kenl', 'Goldst', 'Thornwo', 'Ash', 'Fitzb', 'Montr', 'Lockh']),
      fullNamePrefix: () =>
        `${pick(['James', 'Mary', 'Omar', 'Priya', 'Wei'])} ${pick(['H', 'Ke', 'Loc', 'Ver', 'Gold'])}`,
      numberPrefix: () => String(member()).slice(0, 5),
    }[kind]();
    out.push({
      kind,
      path: `/api/${next() < 0.85 ? 'searchagent' : 'searchrecipagent'}/${encodeURIComponent(q)}`,
    });
  }
  return out;
}

/** Misspelt names: nothing matches by number or prefix, so the trigram branch runs. */
function typoRequests(n) {
  const next = rng(11);
  const typos = [
    'Harington',
    'Walfrod',
    'Kenly',
    'Goldston',
    'Montwod',
    'Thornrige',
    'Ashfeild',
    'James Harington',
  ];
  return Array.from({ length: n }, () => ({
    kind: 'typo',
    path: `/api/searchagent/${encodeURIComponent(typos[Math.floor(next() * typos.length)])}`,
  }));
}

/** The three slowest requests of a run, to show where a tail comes from. */
function slowest(samples) {
  return [...samples]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((x) => `${x.ms.toFixed(1)} ms ${decodeURIComponent(x.path.replace(/^\/api/, ''))}`)
    .join('; ');
}

async function measure(baseUrl, headers, requests) {
  for (const r of requests.slice(0, WARMUP)) await timed(baseUrl, headers, r.path);
  const samples = [];
  for (const r of requests)
    samples.push({ kind: r.kind, path: r.path, ms: (await timed(baseUrl, headers, r.path)).ms });
  return samples;
}

async function main() {
  const failed = ensureBuilt(['server'], { log: (line) => console.error(line) });
  if (failed.length > 0) throw new Error(`build failed: ${failed.join(', ')}`);
  const adminUrl = process.env.DATABASE_URL || '';
  let dbUrl = null;
  let dropDb = async () => undefined;
  if (adminUrl) {
    const name = `vp_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const env = dbUrl ? { DATABASE_URL: dbUrl, SEED_DEMO: '1' } : { SEED_DEMO: '1' };
  const t0 = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-bench-websites-'));
  let server = await startServer({ env, dataDir });
  let seedMs;
  try {
    if (dbUrl) {
      const s0 = performance.now();
      await seedPostgres(dbUrl);
      seedMs = performance.now() - s0;
    } else {
      // The embedded database has one owner at a time: stop the server, seed, start it again.
      const keep = server;
      server = null;
      await keep.stop().catch(() => undefined);
      const s0 = performance.now();
      await seedEmbedded(dataDir);
      seedMs = performance.now() - s0;
      server = await startServer({ env, dataDir });
    }
    const token = await login(server.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const check = JSON.parse((await timed(server.baseUrl, headers, '/api/portal/websites?pageSize=1')).body);
    const lists = await measure(server.baseUrl, headers, listRequests(LIST_REQUESTS));
    const searches = await measure(server.baseUrl, headers, searchRequests(SEARCH_REQUESTS));
    const typos = stats(await measure(server.baseUrl, headers, typoRequests(TYPO_REQUESTS)));
    const list = stats(lists);
    const listPages = stats(lists.filter((s) => s.kind === 'page'));
    const listSearch = stats(lists.filter((s) => s.kind === 'search'));
    const agent = stats(searches);
    const byKind = Object.fromEntries(
      [...new Set(searches.map((s) => s.kind))].map((k) => [k, stats(searches.filter((s) => s.kind === k))]),
    );
    const listPass = list.p95 <= LIST_P95_MS;
    const agentPass = agent.p95 <= SEARCH_P95_MS;
    const fmt = (s) => `p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms, max ${s.max} ms (n=${s.n})`;
    report(
      'websites',
      [
        `database: ${dbUrl ? 'PostgreSQL' : 'embedded PGlite'}; ${MEMBERS} bench members + demo roster, ${SITES} bench websites for one vendor (list total ${check.total}); seeded in ${(seedMs / 1000).toFixed(1)} s`,
        `GET /api/portal/websites, page of 50, status filter + sort (+20% free-text search), ${LIST_REQUESTS} sequential requests:`,
        `  all:         ${fmt(list)}  target p95 <= ${LIST_P95_MS} ms: ${listPass ? 'PASS' : 'FAIL'}`,
        `  no search:   ${fmt(listPages)}`,
        `  with search: ${fmt(listSearch)}`,
        `  slowest:     ${slowest(lists)}`,
        `Agent search (/api/searchagent, /api/searchrecipagent): member and license numbers, their prefixes, name prefixes, ${SEARCH_REQUESTS} sequential requests:`,
        `  all:         ${fmt(agent)}  target p95 <= ${SEARCH_P95_MS} ms: ${agentPass ? 'PASS' : 'FAIL'}`,
        ...Object.entries(byKind).map(([k, s]) => `  ${k.padEnd(14)} ${fmt(s)}`),
        `Misspelt names (trigram similarity, no target), ${TYPO_REQUESTS} requests: ${fmt(typos)}`,
        `total run ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      ],
      {
        database: dbUrl ? 'postgres' : 'pglite',
        list,
        listPages,
        listSearch,
        agent,
        agentByKind: byKind,
        listPass,
        agentPass,
      },
    );
    process.exitCode = listPass && agentPass ? 0 : 1;
  } finally {
    if (server) await server.stop();
    await dropDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
