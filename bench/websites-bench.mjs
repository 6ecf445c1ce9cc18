// Websites list and agent search latency at depth: a roster of 200,000 members, and 50,000 websites
// created through POST /api/portal/websites as a vendor's staff would (a few clients at once), then
// sequential requests against the built server: list pages 1-40 of 50 rows under every sort, both
// orders, a quarter filtered by status; list searches; agent searches; misspelt names.
//   npm run bench:websites                                   embedded database (PGlite)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:websites
//        the embedded database, then PostgreSQL (a fresh database on that server, dropped after)
//   BENCH_DB=pglite|postgres  only one of them;  BENCH_SITES=5000  fewer websites, for a quick look
/* global fetch, URLSearchParams */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuilt } from '../scripts/lib/build.mjs';
import {
  licensableMembers,
  rng,
  ROSTER_MEMBERS,
  ROSTER_OFFICES,
  scratchDatabase,
  seedRosterEmbedded,
  seedRosterPostgres,
  stats,
} from './lib/bench-roster.mjs';
import { login, report, startServer, WEBSITE_SORTS as SORTS } from './lib/harness.mjs';

const SITES = Number(process.env.BENCH_SITES) || 50_000;
const WRITERS = 6;
const LIST_REQUESTS = 200;
const LIST_SEARCH_REQUESTS = 50;
const AGENT_REQUESTS = 300;
const TYPO_REQUESTS = 100;
const WARMUP = 20;
const TARGETS = { pglite: { list: 25 }, postgres: { list: 15 }, agent: 15, typo: 40 };
// The embedded database's upkeep (analyse, vacuum) runs every 30 s after writes, as a server left
// alone for a moment after a busy period would have had.
const SETTLE_MS = 35_000;

const STATUSES = ['Active', 'Pending Activation', 'Pending Termination', 'Inactive'];
const STEMS = ['harbor', 'summit', 'lakeview', 'cedar', 'pine', 'bay', 'oak', 'river'];

async function timed(baseUrl, headers, path) {
  const t0 = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers });
  const body = await response.text();
  const ms = performance.now() - t0;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return { ms, body };
}

/** The websites, created by WRITERS clients at once; answers the seconds it took. */
async function createSites(baseUrl, headers) {
  const members = licensableMembers();
  const next = rng(3);
  let made = 0;
  const t0 = performance.now();
  async function writer(w) {
    for (let i = w; i < SITES; i += WRITERS) {
      const body = {
        domainName: `bench${i}-${STEMS[i % STEMS.length]}homes.com`,
        memberNumber: members[Math.floor(next() * members.length)],
        startDate: new Date(Date.UTC(2023, 0, 1 + ((i * 11) % 1000))).toISOString().slice(0, 10),
        dba: i % 3 === 0 ? `Team ${i}` : '',
        products: [1 + (i % 3)],
      };
      const response = await fetch(`${baseUrl}/api/portal/websites`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 201)
        throw new Error(`POST ${body.domainName} answered ${response.status}: ${await response.text()}`);
      made += 1;
      if (made % 5000 === 0)
        console.error(`  ${made} websites created, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
  }
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return (performance.now() - t0) / 1000;
}

/** Pages 1-40 of 50 rows, every sort, both orders, a quarter filtered by status. */
function listRequests(n) {
  const next = rng(42);
  const pick = (a) => a[Math.floor(next() * a.length)];
  return Array.from({ length: n }, () => {
    const params = new URLSearchParams({
      page: String(1 + Math.floor(next() * 40)),
      pageSize: '50',
      sort: pick(SORTS),
      order: next() < 0.5 ? 'asc' : 'desc',
    });
    if (next() < 0.25) params.set('status', pick(STATUSES));
    return { kind: 'page', path: `/api/portal/websites?${params}` };
  });
}

/** Free-text searches of the list: a domain, a member number, a last name, an office. */
function listSearchRequests(n) {
  const next = rng(5);
  const pick = (a) => a[Math.floor(next() * a.length)];
  return Array.from({ length: n }, () => {
    const search = pick([
      () => `bench${Math.floor(next() * SITES)}-`,
      () => String(5000001 + Math.floor(next() * ROSTER_MEMBERS)),
      () => pick(['Harrington', 'Walford', 'Kenley', 'Goldstone', 'Montwood']),
      () => `Realty ${1 + Math.floor(next() * ROSTER_OFFICES)}`,
    ])();
    const params = new URLSearchParams({ page: '1', pageSize: '50', sort: pick(SORTS), search });
    return { kind: 'search', path: `/api/portal/websites?${params}` };
  });
}

/** Agent searches as users type them: member and license numbers, their prefixes, name prefixes. */
function agentRequests(n) {
  const next = rng(7);
  const pick = (a) => a[Math.floor(next() * a.length)];
  const member = () => 5000001 + Math.floor(next() * ROSTER_MEMBERS);
  return Array.from({ length: n }, () => {
    const kind = pick(['memberNumber', 'license', 'lastNamePrefix', 'fullNamePrefix', 'numberPrefix']);
    const q = {
      memberNumber: () => String(member()),
      license: () => `SL${7000000 + Math.floor(next() * ROSTER_MEMBERS) + 1}`,
      lastNamePrefix: () =>
        pick(['Har', 'Harri', 'Walw', 'Kenl', 'Goldst', 'Thornwo', 'Ash', 'Fitzb', 'Montr', 'Lockh']),
      fullNamePrefix: () =>
        `${pick(['James', 'Mary', 'Omar', 'Priya', 'Wei'])} ${pick(['H', 'Ke', 'Loc', 'Ver', 'Gold'])}`,
      numberPrefix: () => String(member()).slice(0, 5),
    }[kind]();
    const path = next() < 0.85 ? 'searchagent' : 'searchrecipagent';
    return { kind, path: `/api/${path}/${encodeURIComponent(q)}` };
  });
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
    'Mary Goldston',
  ];
  return Array.from({ length: n }, () => ({
    kind: 'typo',
    path: `/api/searchagent/${encodeURIComponent(typos[Math.floor(next() * typos.length)])}`,
  }));
}

/** The slowest requests of a run, to show where a tail comes from. */
function slowest(samples, n = 5) {
  return [...samples]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((x) => `${x.ms.toFixed(1)} ms ${decodeURIComponent(x.path.replace(/^\/api/, ''))}`);
}

async function measure(baseUrl, headers, requests) {
  for (const r of requests.slice(0, WARMUP)) await timed(baseUrl, headers, r.path);
  const samples = [];
  for (const r of requests) samples.push({ ...r, ms: (await timed(baseUrl, headers, r.path)).ms });
  return samples;
}

/** One database: a server on it, the roster, the websites through the API, then the figures. */
async function benchOne(kind) {
  const t0 = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-bench-websites-'));
  const scratch = kind === 'postgres' ? await scratchDatabase(process.env.DATABASE_URL) : null;
  // The bench writes 50,000 sites as fast as the API takes them, beyond a vendor's usual creation rate.
  const base = { SEED_DEMO: '1', SITE_CREATE_PER_MINUTE: '1000000' };
  const env = scratch ? { ...base, DATABASE_URL: scratch.url } : base;
  let server = null;
  try {
    server = await startServer({ env, dataDir });
    const r0 = performance.now();
    if (scratch) {
      await seedRosterPostgres(scratch.url);
    } else {
      // The embedded database has one owner at a time: stop the server, load, start it again.
      await server.stop();
      server = null;
      await seedRosterEmbedded(dataDir);
      server = await startServer({ env, dataDir });
    }
    const rosterS = (performance.now() - r0) / 1000;
    const headers = { authorization: `Bearer ${await login(server.baseUrl)}` };
    console.error(`${kind}: roster loaded in ${rosterS.toFixed(1)} s; creating ${SITES} websites`);
    const createS = await createSites(server.baseUrl, headers);
    if (!scratch) await sleep(SETTLE_MS);
    const check = JSON.parse((await timed(server.baseUrl, headers, '/api/portal/websites?pageSize=1')).body);
    const list = await measure(server.baseUrl, headers, listRequests(LIST_REQUESTS));
    const listSearch = await measure(server.baseUrl, headers, listSearchRequests(LIST_SEARCH_REQUESTS));
    const agents = await measure(server.baseUrl, headers, agentRequests(AGENT_REQUESTS));
    const typos = await measure(server.baseUrl, headers, typoRequests(TYPO_REQUESTS));
    return {
      kind,
      total: check.total,
      rosterS,
      createS,
      list,
      listSearch,
      agents,
      typos,
      runS: (performance.now() - t0) / 1000,
    };
  } finally {
    if (server) await server.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (s) => `p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms, max ${s.max} ms (n=${s.n})`;
const verdict = (s, target) => `target p95 <= ${target} ms: ${s.p95 <= target ? 'PASS' : 'FAIL'}`;

async function main() {
  const failed = ensureBuilt(['server'], { log: (line) => console.error(line) });
  if (failed.length > 0) throw new Error(`build failed: ${failed.join(', ')}`);
  const only = process.env.BENCH_DB;
  const kinds = [];
  if (only !== 'postgres') kinds.push('pglite');
  if (process.env.DATABASE_URL && only !== 'pglite') kinds.push('postgres');
  if (kinds.length === 0) throw new Error('BENCH_DB=postgres needs DATABASE_URL');
  const figures = {};
  let pass = true;
  for (const kind of kinds) {
    const r = await benchOne(kind);
    const list = stats(r.list);
    const listSearch = stats(r.listSearch);
    const agent = stats(r.agents);
    const typo = stats(r.typos);
    const byKind = Object.fromEntries(
      [...new Set(r.agents.map((s) => s.kind))].map((k) => [k, stats(r.agents.filter((s) => s.kind === k))]),
    );
    const listTarget = TARGETS[kind].list;
    pass &&= list.p95 <= listTarget && agent.p95 <= TARGETS.agent && typo.p95 <= TARGETS.typo;
    figures[kind] = { list, listSearch, agent, agentByKind: byKind, typo, createS: r.createS };
    report(
      `websites-${kind}`,
      [
        `database: ${kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}; ${ROSTER_MEMBERS} bench members + demo roster; ${SITES} websites created through the API by ${WRITERS} clients in ${r.createS.toFixed(0)} s (${(SITES / r.createS).toFixed(0)}/s); list total ${r.total}`,
        `GET /api/portal/websites, pages 1-40 of 50, every sort and order, 1 in 4 filtered by status, ${LIST_REQUESTS} sequential requests:`,
        `  ${fmt(list)}  ${verdict(list, listTarget)}`,
        `  slowest: ${slowest(r.list).join('; ')}`,
        `GET /api/portal/websites?search=..., page 1 (${LIST_SEARCH_REQUESTS} requests): ${fmt(listSearch)}`,
        `  slowest: ${slowest(r.listSearch, 3).join('; ')}`,
        `Agent search (numbers, their prefixes, name prefixes), ${AGENT_REQUESTS} requests: ${fmt(agent)}  ${verdict(agent, TARGETS.agent)}`,
        ...Object.entries(byKind).map(([k, s]) => `  ${k.padEnd(14)} ${fmt(s)}`),
        `Misspelt names (trigram similarity), ${TYPO_REQUESTS} requests: ${fmt(typo)}  ${verdict(typo, TARGETS.typo)}`,
        `  slowest: ${slowest(r.typos, 3).join('; ')}`,
        `run ${r.runS.toFixed(0)} s (roster ${r.rosterS.toFixed(0)} s)`,
      ],
      { database: kind, ...figures[kind] },
    );
  }
  process.exitCode = pass ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
