// `npm run bench:webhooks`: webhook deliveries at the issue's size, through the built server.
// The demo data is seeded, then 20 vendors, each with one user, are added in SQL. Each user logs in,
// makes an API key (read, websites, comments) and one webhook endpoint (website.created) on its own
// host name; one local HTTPS server answers for 19 of the names and a second one for the 20th, all
// behind a certificate authority made here (OUTBOUND_RESOLVE, OUTBOUND_CA, OUTBOUND_ALLOW_PRIVATE).
//   1. 10,000 events (BENCH_EVENTS): POST /api/portal/websites with the vendors' keys in turn, at a
//      steady total rate (BENCH_RATE, default 15 a second: 667 s); each create raises
//      website.created for its vendor's endpoint. Every event must arrive exactly once by its id
//      (webhook-id), signed with its endpoint's secret: duplicates and missing must both be 0.
//   2. Commit to delivery: the receiver's arrival time minus the payload's timestamp (taken inside
//      the transaction, just before its commit, so the figure is conservative), p50/p95/max over the
//      19 receivers that stay up. Target p95 <= 1000 ms.
//   3. The 20th receiver is down (its server closed: connections cut, new ones refused) for 300 s
//      (BENCH_OUTAGE_SECONDS) from 20 s into the stream, while its vendor keeps making events; it
//      then listens again while the stream still runs. Everything must arrive once, and the bench
//      says how long after its return the last of its backlog arrived.
//   4. Reads: GET /api/portal/websites?page=1&pageSize=20 from 8 clients (BENCH_READ_CLIENTS) for
//      10 s with the users' sessions, then 10 s with their API keys; requests per second of each.
//      The per-session request budget is lifted for the run (USER_REQUESTS_PER_SECOND) so that the
//      figure is the server's, not the budget's.
// Also prints the server's peak memory and the machine's load average at start and end, and what
// helps to read a miss: CPU of the server, the bench and the machine, /api/health latency, where
// the delivery time went (response_ms against the rest), the jobs that ran and the tables scanned.
// About 12-13 minutes per database at the defaults (the stream alone is 667 s).
// Runs on the embedded database; BENCH_DB=postgres on a scratch PostgreSQL database (DATABASE_URL's
// server, else postgres://postgres@127.0.0.1:5432/), created and dropped; BENCH_DB=both runs both.
// Exits non-zero when something broke or a target was missed.
/* global fetch */
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import forge from 'node-forge';
import { scratchDatabase } from './lib/bench-roster.mjs';
import { withDatabase } from './lib/compliance-sites.mjs';
import { buildOrExit, login, report, startServer } from './lib/harness.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS) || 10_000;
const RATE = Number(process.env.BENCH_RATE) || 15;
const OUTAGE_S = process.env.BENCH_OUTAGE_SECONDS ? Number(process.env.BENCH_OUTAGE_SECONDS) : 300;
const OUTAGE_AT_S = 20;
const READ_CLIENTS = Number(process.env.BENCH_READ_CLIENTS) || 8;
const READ_S = 10;
const READ_WARMUP_S = 2;
const VENDORS = 20;
/** The receiver that goes down: the last vendor's. */
const DOWN = VENDORS - 1;
const ZONE = 'webhooks-bench.test';
const PASSWORD = 'summit-sites-2026';
const LATENCY_GOAL_MS = 1_000;
/** Creates in flight at most; when the server falls behind, the rate falls and the bench says so. */
const IN_FLIGHT = 32;
/** How long, after the stream and the receiver's return, the bench waits for the last deliveries. */
const SETTLE_LIMIT_MS = 5 * 60_000;
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const n = (v) => Math.round(v).toLocaleString('en-US');
const one = (v) => (Math.round(v * 10) / 10).toFixed(1);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const spread = (values) => ({
  n: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: values.length ? Math.max(...values) : NaN,
});
const ms = (s) => `p50 ${n(s.p50)} ms, p95 ${n(s.p95)} ms, max ${n(s.max)} ms (n=${n(s.n)})`;
const hostOf = (v) => `hooks-${String(v + 1).padStart(2, '0')}.${ZONE}`;
const load1 = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The server's resident memory now and its peak so far (MB), from /proc. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The machine's busy and total CPU time so far (all cores), from /proc/stat. */
function machineCpu() {
  const [, ...t] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const v = t.map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - v[3] - v[4], total };
}

/** CPU use over a stretch: the server's, this process's and the machine's, in cores. */
function cpuMeter(pid) {
  const t0 = performance.now();
  const server0 = cpuOf(pid);
  const self0 = process.cpuUsage();
  const machine0 = machineCpu();
  return () => {
    const s = (performance.now() - t0) / 1000;
    const self = process.cpuUsage(self0);
    const machine = machineCpu();
    return {
      server: (cpuOf(pid) - server0) / s,
      bench: (self.user + self.system) / 1e6 / s,
      machine: (availableParallelism() * (machine.busy - machine0.busy)) / (machine.total - machine0.total),
    };
  };
}

/** /api/health answered one after the other every 200 ms until `done()`: the server's event loop. */
async function healthProbe(baseUrl, done) {
  const samples = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  while (!done()) {
    const t = performance.now();
    await new Promise((resolve) => {
      const req = http.get(`${baseUrl}/api/health`, { agent }, (res) => {
        res.resume();
        res.once('end', resolve);
      });
      req.once('error', resolve);
    });
    samples.push(performance.now() - t);
    await sleep(200);
  }
  agent.destroy();
  return spread(samples);
}

/** A certificate authority, and a server certificate it signs for `names`. */
function certificates(names) {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = '01';
  ca.validity.notBefore = new Date(Date.now() - 86_400_000);
  ca.validity.notAfter = new Date(Date.now() + 7 * 86_400_000);
  const caName = [{ name: 'commonName', value: 'Webhooks Bench CA' }];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const leaf = forge.pki.createCertificate();
  leaf.publicKey = keys.publicKey;
  leaf.serialNumber = '02';
  leaf.validity.notBefore = ca.validity.notBefore;
  leaf.validity.notAfter = ca.validity.notAfter;
  leaf.setSubject([{ name: 'commonName', value: names[0] }]);
  leaf.setIssuer(caName);
  leaf.setExtensions([{ name: 'subjectAltName', altNames: names.map((value) => ({ type: 2, value })) }]);
  leaf.sign(caKeys.privateKey, forge.md.sha256.create());
  return {
    ca: forge.pki.certificateToPem(ca),
    cert: forge.pki.certificateToPem(leaf),
    key: forge.pki.privateKeyToPem(keys.privateKey),
  };
}

/** Whether `header` (Standard Webhooks: `v1,<base64>` separated by spaces) signs the delivery. */
function signedBy(secret, id, timestamp, body, header) {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
  return (header ?? '').split(' ').includes(expected);
}

/**
 * The receivers: one HTTPS server for the 19 names that stay up, another for the one that goes
 * down (`down()` closes it and cuts its connections, `up()` listens again on the same port). Each
 * delivery is kept as { id, host, at, timestamp, websiteId, signed }.
 */
async function startReceivers() {
  const names = Array.from({ length: VENDORS }, (_, v) => hostOf(v));
  const { ca, cert, key } = certificates([`*.${ZONE}`]);
  const dir = mkdtempSync(join(tmpdir(), 'vp-bench-hooks-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca);
  const secrets = new Map();
  const arrivals = [];
  const stats = { requests: 0, unsigned: 0, unreadable: 0 };
  const handler = (req, res) => {
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => {
      const at = Date.now();
      stats.requests++;
      const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      const body = Buffer.concat(parts).toString('utf8');
      let payload;
      try {
        payload = JSON.parse(body);
      } catch {
        stats.unreadable++;
        res.writeHead(400).end('unreadable');
        return;
      }
      const id = req.headers['webhook-id'];
      const signed = signedBy(
        secrets.get(host) ?? 'whsec_',
        id,
        req.headers['webhook-timestamp'],
        body,
        req.headers['webhook-signature'],
      );
      if (!signed) stats.unsigned++;
      arrivals.push({
        id,
        bodyId: payload.id,
        host,
        at,
        timestamp: Date.parse(payload.timestamp),
        type: payload.type,
        websiteId: payload.data?.websiteId ?? null,
        signed,
      });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  };
  const options = { cert, key, keepAliveTimeout: 30_000 };
  const listen = (server, port = 0) =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve(server.address().port);
      });
    });
  const close = (server) =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const up = https.createServer(options, handler);
  const upPort = await listen(up);
  let downServer = https.createServer(options, handler);
  const downPort = await listen(downServer);
  return {
    names,
    arrivals,
    stats,
    setSecret: (host, secret) => secrets.set(host, secret),
    env: {
      OUTBOUND_RESOLVE: names.map((h, v) => `${h}=127.0.0.1:${v === DOWN ? downPort : upPort}`).join(','),
      OUTBOUND_ALLOW_PRIVATE: '1',
      OUTBOUND_CA: caFile,
    },
    down: () => close(downServer),
    up: async () => {
      downServer = https.createServer(options, handler);
      await listen(downServer, downPort);
    },
    close: async () => {
      await Promise.all([close(up), close(downServer).catch(() => undefined)]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** 20 vendors, each with one vendor user who has accepted the terms (the demo user's password). */
const VENDORS_SQL = `BEGIN;
INSERT INTO vendors (code, type, name, feed_type, is_consumer)
SELECT 'WHB' || lpad(i::text, 2, '0'), 'IDX Vendor', 'Webhook Bench Vendor ' || i, 'RESO Web API', true
FROM generate_series(1, ${VENDORS}) AS i;
INSERT INTO users (username, password_hash, role, email, first_name, last_name, accepted_tos_at, accepted_tos_version)
SELECT 'whbench' || lpad(i::text, 2, '0'), d.password_hash, 'vendor', 'whbench' || i || '@vendor.test', 'Hook',
  'Bench ' || i, d.accepted_tos_at, d.accepted_tos_version
FROM generate_series(1, ${VENDORS}) AS i, users d WHERE d.username = 'demo';
INSERT INTO user_vendors (user_id, vendor_id, is_primary)
SELECT u.id, v.id, true FROM users u JOIN vendors v ON v.code = 'WHB' || substr(u.username, 8)
WHERE u.username LIKE 'whbench%';
COMMIT;`;

const MEMBERS_SQL = `SELECT member_mls_id AS id FROM members
  WHERE NOT reciprocal AND member_status = 'Active' ORDER BY member_mls_id`;

async function api(baseUrl, token, method, path, body) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * The event stream: creates at `RATE` a second in all, the vendors in turn, each with its own key,
 * never more than IN_FLIGHT at once. `at(seconds)` callbacks run when the stream is that far in.
 */
async function stream(baseUrl, vendors, members, marks) {
  const created = [];
  const failures = [];
  const createMs = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let sent = 0;
  const run = Date.now().toString(36);
  const t0 = performance.now();
  const startedAt = Date.now();
  const pending = new Set();
  const fire = (k) => {
    const v = k % VENDORS;
    const vendor = vendors[v];
    const domainName = `hook${run}-v${v + 1}-n${k}.example.com`;
    const started = performance.now();
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const p = fetch(`${baseUrl}/api/portal/websites`, {
      method: 'POST',
      headers: { authorization: `Bearer ${vendor.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ domainName, memberNumber: members[k % members.length], products: [1] }),
    })
      .then(async (res) => {
        const text = await res.text();
        if (res.status === 201) {
          created.push({ vendor: v, websiteId: JSON.parse(text).id, at: Date.now() });
          createMs.push(performance.now() - started);
        } else failures.push(`${res.status} ${text.slice(0, 200)}`);
      })
      .catch((err) => failures.push(String(err)))
      .finally(() => {
        inFlight--;
        pending.delete(p);
      });
    pending.add(p);
  };
  const timers = [...marks].sort((a, b) => a.at - b.at);
  const markRuns = [];
  while (sent < EVENTS) {
    const elapsed = (performance.now() - t0) / 1000;
    while (timers.length && timers[0].at <= elapsed) markRuns.push(timers.shift().run());
    const due = Math.min(EVENTS, Math.floor(elapsed * RATE) + 1);
    while (sent < due && inFlight < IN_FLIGHT) fire(sent++);
    await sleep(5);
  }
  const sentS = (performance.now() - t0) / 1000;
  await Promise.all(pending);
  const doneS = (performance.now() - t0) / 1000;
  return { created, failures, createMs, maxInFlight, sentS, doneS, t0, startedAt, timers, markRuns };
}

/** GET the first page of websites from `clients` at once for `seconds`, each with its own token. */
async function reads(baseUrl, tokens, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: READ_CLIENTS });
  const url = new URL(`${baseUrl}/api/portal/websites?page=1&pageSize=20`);
  const once = (token) =>
    new Promise((resolve, reject) => {
      const t = performance.now();
      const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode, ms: performance.now() - t }));
      });
      req.once('error', reject);
    });
  const latencies = [];
  const statuses = {};
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: READ_CLIENTS }, async (_, c) => {
      const token = tokens[c % tokens.length];
      while (performance.now() < until) {
        const r = await once(token);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 200) latencies.push(r.ms);
      }
    }),
  );
  const wallS = (performance.now() - t0) / 1000;
  agent.destroy();
  return { perSecond: latencies.length / wallS, ...spread(latencies), statuses };
}

/** One database: seed, set up the vendors, stream the events through an outage, then the reads. */
async function run(kind) {
  const loadStart = load1();
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-bench-webhooks-'));
  const scratch = kind === 'postgres' ? await scratchDatabase(ADMIN_URL, 'bench_webhooks') : null;
  const dbEnv = scratch ? { DATABASE_URL: scratch.url } : {};
  const where = { dataDir, url: scratch?.url };
  const closers = [];
  try {
    const seeded = await startServer({ env: { SEED_DEMO: '1', COMPLIANCE_DAILY: '0', ...dbEnv }, dataDir });
    await seeded.stop();
    const members = await withDatabase(where, async (db) => {
      await db.exec(VENDORS_SQL);
      return (await db.query(MEMBERS_SQL)).map((r) => r.id);
    });
    if (members.length === 0) throw new Error('the seeded roster has no active own agents');
    const receivers = await startReceivers();
    closers.push(() => receivers.close());
    const server = await startServer({
      dataDir,
      env: {
        SEED_DEMO: scratch ? '0' : '1',
        COMPLIANCE_DAILY: '0',
        LOG_LEVEL: 'error',
        // The reads' figure is the server's, not the per-session budget's (20 a second, a list page 5).
        USER_REQUESTS_PER_SECOND: '1000000',
        USER_REQUEST_BURST: '1000000',
        ...receivers.env,
        ...dbEnv,
      },
      quiet: !process.env.BENCH_VERBOSE,
    });
    closers.unshift(() => server.stop());
    const memoryBefore = memoryOf(server.pid);
    let rssMax = memoryBefore.rss;
    const sampler = setInterval(() => {
      try {
        rssMax = Math.max(rssMax, memoryOf(server.pid).rss);
      } catch {
        // the server is gone; the run reports why
      }
    }, 100);
    closers.unshift(async () => clearInterval(sampler));

    // Each vendor's user logs in, makes a key and an endpoint on its own host name.
    const expiresOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const vendors = [];
    for (let v = 0; v < VENDORS; v++) {
      const session = await login(server.baseUrl, `whbench${String(v + 1).padStart(2, '0')}`, PASSWORD);
      const issued = await api(server.baseUrl, session, 'POST', '/api-keys', {
        name: 'Webhooks bench',
        scopes: ['read', 'websites', 'comments'],
        expiresOn,
      });
      const hook = await api(server.baseUrl, session, 'POST', '/webhooks', {
        url: `https://${hostOf(v)}/events`,
        description: 'Webhooks bench receiver',
        eventTypes: ['website.created'],
      });
      receivers.setSecret(hostOf(v), hook.secret);
      vendors.push({ session, key: issued.secret, endpointId: hook.endpoint.id });
    }

    // 1-3: the stream, with the outage inside it.
    const outage = { downAt: null, upAt: null };
    const outageEnd = OUTAGE_AT_S + OUTAGE_S;
    const streamS = EVENTS / RATE;
    if (OUTAGE_S > 0 && outageEnd >= streamS)
      console.error(
        `note: the stream lasts about ${one(streamS)} s, so the outage (${OUTAGE_AT_S}-${outageEnd} s) outlasts it`,
      );
    const loadBeforeStream = load1();
    const marks =
      OUTAGE_S > 0
        ? [
            {
              at: OUTAGE_AT_S,
              run: async () => {
                outage.downAt = Date.now();
                await receivers.down();
              },
            },
            {
              at: outageEnd,
              run: async () => {
                await receivers.up();
                outage.upAt = Date.now();
              },
            },
          ]
        : [];
    const cpu = cpuMeter(server.pid);
    let streaming = true;
    const health = healthProbe(server.baseUrl, () => !streaming);
    const s = await stream(server.baseUrl, vendors, members, marks);
    // An outage longer than the stream ends after it.
    for (const mark of s.timers) {
      const wait = mark.at * 1000 - (performance.now() - s.t0);
      if (wait > 0) await sleep(wait);
      s.markRuns.push(mark.run());
    }
    await Promise.all(s.markRuns);
    const streamEnd = Date.now();

    // Everything made must arrive: wait until every created website's event has been received.
    const expected = new Map(s.created.map((c) => [c.websiteId, c.vendor]));
    const settleFrom = performance.now();
    const seenSites = new Set();
    let scanned = 0;
    for (;;) {
      for (; scanned < receivers.arrivals.length; scanned++) {
        const a = receivers.arrivals[scanned];
        if (a.websiteId !== null) seenSites.add(a.websiteId);
      }
      if ([...expected.keys()].every((id) => seenSites.has(id))) break;
      if (performance.now() - settleFrom > SETTLE_LIMIT_MS) break;
      await sleep(200);
    }
    const settledAfterMs = Date.now() - streamEnd;
    streaming = false;
    const cpuStream = cpu();
    const healthStream = await health;
    // A moment more, for a duplicate that would come late.
    await sleep(3_000);
    const loadAfterStream = load1();

    // 4: reads with sessions, then with keys.
    const sessions = vendors.map((v) => v.session);
    const keys = vendors.map((v) => v.key);
    await reads(server.baseUrl, sessions, READ_WARMUP_S);
    const bySession = await reads(server.baseUrl, sessions, READ_S);
    await reads(server.baseUrl, keys, READ_WARMUP_S);
    const byKey = await reads(server.baseUrl, keys, READ_S);

    clearInterval(sampler);
    const memoryAfter = memoryOf(server.pid);
    closers.shift();
    closers.shift();
    await server.stop();
    const recorded = await withDatabase(where, async (db) => {
      const states = await db.query(
        `SELECT state, count(*)::int AS n, max(attempts)::int AS max_attempts,
           count(*) FILTER (WHERE attempts > 1)::int AS retried,
           d.endpoint_id = ${vendors[DOWN].endpointId} AS down
         FROM webhook_deliveries d GROUP BY state, down ORDER BY state, down`,
      );
      const [events] = await db.query(
        `SELECT count(*)::int AS n FROM webhook_events WHERE type = 'website.created'`,
      );
      const ids = (await db.query(`SELECT id FROM webhook_events WHERE type = 'website.created'`)).map(
        (r) => r.id,
      );
      // The time each delivery spent in the outbound client (its gates, then the request).
      const sends = await db.query(
        `SELECT event_id, response_ms FROM webhook_deliveries
         WHERE state = 'delivered' AND endpoint_id <> ${vendors[DOWN].endpointId}`,
      );
      // The scheduled jobs that ran meanwhile: on the embedded database they share its one connection.
      const jobs = await db.query(
        `SELECT name, count(*)::int AS runs,
           round(max(extract(epoch FROM finished_at - started_at) * 1000))::int AS max_ms,
           round(sum(extract(epoch FROM finished_at - started_at) * 1000))::int AS total_ms,
           string_agg(round(extract(epoch FROM started_at) * 1000 - ${s.startedAt})::bigint / 1000
             || 's ' || round(extract(epoch FROM finished_at - started_at) * 1000)::int || ' ms', ', '
             ORDER BY started_at) FILTER (WHERE finished_at - started_at > interval '1 second') AS long_runs
         FROM job_runs WHERE started_at >= to_timestamp(${s.startedAt / 1000})
         GROUP BY name ORDER BY max_ms DESC NULLS LAST`,
      );
      // Tables read end to end most (the statistics the database keeps, when it keeps them).
      const scans = await db
        .query(
          `SELECT relname AS table, seq_scan::int AS scans, seq_tup_read::bigint AS rows_read,
             coalesce(idx_scan, 0)::int AS index_scans
           FROM pg_stat_user_tables WHERE seq_tup_read > 0 ORDER BY seq_tup_read DESC LIMIT 6`,
        )
        .catch(() => []);
      return { states, events: events.n, ids, sends, jobs, scans };
    });

    // Exactly once, by event id.
    const byId = new Map();
    for (const a of receivers.arrivals) {
      const seen = byId.get(a.id);
      if (seen) seen.count++;
      else byId.set(a.id, { ...a, count: 1 });
    }
    const duplicates = [...byId.values()].reduce((sum, e) => sum + e.count - 1, 0);
    // How long after the first arrival a duplicate came (a retry of an answer the server did not take).
    const duplicateGaps = [];
    if (duplicates > 0) {
      const firstAt = new Map();
      for (const a of receivers.arrivals) {
        if (!firstAt.has(a.id)) firstAt.set(a.id, a.at);
        else duplicateGaps.push(a.at - firstAt.get(a.id));
      }
    }
    const missingEvents = recorded.ids.filter((id) => !byId.has(id)).length;
    const sitesMissing = [...expected.keys()].filter((id) => !seenSites.has(id)).length;
    const mismatched = receivers.arrivals.filter(
      (a) => a.bodyId !== a.id || a.host !== hostOf(expected.get(a.websiteId) ?? -1),
    ).length;

    // Commit to delivery, per event at its first arrival.
    const first = [...byId.values()];
    const healthy = first.filter((e) => e.host !== hostOf(DOWN)).map((e) => e.at - e.timestamp);
    // Where the time went: in the outbound client (response_ms: its gates and the request), and
    // before it (the commit, the dispatcher's wake-up and its claim).
    const sendMs = new Map(recorded.sends.map((r) => [r.event_id, r.response_ms]));
    const healthyFirst = first.filter((e) => e.host !== hostOf(DOWN) && sendMs.has(e.id));
    const inClient = healthyFirst.map((e) => sendMs.get(e.id));
    const beforeClient = healthyFirst.map((e) => Math.max(0, e.at - e.timestamp - sendMs.get(e.id)));
    // The stream's 10 s windows (by the events' timestamps) whose p95 missed the goal.
    const windows = new Map();
    for (const e of healthyFirst) {
      const w = Math.floor((e.timestamp - s.startedAt) / 10_000);
      if (!windows.has(w)) windows.set(w, []);
      windows.get(w).push(e.at - e.timestamp);
    }
    const slowWindows = [...windows.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([w, values]) => ({ from: w * 10, ...spread(values) }))
      .filter((w) => w.p95 > LATENCY_GOAL_MS);
    const downEvents = first.filter((e) => e.host === hostOf(DOWN));
    const before = downEvents.filter((e) => outage.downAt === null || e.timestamp < outage.downAt);
    // Its backlog: the events raised before its return that had not reached it when it went down.
    const waiting = downEvents.filter(
      (e) => outage.upAt !== null && e.timestamp < outage.upAt && e.at >= outage.upAt,
    );
    const after = downEvents.filter((e) => outage.upAt !== null && e.timestamp >= outage.upAt);
    const downMade = s.created.filter((c) => c.vendor === DOWN).length;
    const backlogLastS = waiting.length ? (Math.max(...waiting.map((e) => e.at)) - outage.upAt) / 1000 : NaN;
    // The other receivers while the backlog went out (the first 60 s after the return).
    const nearReturn =
      outage.upAt === null
        ? []
        : first
            .filter(
              (e) =>
                e.host !== hostOf(DOWN) && e.timestamp >= outage.upAt && e.timestamp < outage.upAt + 60_000,
            )
            .map((e) => e.at - e.timestamp);
    const perHost = Array.from(
      { length: VENDORS },
      (_, v) => first.filter((e) => e.host === hostOf(v)).length,
    );

    return {
      kind,
      members: members.length,
      stream: {
        made: s.created.length,
        failed: s.failures.length,
        failures: s.failures.slice(0, 5),
        rate: s.created.length / s.doneS,
        sentS: s.sentS,
        doneS: s.doneS,
        maxInFlight: s.maxInFlight,
        create: spread(s.createMs),
      },
      delivery: {
        events: recorded.events,
        received: receivers.stats.requests,
        unique: byId.size,
        duplicates,
        duplicateGaps: spread(duplicateGaps),
        duplicateHosts: [
          ...new Set([...byId.values()].filter((e) => e.count > 1).map((e) => e.host.split('.')[0])),
        ],
        missingEvents,
        sitesMissing,
        mismatched,
        unsigned: receivers.stats.unsigned,
        unreadable: receivers.stats.unreadable,
        settledAfterMs,
        states: recorded.states,
        perHost: { min: Math.min(...perHost), max: Math.max(...perHost) },
      },
      latency: {
        healthy: spread(healthy),
        nearReturn: spread(nearReturn),
        downBefore: spread(before.map((e) => e.at - e.timestamp)),
        downAfter: spread(after.map((e) => e.at - e.timestamp)),
        inClient: spread(inClient),
        beforeClient: spread(beforeClient),
        windows: windows.size,
        slowWindows,
      },
      outage: {
        seconds: OUTAGE_S,
        downAtS: outage.downAt === null ? null : (outage.downAt - s.t0 - performance.timeOrigin) / 1000,
        made: downMade,
        received: downEvents.length,
        waiting: waiting.length,
        backlogLastS,
        allArrived: downEvents.length === downMade,
      },
      reads: { bySession, byKey },
      jobs: recorded.jobs,
      scans: recorded.scans,
      cpu: cpuStream,
      health: healthStream,
      memory: { before: memoryBefore.rss, peak: rssMax, vmHwm: memoryAfter.peak },
      load: { start: loadStart, beforeStream: loadBeforeStream, afterStream: loadAfterStream, end: load1() },
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
    : process.env.BENCH_DB === 'both'
      ? ['embedded', 'postgres']
      : ['embedded'];
const results = [];
for (const kind of kinds) results.push(await run(kind));

const lines = [
  `${availableParallelism()} CPUs; ${n(EVENTS)} events (BENCH_EVENTS) to ${VENDORS} endpoints at ${RATE}/s (BENCH_RATE); ` +
    `receiver ${DOWN + 1} down ${OUTAGE_S} s (BENCH_OUTAGE_SECONDS) from ${OUTAGE_AT_S} s into the stream`,
];
const figures = { events: EVENTS, rate: RATE, outageSeconds: OUTAGE_S, cpus: availableParallelism() };
let broken = false;
let missed = false;
for (const r of results) {
  const { stream: st, delivery: d, latency: l, outage: o, reads: rd } = r;
  const latencyMet = l.healthy.p95 <= LATENCY_GOAL_MS;
  const once = d.duplicates === 0 && d.missingEvents === 0 && d.sitesMissing === 0;
  if (!latencyMet) missed = true;
  if (!once || st.failed > 0 || d.unsigned > 0 || d.mismatched > 0 || d.unreadable > 0) broken = true;
  if (OUTAGE_S > 0 && !o.allArrived) broken = true;
  const states = d.states
    .map(
      (x) =>
        `${x.state}${x.down ? ' (down receiver)' : ''} ${n(x.n)} (retried ${n(x.retried)}, most attempts ${x.max_attempts})`,
    )
    .join('; ');
  lines.push(
    `${r.kind}: ${n(st.made)} websites created through the API with the vendors' keys in ${one(st.doneS)} s ` +
      `(${one(st.rate)}/s achieved; ${st.failed} failed; at most ${st.maxInFlight} in flight); create ${ms(st.create)}`,
    `  1. delivered exactly once: ${n(d.events)} events raised, ${n(d.unique)} received by event id from ${n(d.received)} requests ` +
      `(${n(d.perHost.min)}-${n(d.perHost.max)} per receiver); duplicates ${d.duplicates}, missing ${d.missingEvents} ` +
      `(websites without an event: ${d.sitesMissing}); bad signatures ${d.unsigned}, wrong receiver or id ${d.mismatched}: ` +
      `${once ? 'met' : 'MISSED'}; the last arrived ${one(d.settledAfterMs / 1000)} s after the stream ended`,
    `     deliveries recorded: ${states}`,
    ...(d.duplicates > 0
      ? [
          `     duplicates came ${ms(d.duplicateGaps)} after the first arrival; receivers ${d.duplicateHosts.join(', ')}`,
        ]
      : []),
    `  2. commit to delivery (arrival - payload timestamp), the ${VENDORS - 1} receivers that stayed up: ${ms(l.healthy)}; ` +
      `target p95 <= ${LATENCY_GOAL_MS} ms: ${latencyMet ? 'met' : 'MISSED'}`,
    ...(OUTAGE_S > 0
      ? [`     in the 60 s after receiver ${DOWN + 1} came back (its backlog going out): ${ms(l.nearReturn)}`]
      : []),
    `     of which in the server's outbound client (gates + request, response_ms): ${ms(l.inClient)}; ` +
      `before it (commit, wake-up, claim): ${ms(l.beforeClient)}`,
    `     10 s windows of the stream with p95 over ${LATENCY_GOAL_MS} ms: ${l.slowWindows.length} of ${l.windows}` +
      (l.slowWindows.length
        ? ` (${l.slowWindows
            .slice(0, 12)
            .map((w) => `${w.from}s: p95 ${one(w.p95 / 1000)} s, max ${one(w.max / 1000)} s`)
            .join('; ')}${l.slowWindows.length > 12 ? '; …' : ''})`
        : ''),
    OUTAGE_S > 0
      ? `  3. receiver ${DOWN + 1} down ${o.seconds} s: ${n(o.made)} events made for it, ${n(o.received)} received once each ` +
          `(${n(o.waiting)} of them waiting for its return): ${o.allArrived ? 'all arrived' : 'NOT ALL ARRIVED'}; ` +
          `the last of its backlog arrived ${one(o.backlogLastS)} s after it came back; ` +
          `its events before the outage ${ms(l.downBefore)}, after its return ${ms(l.downAfter)}`
      : `  3. no outage (BENCH_OUTAGE_SECONDS=0)`,
    `  4. GET /api/portal/websites?page=1&pageSize=20, ${READ_CLIENTS} clients, ${READ_S} s each: ` +
      `sessions ${one(rd.bySession.perSecond)}/s (p50 ${one(rd.bySession.p50)} ms, p95 ${one(rd.bySession.p95)} ms), ` +
      `API keys ${one(rd.byKey.perSecond)}/s (p50 ${one(rd.byKey.p50)} ms, p95 ${one(rd.byKey.p95)} ms); ` +
      `keys/sessions ${(rd.byKey.perSecond / rd.bySession.perSecond).toFixed(2)}` +
      (Object.keys({ ...rd.bySession.statuses, ...rd.byKey.statuses }).some((k) => k !== '200')
        ? `; statuses: sessions ${JSON.stringify(rd.bySession.statuses)}, keys ${JSON.stringify(rd.byKey.statuses)}`
        : ''),
    `  during the stream: server ${r.cpu.server.toFixed(2)} cores, this bench ${r.cpu.bench.toFixed(2)}, ` +
      `the machine ${r.cpu.machine.toFixed(2)} of ${availableParallelism()}; /api/health every 200 ms ${ms(r.health)}`,
    `  jobs run from the stream on (runs, longest, in all; runs over 1 s from the stream's start): ` +
      (r.jobs.length
        ? r.jobs
            .map(
              (j) =>
                `${j.name} ${j.runs}, ${n(j.max_ms)} ms, ${n(j.total_ms)} ms` +
                (j.long_runs ? ` (${j.long_runs})` : ''),
            )
            .join('; ')
        : 'none'),
    `  tables read whole most (sequential scans, rows read; from pg_stat_user_tables): ` +
      (r.scans.length
        ? r.scans.map((t) => `${t.table} ${n(t.scans)}, ${n(Number(t.rows_read))}`).join('; ')
        : r.kind === 'embedded'
          ? 'not kept across the embedded database’s restart'
          : 'none recorded'),
    `  server memory: ${n(r.memory.before)} MB after start, peak ${n(r.memory.peak)} MB (sampled every 100 ms; VmHWM ${n(r.memory.vmHwm)} MB)`,
    `  load average (1, 5, 15 min): ${r.load.start} at start, ${r.load.beforeStream} before the stream, ` +
      `${r.load.afterStream} after it, ${r.load.end} at the end`,
  );
  if (st.failures.length)
    lines.push(`  create failures (first ${st.failures.length}): ${st.failures.join(' | ')}`);
  figures[r.kind] = { ...r, latencyMet, once };
}
report('webhooks', lines, figures);
// Non-zero when something broke, or, as every bench, when a figure misses its target.
process.exitCode = broken || missed ? 1 : 0;
