// The websites core at the size of the largest vendor on PostgreSQL: 5,000,000 roster members and
// 1,000,000 websites of one vendor, bulk-loaded in SQL (bench/lib/bench-roster.mjs and
// bench/lib/bulk-sites.mjs: through the API this would take days), then through the API:
//  - list pages anywhere in the million (first, middle, last pages), every sort and order, 1 in 4
//    filtered by status: p95 <= 50 ms;
//  - the missing-documents filter the same way (any page, sort and order): p95 <= 50 ms;
//  - list searches at that size (figures only);
//  - the export of all 1,000,000 rows, streamed: its time, and the server's peak resident memory
//    while it runs (sampled from /proc every 50 ms), against its memory before.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale
//   BENCH_SITES=200000 BENCH_MEMBERS=1000000  smaller, for a quick look
// The embedded database is left out: a bulk load of this size into it takes longer than a bench run.
/* global fetch, URLSearchParams */
import { readFileSync } from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';
import { performance } from 'node:perf_hooks';
import { ensureBuilt } from '../scripts/lib/build.mjs';
import { licensableMembers, rng, scratchDatabase, seedRosterPostgres, stats } from './lib/bench-roster.mjs';
import { bulkSitesPostgres, withoutIndexes } from './lib/bulk-sites.mjs';
import { CLIENTS, createWindow } from './lib/create-window.mjs';
import { login, report, startServer, WEBSITE_SORTS as SORTS } from './lib/harness.mjs';

const SITES = Number(process.env.BENCH_SITES) || 1_000_000;
const MEMBERS = Number(process.env.BENCH_MEMBERS) || 5_000_000;
const OFFICES = Math.max(1_000, Math.round(MEMBERS / 50));
const VENDOR = 'SWS';
const PAGE_SIZE = 50;
const LIST_REQUESTS = 320;
const SEARCH_REQUESTS = 20;
const MISSING_REQUESTS = 80;
const WARMUP = 20;
const TARGET_LIST = 50;

const STATUSES = ['Active', 'Pending Activation', 'Pending Termination', 'Inactive'];

async function timed(baseUrl, headers, path) {
  const t0 = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers });
  const body = await response.text();
  const ms = performance.now() - t0;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return { ms, body };
}

/**
 * Pages spread over the whole list: a third near the start, a third near the end, a third anywhere.
 * `extra` adds a filter to every request (the missing-documents filter, with its own totals).
 */
function listRequests(n, totals, seed = 42, extra = {}) {
  const next = rng(seed);
  const pick = (a) => a[Math.floor(next() * a.length)];
  return Array.from({ length: n }, (_, i) => {
    const status = next() < 0.25 ? pick(STATUSES) : '';
    const pages = Math.max(1, Math.ceil((status ? totals[status] : totals.all) / PAGE_SIZE));
    const where = i % 3;
    const page =
      where === 0
        ? 1 + Math.floor(next() * Math.min(40, pages))
        : where === 1
          ? Math.max(1, pages - Math.floor(next() * Math.min(40, pages)))
          : 1 + Math.floor(next() * pages);
    const params = new URLSearchParams({
      page: String(page),
      pageSize: String(PAGE_SIZE),
      sort: pick(SORTS),
      order: next() < 0.5 ? 'asc' : 'desc',
      ...extra,
    });
    if (status) params.set('status', status);
    return {
      kind: where === 2 ? 'anywhere' : where === 0 ? 'start' : 'end',
      depth: page / pages,
      path: `/api/portal/websites?${params}`,
    };
  });
}

function searchRequests(n) {
  const next = rng(5);
  const pick = (a) => a[Math.floor(next() * a.length)];
  return Array.from({ length: n }, () => {
    const search = pick([
      () => `bulk${1 + Math.floor(next() * SITES)}-`,
      () => String(5000001 + Math.floor(next() * MEMBERS)),
      () => pick(['Harrington', 'Walford', 'Kenley', 'Goldstone', 'Montwood']),
    ])();
    const params = new URLSearchParams({ page: '1', pageSize: String(PAGE_SIZE), sort: pick(SORTS), search });
    return { kind: 'search', path: `/api/portal/websites?${params}` };
  });
}

async function measure(baseUrl, headers, requests) {
  for (const r of requests.slice(0, WARMUP)) await timed(baseUrl, headers, r.path);
  const samples = [];
  for (const r of requests) samples.push({ ...r, ms: (await timed(baseUrl, headers, r.path)).ms });
  return samples;
}

const rssOf = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.replace(/\D+/g, '')) * 1024;
};
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The whole export, read as it arrives and counted, never held; the server's RSS sampled meanwhile. */
async function exportAll(server, headers) {
  const before = rssOf(server.pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid));
  }, 50);
  const t0 = performance.now();
  let lines = 0;
  let bytes = 0;
  try {
    const response = await fetch(`${server.baseUrl}/api/portal/websites/export?sort=domainName&order=asc`, {
      headers,
    });
    if (response.status !== 200)
      throw new Error(`export answered ${response.status}: ${await response.text()}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines += 1;
    }
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rssOf(server.pid));
  return { before, peak, seconds: (performance.now() - t0) / 1000, lines, bytes };
}

async function main() {
  const failed = ensureBuilt(['server'], { log: (line) => console.error(line) });
  if (failed.length > 0) throw new Error(`build failed: ${failed.join(', ')}`);
  if (!process.env.DATABASE_URL) throw new Error('bench:scale needs DATABASE_URL (PostgreSQL)');
  const scratch = await scratchDatabase(process.env.DATABASE_URL, 'vp_scale');
  const env = {
    SEED_DEMO: '1',
    SITE_CREATE_PER_MINUTE: '1000000',
    VENDOR_SITE_LIMIT: '10000000',
    DATABASE_URL: scratch.url,
  };
  const log = (line) => console.error(`scale: ${line}`);
  let server = null;
  try {
    server = await startServer({ env });
    const r0 = performance.now();
    // The roster's and the websites' indexes are built once after their load, as a restore would.
    await withoutIndexes(scratch.url, 'members', () => seedRosterPostgres(scratch.url, MEMBERS, OFFICES));
    const rosterS = (performance.now() - r0) / 1000;
    log(`roster of ${MEMBERS} members loaded in ${rosterS.toFixed(0)} s`);
    const load = await withoutIndexes(scratch.url, 'websites', () =>
      bulkSitesPostgres(scratch.url, VENDOR, SITES, 1, log),
    );
    log(`websites loaded in ${load.seconds.toFixed(0)} s (indexes built after)`);
    const headers = { authorization: `Bearer ${await login(server.baseUrl)}` };
    const totalsOf = async (filter) => {
      const totalOf = async (query) =>
        JSON.parse(
          (await timed(server.baseUrl, headers, `/api/portal/websites?pageSize=1${filter}${query}`)).body,
        ).total;
      const out = { all: await totalOf('') };
      for (const s of STATUSES) out[s] = await totalOf(`&status=${encodeURIComponent(s)}`);
      return out;
    };
    const totals = await totalsOf('');
    const list = await measure(server.baseUrl, headers, listRequests(LIST_REQUESTS, totals));
    for (const k of ['start', 'end', 'anywhere'])
      log(`list ${k}: ${JSON.stringify(stats(list.filter((x) => x.kind === k)))}`);
    log(`list filtered: ${JSON.stringify(stats(list.filter((x) => x.path.includes('status='))))}`);
    const exported = await exportAll(server, headers);
    log(`export: ${JSON.stringify(exported)}`);
    // Creates at this size, as bench:creates measures them at 1,000 and 50,000.
    const members = licensableMembers(200_000, OFFICES);
    const next = rng(17);
    await createWindow(server.baseUrl, headers, members, 100, next);
    const windows = [];
    for (let r = 0; r < 3; r++) windows.push(await createWindow(server.baseUrl, headers, members, 500, next));
    const rates = windows.map((w) => 500 / w.seconds).sort((a, b) => a - b);
    const createLatency = stats(windows.flatMap((w) => w.samples));
    log(`creates/s: ${rates.map((x) => x.toFixed(0)).join(', ')}`);
    const search = await measure(server.baseUrl, headers, searchRequests(SEARCH_REQUESTS));
    // The missing-documents filter as the list is read: any page, sort and order, with a status or not.
    const missingTotals = await totalsOf('&missing=documents');
    const missing = await measure(
      server.baseUrl,
      headers,
      listRequests(MISSING_REQUESTS, missingTotals, 7, { missing: 'documents' }),
    );
    log(`search: ${JSON.stringify(stats(search))}; missing documents: ${JSON.stringify(stats(missing))}`);
    const all = stats(list);
    const bySort = Object.fromEntries(
      SORTS.map((s) => [s, stats(list.filter((x) => x.path.includes(`sort=${s}&`)))]),
    );
    const byPlace = Object.fromEntries(
      ['start', 'end', 'anywhere'].map((k) => [k, stats(list.filter((x) => x.kind === k))]),
    );
    const filtered = stats(list.filter((x) => x.path.includes('status=')));
    const fmt = (s) => `p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms (n=${s.n})`;
    const slowest = [...list]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 4)
      .map((x) => `${x.ms.toFixed(0)} ms ${decodeURIComponent(x.path)}`);
    const missingStats = stats(missing);
    const pass = all.p95 <= TARGET_LIST && missingStats.p95 <= TARGET_LIST && exported.lines >= totals.all;
    report(
      'scale-postgres',
      [
        `PostgreSQL; bulk-loaded in SQL: ${MEMBERS} roster members (${rosterS.toFixed(0)} s) and ${SITES} websites of one vendor (${load.seconds.toFixed(0)} s); list total ${totals.all}`,
        `GET /api/portal/websites, pages of ${PAGE_SIZE} anywhere in the list, every sort and order, 1 in 4 filtered by status, ${LIST_REQUESTS} sequential requests:`,
        `  all:       ${fmt(all)}  target p95 <= ${TARGET_LIST} ms: ${all.p95 <= TARGET_LIST ? 'PASS' : 'FAIL'}`,
        ...Object.entries(byPlace).map(([k, s]) => `  ${k.padEnd(10)} ${fmt(s)}`),
        `  filtered:  ${fmt(filtered)}`,
        ...Object.entries(bySort).map(([k, s]) => `  ${k.padEnd(12)} ${fmt(s)}`),
        `  slowest: ${slowest.join('; ')}`,
        `Search at this size, page 1 (${SEARCH_REQUESTS} requests): ${fmt(stats(search))}`,
        `Missing-documents filter (${missingTotals.all} sites match), pages anywhere, every sort and order, 1 in 4 with a status, ${MISSING_REQUESTS} requests: ${fmt(missingStats)}  target p95 <= ${TARGET_LIST} ms: ${missingStats.p95 <= TARGET_LIST ? 'PASS' : 'FAIL'}`,
        `POST /api/portal/websites at ${totals.all} sites, ${CLIENTS} clients, 3 windows of 500: creates/s median ${rates[1].toFixed(0)} (windows ${rates.map((x) => x.toFixed(0)).join(', ')}); per create p50 ${createLatency.p50} ms, p95 ${createLatency.p95} ms`,
        `Export of the whole list (NDJSON, streamed): ${exported.lines} lines, ${mb(exported.bytes)} in ${exported.seconds.toFixed(1)} s; server RSS ${mb(exported.before)} before, peak ${mb(exported.peak)} during`,
      ],
      {
        sites: SITES,
        members: MEMBERS,
        list: all,
        bySort,
        byPlace,
        filtered,
        search: stats(search),
        missing: missingStats,
        export: exported,
        creates: rates,
        createLatency,
      },
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    if (server) await server.stop();
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
