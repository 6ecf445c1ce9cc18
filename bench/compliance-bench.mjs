// `npm run bench:compliance`: the daily compliance checks at the size of a large MLS. The demo data
// is seeded, then licensed websites are bulk-loaded for the demo vendor until 10,000 are due a check
// (BENCH_SITES changes it), and local HTTPS servers stand in for every one of them (a home page,
// sitemap.xml and listing pages made to pass the demo's rule set; one site in ten breaks one rule).
// The built server reaches them through OUTBOUND_RESOLVE and trusts their certificate authority
// through OUTBOUND_CA. MLS staff then run the check job (compliance.check-sites) with Run now, one
// run after another, until every site has been checked: each run takes its share of the day's sites
// as the schedule would, so the runs together are a whole day's checks. Meanwhile another vendor's
// staff page through their own websites list from three clients, and the server's memory is sampled.
// Prints, per database: sites checked, wall time, sites checked per minute, findings opened, peak
// server memory, the other tenant's page p50/p95 (target p95 <= 50 ms) and the machine's load.
// On the embedded database, then on a scratch PostgreSQL database (DATABASE_URL's server, else
// postgres://postgres@127.0.0.1:5432/); BENCH_DB=embedded or BENCH_DB=postgres runs one of them.
/* global fetch */
import { Buffer } from 'node:buffer';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { scratchDatabase } from './lib/bench-roster.mjs';
import {
  DUE_SITES_SQL,
  licensedSitesSql,
  startComplianceSites,
  withDatabase,
} from './lib/compliance-sites.mjs';
import { buildOrExit, login, report, startServer, WEBSITE_SORTS } from './lib/harness.mjs';

const SITES = Number(process.env.BENCH_SITES) || 10_000;
const VENDOR = 'SWS';
const JOB = 'compliance.check-sites';
const PAGE_GOAL_MS = 50;
const PAGE_SIZE = 50;
/** The other tenant's staff: clients paging at once, and the sessions they take turns with. */
const BROWSERS = 3;
const SESSIONS = 9;
/** A person's pace, within each session's request budget (a list page costs five of twenty a second). */
const BROWSE_PAUSE_MS = 100;
const IDLE_MS = 5_000;
const POLL_MS = 100;
const CHECKS_LIMIT_MS = 90 * 60_000;
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const n = (v) => Math.round(v).toLocaleString('en-US');
const one = (v) => (Math.round(v * 10) / 10).toFixed(1);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The server's resident memory now and its peak so far (MB), from /proc. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

async function call(baseUrl, token, method, path) {
  for (;;) {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    if (res.status === 429) {
      await sleep(1000 * Number(res.headers.get('retry-after') ?? 1));
      continue;
    }
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  }
}

// The other tenant is another client: it connects from another address of this machine.
const otherClient = new http.Agent({ keepAlive: true, localAddress: '127.0.0.2' });

function timedAsOther(url, token) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent: otherClient, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        const parts = [];
        res.on('data', (c) => parts.push(c));
        res.once('end', () =>
          resolve({
            ms: performance.now() - t0,
            status: res.statusCode,
            body: Buffer.concat(parts).toString(),
          }),
        );
      },
    );
    req.once('error', reject);
  });
}

/**
 * The other tenant's staff paging through their websites list as the page asks for it (every page
 * in turn, each client in its own sort), until `done()`; the time of each answer.
 */
async function browse(baseUrl, sessions, done) {
  let turn = 0;
  const session = () => sessions[turn++ % sessions.length];
  const first = await timedAsOther(`${baseUrl}/api/portal/websites?page=1&pageSize=${PAGE_SIZE}`, session());
  if (first.status !== 200) throw new Error(`other tenant's list answered ${first.status}`);
  const pages = Math.max(1, Math.ceil(JSON.parse(first.body).total / PAGE_SIZE));
  const samples = [];
  let refused = 0;
  const client = async (c) => {
    const sort = WEBSITE_SORTS[c % WEBSITE_SORTS.length];
    for (let i = 0; !done(); i++) {
      const page = 1 + (i % pages);
      const order = Math.floor(i / pages) % 2 === 0 ? 'asc' : 'desc';
      const r = await timedAsOther(
        `${baseUrl}/api/portal/websites?page=${page}&pageSize=${PAGE_SIZE}&sort=${sort}&order=${order}`,
        session(),
      );
      if (r.status === 429) refused++;
      else if (r.status !== 200)
        throw new Error(`other tenant's page answered ${r.status}: ${r.body.slice(0, 200)}`);
      else samples.push(r.ms);
      await sleep(BROWSE_PAUSE_MS);
    }
  };
  await Promise.all(Array.from({ length: BROWSERS }, (_, c) => client(c)));
  return { samples, refused, pages };
}

const SUMMARY =
  /^Checked ([\d,]+) websites?: ([\d,]+) passed, ([\d,]+) failed, ([\d,]+) could not be read; ([\d,]+) findings? opened\.$/;

/** The check job's newest run, as the console's Jobs screen shows it. */
async function newestRun(baseUrl, admin) {
  const jobs = await call(baseUrl, admin, 'GET', '/admin/jobs');
  const job = jobs.find((j) => j.name === JOB);
  if (!job) throw new Error(`the server has no job ${JOB}`);
  return job.runs[0] ?? null;
}

/** Runs the check job with Run now, one run after the other, until `due` sites were checked. */
async function checkAll(baseUrl, admin, due) {
  const totals = { checked: 0, passed: 0, failed: 0, unknown: 0, opened: 0, runs: 0, inRunMs: 0 };
  let firstStart = null;
  let lastFinish = null;
  const t0 = performance.now();
  while (totals.checked < due) {
    const before = (await newestRun(baseUrl, admin))?.startedAt ?? null;
    await call(baseUrl, admin, 'POST', `/admin/jobs/${JOB}/run`);
    let run;
    for (;;) {
      await sleep(POLL_MS);
      run = await newestRun(baseUrl, admin);
      if (run && run.startedAt !== before && run.finishedAt) break;
      if (performance.now() - t0 > CHECKS_LIMIT_MS)
        throw new Error(`the checks did not finish in ${CHECKS_LIMIT_MS / 60_000} minutes`);
    }
    if (!run.ok) throw new Error(`${JOB} failed: ${run.error}`);
    if (!run.summary || /^No website was due/.test(run.summary)) break;
    const counts = SUMMARY.exec(run.summary);
    if (!counts) throw new Error(`${JOB} answered a summary this bench does not read: ${run.summary}`);
    const [checked, passed, failed, unknown, opened] = counts
      .slice(1)
      .map((v) => Number(v.replace(/,/g, '')));
    if (checked === 0) break;
    Object.assign(totals, {
      checked: totals.checked + checked,
      passed: totals.passed + passed,
      failed: totals.failed + failed,
      unknown: totals.unknown + unknown,
      opened: totals.opened + opened,
      runs: totals.runs + 1,
      inRunMs: totals.inRunMs + (Date.parse(run.finishedAt) - Date.parse(run.startedAt)),
    });
    firstStart ??= Date.parse(run.startedAt);
    lastFinish = Date.parse(run.finishedAt);
  }
  return { ...totals, wallMs: lastFinish - firstStart };
}

/** One database: seed, load the sites, serve them, check them all while the other tenant browses. */
async function run(kind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-bench-compliance-'));
  const scratch = kind === 'postgres' ? await scratchDatabase(ADMIN_URL, 'bench_compliance') : null;
  const dbEnv = scratch ? { DATABASE_URL: scratch.url } : {};
  const where = { dataDir, url: scratch?.url };
  const closers = [];
  try {
    const seeded = await startServer({ env: { SEED_DEMO: '1', COMPLIANCE_DAILY: '0', ...dbEnv }, dataDir });
    await seeded.stop();
    const seedStart = performance.now();
    const { sites, added } = await withDatabase(where, async (db) => {
      const already = (await db.query(DUE_SITES_SQL)).length;
      const add = Math.max(0, SITES - already);
      await db.exec(licensedSitesSql(VENDOR, add));
      for (const table of ['websites', 'licences']) await db.exec(`VACUUM ANALYZE ${table}`);
      return { sites: await db.query(DUE_SITES_SQL), added: add };
    });
    const seedS = (performance.now() - seedStart) / 1000;
    const served = await startComplianceSites(sites);
    closers.push(() => served.close());
    const server = await startServer({
      dataDir,
      env: {
        SEED_DEMO: scratch ? '0' : '1',
        // Only Run now starts the checks here.
        COMPLIANCE_DAILY: '0',
        LOG_LEVEL: 'error',
        ...served.env,
        ...dbEnv,
      },
      quiet: !process.env.BENCH_VERBOSE,
    });
    closers.unshift(() => server.stop());
    const admin = await login(server.baseUrl, 'admin', 'mls-staff-2026');
    const sessions = [];
    for (let i = 0; i < SESSIONS; i++)
      sessions.push(await login(server.baseUrl, 'other', 'harbor-lights-2026'));

    const loadBefore = loadavg()[0];
    const idleUntil = performance.now() + IDLE_MS;
    const idle = await browse(server.baseUrl, sessions, () => performance.now() > idleUntil);

    const memoryBefore = memoryOf(server.pid);
    let rssMax = memoryBefore.rss;
    const sampler = setInterval(() => {
      try {
        rssMax = Math.max(rssMax, memoryOf(server.pid).rss);
      } catch {
        // the server is gone; the run reports why
      }
    }, 100);
    const checksFrom = new Date().toISOString();
    let checking = true;
    // Its failure is reported once the checks are over, so that the servers are still stopped.
    const during = browse(server.baseUrl, sessions, () => !checking).catch((error) => ({ error }));
    let checks;
    try {
      checks = await checkAll(server.baseUrl, admin, sites.length);
    } finally {
      checking = false;
      clearInterval(sampler);
    }
    const memoryAfter = memoryOf(server.pid);
    const pages = await during;
    if (pages.error) throw pages.error;
    const loadAfter = loadavg()[0];
    const siteStats = await served.stats();
    closers.shift();
    await server.stop();
    const recorded = await withDatabase(where, async (db) => {
      const [row] = await db.query(
        `SELECT (SELECT count(*)::int FROM compliance_checks WHERE started_at >= '${checksFrom}') AS checks,
          (SELECT count(*)::int FROM compliance_findings WHERE opened_at >= '${checksFrom}') AS opened`,
      );
      return row;
    });
    return {
      kind,
      due: sites.length,
      added,
      failing: served.failing,
      seedS,
      checks,
      recorded,
      siteStats,
      memory: { before: memoryBefore.rss, during: rssMax, lifetime: memoryAfter.peak },
      idle,
      pages,
      load: { before: loadBefore, after: loadAfter },
    };
  } finally {
    for (const close of closers) await close().catch((err) => console.error(err));
    if (scratch) await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

buildOrExit();
const kinds =
  process.env.BENCH_DB === 'postgres'
    ? ['postgres']
    : process.env.BENCH_DB
      ? ['embedded']
      : ['embedded', 'postgres'];
const results = [];
for (const kind of kinds) results.push(await run(kind));

const lines = [`${availableParallelism()} CPUs; ${n(SITES)} sites asked for (BENCH_SITES)`];
const figures = { sites: SITES, cpus: availableParallelism() };
let broken = false;
let missed = false;
for (const r of results) {
  const c = r.checks;
  const perMinute = c.checked / (c.wallMs / 60_000);
  const perMinuteInRuns = c.checked / (c.inRunMs / 60_000);
  const p50 = percentile(r.pages.samples, 50);
  const p95 = percentile(r.pages.samples, 95);
  const met = p95 <= PAGE_GOAL_MS;
  if (!met) missed = true;
  if (c.checked < r.due) broken = true;
  lines.push(
    `${r.kind}: ${n(c.checked)} of ${n(r.due)} licensed sites checked (${n(r.added)} bulk-loaded in ${one(r.seedS)} s): ` +
      `${n(c.passed)} passed, ${n(c.failed)} failed, ${n(c.unknown)} could not be read; ${n(r.recorded.checks)} checks recorded, ${n(r.siteStats.pages)} pages served`,
    `  ${c.runs} runs of ${JOB} back to back, wall ${one(c.wallMs / 1000)} s: ${n(perMinute)} sites checked per minute ` +
      `(${n(perMinuteInRuns)} within the runs)`,
    `  findings opened: ${n(c.opened)} (${n(r.failing)} sites made to fail one rule each; ${n(r.recorded.opened)} recorded)`,
    `  server memory: ${n(r.memory.before)} MB before the checks, peak ${n(r.memory.during)} MB during them ` +
      `(sampled every 100 ms; VmHWM ${n(r.memory.lifetime)} MB)`,
    `  other tenant's page (${BROWSERS} clients, ${r.pages.pages} page${r.pages.pages === 1 ? '' : 's'} of ${PAGE_SIZE}): idle p50 ${one(percentile(r.idle.samples, 50))} ms, ` +
      `p95 ${one(percentile(r.idle.samples, 95))} ms; during the checks p50 ${one(p50)} ms, p95 ${one(p95)} ms ` +
      `(n=${r.pages.samples.length}${r.pages.refused ? `, ${r.pages.refused} refused 429` : ''}) ` +
      `target p95 <= ${PAGE_GOAL_MS} ms: ${met ? 'met' : 'missed'}`,
    `  load average (1 min): ${r.load.before.toFixed(2)} before the checks, ${r.load.after.toFixed(2)} after`,
  );
  figures[r.kind] = {
    due: r.due,
    checked: c.checked,
    passed: c.passed,
    failed: c.failed,
    unknown: c.unknown,
    findingsOpened: c.opened,
    runs: c.runs,
    wallS: Math.round(c.wallMs / 100) / 10,
    perMinute: Math.round(perMinute),
    perMinuteInRuns: Math.round(perMinuteInRuns),
    rssBeforeMb: Math.round(r.memory.before),
    peakRssMb: Math.round(r.memory.during),
    vmHwmMb: Math.round(r.memory.lifetime),
    checksRecorded: r.recorded.checks,
    findingsRecorded: r.recorded.opened,
    otherPage: {
      idleP50: percentile(r.idle.samples, 50),
      idleP95: percentile(r.idle.samples, 95),
      p50,
      p95,
      n: r.pages.samples.length,
      refused: r.pages.refused,
      met,
    },
    load: r.load,
  };
}
report('compliance', lines, figures);
otherClient.destroy();
// Non-zero when something broke, or, as every bench, when a figure misses its target.
process.exitCode = broken || missed ? 1 : 0;
