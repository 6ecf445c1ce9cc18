// `npm run bench:roster`: the roster keeping itself current from a RESO Web API.
//   A RESO-shaped server started here serves 10,000 offices and 200,000 members in OData pages
//   (@odata.nextLink, $filter on ModificationTimestamp), behind a bearer token.
//   1. Full sync: the portal's roster.sync job (started with Run now, as staff would) pulls them all.
//   2. 300 websites are created through the API for agents of that roster.
//   3. A day's change set, 1 % of the members (2,000: a third leave, a third move office, a third
//      change their names), among them agents of those websites; the incremental sync pulls it and
//      flags the sites whose agents left.
// Goals (issue figures): full sync <= 60 s, incremental sync <= 5 s, with the flags raised.
// Runs on the embedded database; with BENCH_POSTGRES=1 on PostgreSQL too.
/* global fetch */
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { scratchDatabase } from './lib/bench-roster.mjs';
import { buildOrExit, freePort, login, report, startServer } from './lib/harness.mjs';

const MEMBERS = 200_000;
const OFFICES = 10_000;
const CHANGED = MEMBERS / 100;
const SITES = 300;
const PAGE = 1_000;
const TOKEN = 'bench-roster-token';
const GOALS = { fullSyncS: 60, incrementalS: 5 };
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const round = (v) => Math.round(v * 10) / 10;

function makeRoster() {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const offices = Array.from({ length: OFFICES }, (_, i) => ({
    OfficeKey: `RO${i}`,
    OfficeMlsId: `ROM${i}`,
    OfficeName: `Bench Realty ${i}`,
    OfficeBrokerMlsId: `R${9_000_000 + i}`,
    OfficeAOR: 'Bench',
    ModificationTimestamp: new Date(base + i).toISOString(),
  }));
  const members = Array.from({ length: MEMBERS }, (_, i) => ({
    MemberKey: `RK${i}`,
    MemberMlsId: `R${9_000_000 + i}`,
    MemberFirstName: ['Ava', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay'][i % 6],
    MemberLastName: `Agent${i}`,
    MemberStateLicense: `L${i}`,
    MemberStatus: 'Active',
    MemberAOR: 'Bench',
    MemberEmail: `agent${i}@bench.test`,
    OfficeKey: `RO${i % OFFICES}`,
    ModificationTimestamp: new Date(base + OFFICES + i).toISOString(),
  }));
  return { offices, members };
}

/** The RESO server: records sorted by timestamp, paged with $top and $skip. */
async function startReso(roster) {
  const port = await freePort();
  const sorted = { Office: [], Member: [] };
  const resort = () => {
    for (const [name, list] of [
      ['Office', roster.offices],
      ['Member', roster.members],
    ])
      sorted[name] = [...list].sort((a, b) => a.ModificationTimestamp.localeCompare(b.ModificationTimestamp));
  };
  resort();
  const server = createServer((req, res) => {
    const url = new URL(req.url, `http://${req.headers.host}`);
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401).end();
      return;
    }
    const list = sorted[url.pathname.slice(1)];
    if (!list) {
      res.writeHead(404).end();
      return;
    }
    const since = /ModificationTimestamp gt (\S+)/.exec(url.searchParams.get('$filter') ?? '')?.[1];
    const from = since ? list.findIndex((r) => r.ModificationTimestamp > new Date(since).toISOString()) : 0;
    const all = from < 0 ? [] : list.slice(from);
    const top = Math.min(PAGE, Number(url.searchParams.get('$top') ?? PAGE));
    const skip = Number(url.searchParams.get('$skip') ?? 0);
    const next = new URL(url);
    next.searchParams.set('$skip', String(skip + top));
    const body = { value: all.slice(skip, skip + top) };
    if (skip + top < all.length) body['@odata.nextLink'] = next.toString();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, resort, close: () => new Promise((r) => server.close(r)) };
}

async function call(baseUrl, token, method, path, body) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** Starts roster.sync with Run now and waits for its run to finish; its recorded duration. */
async function syncOnce(baseUrl, admin) {
  const newest = async () =>
    (await call(baseUrl, admin, 'GET', '/admin/jobs')).find((j) => j.name === 'roster.sync').runs[0] ?? null;
  const before = (await newest())?.startedAt ?? null;
  const t0 = performance.now();
  await call(baseUrl, admin, 'POST', '/admin/jobs/roster.sync/run');
  for (;;) {
    await sleep(200);
    const run = await newest();
    if (run && run.startedAt !== before && run.finishedAt) {
      if (!run.ok) throw new Error(`roster.sync failed: ${run.error}`);
      return { seconds: (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000 };
    }
    if (performance.now() - t0 > 15 * 60_000) throw new Error('roster.sync did not finish in 15 minutes');
  }
}

async function run(extraEnv) {
  const roster = makeRoster();
  const reso = await startReso(roster);
  const server = await startServer({
    env: {
      SEED_DEMO: '1',
      SITE_CREATE_PER_MINUTE: '1000000',
      LOG_LEVEL: 'error',
      ROSTER_URL: reso.url,
      ROSTER_ALLOW_HTTP: '1',
      // The bench's roster server listens on 127.0.0.1.
      OUTBOUND_ALLOW_PRIVATE: '1',
      ROSTER_TOKEN: TOKEN,
      // Only Run now starts it here.
      ROSTER_SYNC_CRON: '0 0 1 1 *',
      ...extraEnv,
    },
  });
  try {
    const [admin, demo] = await Promise.all([
      login(server.baseUrl, 'admin', 'mls-staff-2026'),
      login(server.baseUrl),
    ]);
    const full = await syncOnce(server.baseUrl, admin);

    // Websites for agents of the synced roster, every 7th agent.
    const agentOf = (i) => roster.members[i * 7];
    for (let i = 0; i < SITES; i++)
      await call(server.baseUrl, demo, 'POST', '/portal/websites', {
        domainName: `roster-bench-${i}.example.com`,
        memberNumber: agentOf(i).MemberMlsId,
        products: [1],
      });

    // A day's changes: every 100th member, and the agents of the first 60 websites among them.
    const day = Date.now();
    const changed = new Set(Array.from({ length: CHANGED - 60 }, (_, i) => i * 100 + 1));
    for (let i = 0; i < 60; i++) changed.add(i * 7);
    let n = 0;
    for (const index of changed) {
      const m = roster.members[index];
      const kind = index % 7 === 0 && index / 7 < 60 ? 0 : n % 3;
      if (kind === 0) m.MemberStatus = 'Inactive';
      else if (kind === 1) m.OfficeKey = `RO${(index + 17) % OFFICES}`;
      else m.MemberLastName = `${m.MemberLastName}-Renamed`;
      m.ModificationTimestamp = new Date(day + n).toISOString();
      n++;
    }
    reso.resort();
    const incremental = await syncOnce(server.baseUrl, admin);
    const queue = await call(server.baseUrl, admin, 'GET', '/admin/queue?kind=roster&pageSize=1');
    return {
      full: full.seconds,
      incremental: incremental.seconds,
      changed: changed.size,
      flagged: queue.total,
    };
  } finally {
    await server.stop();
    await reso.close();
  }
}

buildOrExit();
const results = { embedded: await run({}) };
if (process.env.BENCH_POSTGRES === '1') {
  const scratch = await scratchDatabase(ADMIN_URL, 'vp_bench_roster');
  try {
    results.postgres = await run({ DATABASE_URL: scratch.url });
  } finally {
    await scratch.drop();
  }
}

const lines = [];
const figures = {};
for (const [name, r] of Object.entries(results)) {
  const met = (ok) => (ok ? 'met' : 'missed');
  lines.push(
    `${name}: full sync of ${MEMBERS.toLocaleString('en-US')} members and ${OFFICES.toLocaleString('en-US')} offices ` +
      `${round(r.full)} s (goal <= ${GOALS.fullSyncS} s: ${met(r.full <= GOALS.fullSyncS)})`,
    `  incremental sync of ${r.changed.toLocaleString('en-US')} changes ${round(r.incremental)} s ` +
      `(goal <= ${GOALS.incrementalS} s: ${met(r.incremental <= GOALS.incrementalS)}); ${r.flagged} websites flagged for staff`,
  );
  figures[name] = { fullSyncS: round(r.full), incrementalS: round(r.incremental), flagged: r.flagged };
}
report('roster', lines, figures);
process.exitCode = Object.values(figures).every(
  (f) => f.fullSyncS <= GOALS.fullSyncS && f.incrementalS <= GOALS.incrementalS && f.flagged > 0,
)
  ? 0
  : 1;
