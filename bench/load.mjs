// `npm run bench:load`: many vendor staff at once. 200 virtual users (VUs) for 60 s, each doing
// what a vendor's staff member does in the browser, on three set-ups one after the other:
//   pglite   - one server on the embedded database;
//   postgres - one server on PostgreSQL (a scratch database on DATABASE_URL's server, dropped after);
//   pair     - two servers on one PostgreSQL database behind a round-robin proxy the bench starts;
//              at the end the bench checks that every site, save and file it made is there, once.
// Untimed set-up, all through the API: MLS staff (the demo admin) create the vendors and invite
// their staff; the invitation mails are caught by a local SMTP server and each user registers
// through the mailed link, logs in once (spread over the set-up, at the pace the password hashing
// allows) and accepts the terms. Each vendor imports a few hundred sites (the list's depth) and
// each VU creates sites of its own, so saves never collide with another VU's.
// Timed part: one autocannon instance per VU (one connection, BENCH_RATE requests per second at
// most), its calls chained through setupRequest/onResponse, in this cycle:
//   dashboard  GET /api/profile, /api/portal/metadata, /api/notifications
//   websites   GET /api/portal/websites at a random page, page size, sort and order; a search
//   modal      GET /api/portal/websites/:id, its History and its files (one of the VU's own sites)
//   save       PUT /api/portal/websites with the version just loaded
//   upload     POST /api/documents, a small PDF on that site
//   then one of: the export's NDJSON (every 8th cycle, in a user's first tab), a new site (every
//   5th), or page 1 again.
// Goals on each set-up: no 5xx, no other unexpected answer, no dropped connection or timeout; p95
// <= 100 ms for reads and <= 250 ms for writes. Figures per call (count, p50, p95, p99, errors),
// then the requests answered per second against what the VUs could ask, and the cores the server,
// PostgreSQL, the proxy and the bench itself used: when they add up to the machine's, the
// latencies measure a queue, and a faster machine or cheaper requests are what shorten it.
// Knobs: BENCH_DB=pglite,postgres,pair (any of them), BENCH_VUS, BENCH_SECONDS, BENCH_RATE,
// DATABASE_URL (the PostgreSQL server for the scratch databases).
/* global fetch */
import { Buffer } from 'node:buffer';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import {
  licensableMembers,
  percentile,
  rng,
  scratchDatabase,
  seedRosterEmbedded,
  seedRosterPostgres,
} from './lib/bench-roster.mjs';
import { cpuMeter, cpuSecondsOf, cpuSecondsOfCommand } from './lib/cpu-time.mjs';
import { buildOrExit, freePort, report, startServer, WEBSITE_SORTS as SORTS } from './lib/harness.mjs';

const VUS = Number(process.env.BENCH_VUS || 200);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
/** Requests per second of one VU at most: a person reading each page between clicks does fewer. */
const RATE = Number(process.env.BENCH_RATE || 2);
const SETUPS = (process.env.BENCH_DB || 'pglite,postgres,pair').split(',').map((s) => s.trim());
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Two VUs share a user: two tabs of one person, one session, as the browser keeps it. */
const TABS = 2;
const USERS = Math.ceil(VUS / TABS);
const USERS_PER_VENDOR = 5;
const VENDORS = Math.ceil(USERS / USERS_PER_VENDOR);
const IMPORTED_PER_VENDOR = 300;
const SITES_PER_VU = 3;
const GOALS = { readP95Ms: 100, writeP95Ms: 250 };
const ROSTER = { members: 20_000, offices: 1_000 };
const WORDS = ['harbor', 'summit', 'lakeview', 'cedar', 'pine', 'bay', 'ridge', 'meadow'];

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const round = (v) => Math.round(v * 10) / 10;
const members = licensableMembers(ROSTER.members, ROSTER.offices);
const random = rng(21);
const pick = (list) => list[Math.floor(random() * list.length)];

/** A JSON call that must answer `expect`; the set-up stops at the first other answer. */
async function call(baseUrl, path, { method = 'GET', token, body, headers = {}, expect = 200 } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Runs `task` over `items`, `lanes` at a time. */
async function inLanes(items, lanes, task) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i], i);
      }
    }),
  );
  return out;
}

/** Catches every mail the servers send; `tokenFor(address)` waits for an invitation's token. */
async function mailCatcher() {
  const tokens = new Map();
  const waiting = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        // Quoted-printable: join soft breaks, decode escapes; the link is then plain.
        const text = Buffer.concat(chunks)
          .toString('latin1')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16)));
        const token = /registration\?token=([^\s"<&]+)/.exec(text)?.[1];
        for (const to of session.envelope.rcptTo) {
          if (!token) continue;
          const address = to.address.toLowerCase();
          tokens.set(address, decodeURIComponent(token));
          waiting.get(address)?.();
        }
        done();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    async tokenFor(address, limitMs = 120_000) {
      const key = address.toLowerCase();
      if (!tokens.has(key))
        await Promise.race([
          new Promise((resolve) => waiting.set(key, resolve)),
          sleep(limitMs).then(() => {
            throw new Error(`no invitation mail for ${address} within ${limitMs / 1000} s`);
          }),
        ]);
      return tokens.get(key);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The servers of one set-up, started with the roster loaded, and how to stop them. */
async function startSetup(kind, smtpUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-bench-load-'));
  const scratch = kind === 'pglite' ? null : await scratchDatabase(ADMIN_URL, 'vp_bench_load');
  // Each VU reaches the server from an address of its own (X-Forwarded-For), as staff in their
  // offices do behind the production load balancer; files sit in one directory all instances share.
  const env = {
    SEED_DEMO: '1',
    SMTP_URL: smtpUrl,
    TRUST_PROXY: '1',
    FILES_DIR: join(dataDir, 'files'),
    LOG_LEVEL: 'warn',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  const servers = [];
  let proxy = null;
  const stop = async () => {
    if (proxy) proxy.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.stop()));
    if (scratch) await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const quiet = !process.env.BENCH_VERBOSE;
    const first = await startServer({ env, dataDir: join(dataDir, 'a'), quiet });
    if (scratch) {
      servers.push(first);
      await seedRosterPostgres(scratch.url, ROSTER.members, ROSTER.offices);
      if (kind === 'pair') servers.push(await startServer({ env, dataDir: join(dataDir, 'b'), quiet }));
    } else {
      // The embedded database has one owner at a time: stop the server, load, start it again.
      await first.stop();
      await seedRosterEmbedded(join(dataDir, 'a'), ROSTER.members, ROSTER.offices);
      servers.push(await startServer({ env, dataDir: join(dataDir, 'a'), quiet }));
    }
    let baseUrl = servers[0].baseUrl;
    if (kind === 'pair') {
      const port = await freePort();
      proxy = fork(
        fileURLToPath(new URL('./lib/round-robin-proxy.mjs', import.meta.url)),
        [String(port), ...servers.map((s) => s.baseUrl)],
        { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
      );
      await new Promise((resolve, reject) => {
        proxy.once('message', resolve);
        proxy.once('exit', (code) => reject(new Error(`proxy exited with ${code}`)));
      });
      baseUrl = `http://127.0.0.1:${port}`;
    }
    return { baseUrl, servers, proxyPid: proxy?.pid ?? null, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const addressOf = (n) => `10.${20 + Math.floor(n / 65_536)}.${Math.floor(n / 256) % 256}.${n % 256}`;
const domainOf = (vu, n) => `${WORDS[n % WORDS.length]}-load${vu}-${n}-homes.com`;

/** Vendors, their staff (invited, registered, logged in once, terms accepted) and their sites. */
async function populate(baseUrl, mail, instances) {
  const admin = await call(baseUrl, '/api/login', {
    method: 'POST',
    headers: { authorization: basic('admin', 'mls-staff-2026'), 'x-forwarded-for': addressOf(60_000) },
  });
  const adminToken = admin.token;
  const run = Date.now().toString(36).toUpperCase();
  const vendors = await inLanes(
    Array.from({ length: VENDORS }, (_v, i) => i),
    4,
    async (i) => {
      const saved = await call(baseUrl, '/api/admin/vendors', {
        method: 'POST',
        token: adminToken,
        expect: 201,
        body: { name: `Load Test Vendor ${i + 1}`, code: `LD${run}-${i + 1}`, type: 'IDX Vendor' },
      });
      return { index: i, id: saved.id };
    },
  );
  const users = await inLanes(
    Array.from({ length: USERS }, (_v, i) => i),
    4,
    async (i) => {
      const vendor = vendors[Math.floor(i / USERS_PER_VENDOR)];
      const username = `load${run.toLowerCase()}${i}`;
      const email = `${username}@vendor.test`;
      await call(baseUrl, '/api/admin/invitations', {
        method: 'POST',
        token: adminToken,
        expect: 201,
        body: {
          email,
          username,
          firstName: 'Staff',
          lastName: `Member ${i + 1}`,
          role: 'vendor',
          primaryVendorId: vendor.id,
        },
      });
      return { index: i, username, email, vendor, address: addressOf(i + 1) };
    },
  );
  // Registration and login each cost one password hash; each instance runs two at once.
  const hashLanes = 2 * instances;
  const password = `Load-bench-${run}-Pa55`;
  await inLanes(users, hashLanes, async (user) => {
    const invitation = await mail.tokenFor(user.email);
    await call(baseUrl, '/api/profile/register', {
      method: 'PUT',
      token: invitation,
      headers: { 'x-forwarded-for': user.address },
      body: { password },
    });
    const session = await call(baseUrl, '/api/login', {
      method: 'POST',
      headers: { authorization: basic(user.username, password), 'x-forwarded-for': user.address },
    });
    user.token = session.token;
    await call(baseUrl, '/api/profile/tos', {
      method: 'PUT',
      token: user.token,
      headers: { 'x-forwarded-for': user.address },
    });
  });
  const products = await call(baseUrl, '/api/products', { token: users[0].token });
  const types = await call(baseUrl, '/api/documenttypes', { token: users[0].token });
  // A plain file on a site: the website screenshot (a website's type that needs no signature).
  const docType = types.find((t) => t.name === 'screenshot');
  if (!docType) throw new Error('no document type for a plain file on a website');
  // The list's depth: each vendor imports its sites in one go, as the Import Websites tool does.
  await inLanes(vendors, 2, async (vendor) => {
    const owner = users.find((u) => u.vendor === vendor);
    const rows = Array.from({ length: IMPORTED_PER_VENDOR }, (_v, r) => ({
      row: r + 1,
      domainName: `${WORDS[r % WORDS.length]}-v${vendor.index}-import${r}-realty.com`,
      memberNumber: members[(vendor.index * 997 + r * 31) % members.length],
      product: products[r % products.length].name,
      dba: r % 3 === 0 ? `Team ${r}` : '',
      startDate: '',
    }));
    const result = await call(baseUrl, '/api/portal/websites/import', {
      method: 'POST',
      token: owner.token,
      expect: 201,
      headers: { 'x-forwarded-for': owner.address },
      body: { rows, onlyIfAllValid: true },
    });
    vendor.imported = result.created ?? IMPORTED_PER_VENDOR;
  });
  const vus = Array.from({ length: VUS }, (_v, i) => ({
    index: i,
    user: users[Math.floor(i / TABS)],
    sites: [],
    created: [],
    cycle: 0,
    current: null,
    open: null,
    loaded: null,
  }));
  await inLanes(vus, 8, async (vu) => {
    for (let n = 0; n < SITES_PER_VU; n++) vu.sites.push(await createSite(baseUrl, vu, products, n));
  });
  return { vendors, users, vus, products, docType };
}

function siteInput(vu, products, n) {
  return {
    domainName: domainOf(vu.index, n),
    memberNumber: members[(vu.index * 131 + n * 17) % members.length],
    products: [products[n % products.length].id],
    dba: '',
  };
}

async function createSite(baseUrl, vu, products, n) {
  const input = siteInput(vu, products, n);
  const { id } = await call(baseUrl, '/api/portal/websites', {
    method: 'POST',
    token: vu.user.token,
    expect: 201,
    headers: { 'x-forwarded-for': vu.user.address },
    body: input,
  });
  const site = await call(baseUrl, `/api/portal/websites/${id}`, { token: vu.user.token });
  return { id, domain: site.domainName, version: site.version, saves: 0, uploads: 0 };
}

function pdf(vu, n) {
  const data = Buffer.alloc(2_048, 0x20);
  data.write('%PDF-1.4\n', 0, 'latin1');
  data.write(`% load ${vu.index} ${n}\n`, 9, 'latin1');
  data.write('\n%%EOF\n', data.length - 7, 'latin1');
  return data;
}

function multipart(fields, filename, data) {
  const boundary = `----vpload${Math.floor(random() * 1e12).toString(36)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, data, tail]), type: `multipart/form-data; boundary=${boundary}` };
}

/** The figures of the timed part, per call name. */
function recorder() {
  const calls = new Map();
  const entry = (name, kind) => {
    let e = calls.get(name);
    if (!e) {
      e = { name, kind, ms: [], errors: 0, statuses: {} };
      calls.set(name, e);
    }
    return e;
  };
  return { calls, entry };
}

/** One VU's cycle of calls, as autocannon requests chained through the VU's own state. */
function vuRequests(vu, world, rec) {
  const { products, docType, vendors } = world;
  const headers = () => ({
    authorization: `Bearer ${vu.user.token}`,
    'x-forwarded-for': vu.user.address,
  });
  const siteTotal = () => {
    const v = vendors[vu.user.vendor.index];
    return v.imported + v.ownSites;
  };
  const step = (name, kind, build, onBody) => ({
    setupRequest(req) {
      const built = build(req);
      vu.current = { name: built.name ?? name, kind: built.kind ?? kind, expect: built.expect ?? [200] };
      // A write still under way when the run stops may or may not have been made: noted here.
      vu.underWay = built.writes ?? null;
      return { ...req, ...built.req, headers: { ...headers(), ...built.req.headers } };
    },
    onResponse(status, body) {
      vu.underWay = null;
      const { name: n, kind: k, expect } = vu.current;
      const e = rec.entry(n, k);
      e.statuses[status] = (e.statuses[status] ?? 0) + 1;
      // Overload shed at once (503 with Retry-After) is counted apart, not as an error.
      if (status === 503) {
        e.shed = (e.shed ?? 0) + 1;
        return;
      }
      if (!expect.includes(status)) {
        e.errors++;
        if (e.errors <= 3) console.error(`  ${n}: ${status} ${String(body).slice(0, 200)}`);
        return;
      }
      onBody?.(status, body);
    },
  });
  const get = (path) => ({ req: { method: 'GET', path } });
  const listPath = (page, pageSize, sort, order) =>
    `/api/portal/websites?page=${page}&pageSize=${pageSize}&sort=${sort}&order=${order}`;

  return [
    step('GET /api/profile', 'read', () => get('/api/profile')),
    step('GET /api/portal/metadata', 'read', () => get('/api/portal/metadata')),
    step('GET /api/notifications', 'read', () => get('/api/notifications?page=1&pageSize=20')),
    step('GET /api/portal/websites (page)', 'read', () => {
      const pageSize = pick([10, 20, 50, 100]);
      const pages = Math.max(1, Math.ceil(siteTotal() / pageSize));
      return get(listPath(1 + Math.floor(random() * pages), pageSize, pick(SORTS), pick(['asc', 'desc'])));
    }),
    step('GET /api/portal/websites (search)', 'read', () => {
      const term = pick([pick(WORDS), `load${vu.index}`, `import${Math.floor(random() * 300)}`, 'realty']);
      return get(`${listPath(1, 20, pick(SORTS), 'asc')}&search=${encodeURIComponent(term)}`);
    }),
    step(
      'GET /api/portal/websites/:id',
      'read',
      () => {
        vu.open = vu.sites[vu.cycle % vu.sites.length];
        return get(`/api/portal/websites/${vu.open.id}`);
      },
      (_s, body) => {
        vu.loaded = JSON.parse(body);
      },
    ),
    step('GET /api/website/:id/changelog', 'read', () => get(`/api/website/${vu.open.id}/changelog`)),
    step('GET /api/portal/websites/:id/documents', 'read', () =>
      get(`/api/portal/websites/${vu.open.id}/documents`),
    ),
    step(
      'PUT /api/portal/websites',
      'write',
      () => {
        const s = vu.loaded;
        return {
          writes: { site: vu.open, what: 'save' },
          req: {
            method: 'PUT',
            path: '/api/portal/websites',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              rowKey: s.rowKey,
              version: s.version,
              domainName: s.domainName,
              memberNumber: s.memberNumber,
              reciprocal: s.reciprocal,
              status: s.status,
              startDate: s.startDate,
              termDate: s.termDate,
              dba: `Team ${vu.index}.${vu.cycle}`,
              products: s.products,
            }),
          },
        };
      },
      () => {
        vu.open.saves++;
      },
    ),
    step(
      'POST /api/documents',
      'write',
      () => {
        const { body, type } = multipart(
          { documentType: docType.id, website: vu.open.id },
          `load-${vu.index}-${vu.cycle}.pdf`,
          pdf(vu, vu.cycle),
        );
        return {
          writes: { site: vu.open, what: 'upload' },
          req: { method: 'POST', path: '/api/documents', headers: { 'content-type': type }, body },
        };
      },
      () => {
        vu.open.uploads++;
      },
    ),
    step(
      'last',
      'read',
      () => {
        const cycle = vu.cycle++;
        // One export per person at a time is the server's rule (a second answers 429): only the
        // first of a user's two tabs exports.
        if (cycle % 8 === 7 && vu.index % TABS === 0)
          return {
            name: 'GET /api/portal/websites/export',
            ...get(`/api/portal/websites/export?sort=${pick(SORTS)}&order=asc`),
          };
        if (cycle % 5 === 4) {
          const n = SITES_PER_VU + vu.created.length;
          vu.pending = n;
          return {
            writes: { domain: domainOf(vu.index, n), what: 'create' },
            name: 'POST /api/portal/websites',
            kind: 'write',
            expect: [201],
            req: {
              method: 'POST',
              path: '/api/portal/websites',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(siteInput(vu, products, n)),
            },
          };
        }
        return {
          name: 'GET /api/portal/websites (first page)',
          ...get(listPath(1, 20, 'domainName', 'asc')),
        };
      },
      (status, body) => {
        if (status === 201) {
          vu.created.push({ id: JSON.parse(body).id, domain: domainOf(vu.index, vu.pending) });
          vendors[vu.user.vendor.index].ownSites++;
        } else if (vu.current.name === 'GET /api/portal/websites/export') {
          const lines = body.split('\n').filter(Boolean).length;
          if (lines < 1) rec.entry(vu.current.name, 'read').errors++;
        }
      },
    ),
  ];
}

async function timedRun(baseUrl, world) {
  const rec = recorder();
  let connErrors = 0;
  let timeouts = 0;
  const runs = world.vus.map(async (vu) => {
    // Start times spread over a second, so the VUs' per-second budgets do not all open together.
    await sleep(random() * 1000);
    const instance = autocannon({
      url: baseUrl,
      connections: 1,
      connectionRate: RATE,
      duration: SECONDS,
      timeout: 10,
      requests: vuRequests(vu, world, rec),
    });
    instance.on('response', (_client, _status, _bytes, ms) => {
      if (vu.current) rec.entry(vu.current.name, vu.current.kind).ms.push(ms);
    });
    instance.on('reqError', () => {
      if (vu.current) rec.entry(vu.current.name, vu.current.kind).errors++;
    });
    const result = await instance;
    connErrors += result.errors;
    timeouts += result.timeouts;
    return result;
  });
  await Promise.all(runs);
  return { rec, connErrors, timeouts };
}

function summarize(rec) {
  const rows = [];
  const all = { read: [], write: [] };
  let errors = 0;
  let shed = 0;
  for (const e of rec.calls.values()) {
    const s = [...e.ms].sort((a, b) => a - b);
    all[e.kind].push(...e.ms);
    errors += e.errors;
    shed += e.shed ?? 0;
    rows.push({
      call: e.name,
      kind: e.kind,
      count: s.length,
      p50: round(percentile(s, 50)),
      p95: round(percentile(s, 95)),
      p99: round(percentile(s, 99)),
      errors: e.errors,
      statuses: e.statuses,
    });
  }
  const overall = {};
  for (const kind of ['read', 'write']) {
    const s = all[kind].sort((a, b) => a - b);
    overall[kind] = {
      count: s.length,
      p50: round(percentile(s, 50)),
      p95: round(percentile(s, 95)),
      p99: round(percentile(s, 99)),
    };
  }
  return { rows, overall, errors, shed };
}

/** After the run: every site, save and file the bench made is there, and only once. */
async function verify(baseUrl, world) {
  const problems = [];
  let sites = 0;
  let files = 0;
  await inLanes(world.vus, 8, async (vu) => {
    const token = vu.user.token;
    const headers = { 'x-forwarded-for': vu.user.address };
    // The one write a VU had under way when the run stopped counts whether or not it was made.
    const maybe = (site, what) => (vu.underWay?.site === site && vu.underWay.what === what ? 1 : 0);
    for (const site of vu.sites) {
      const now = await call(baseUrl, `/api/portal/websites/${site.id}`, { token, headers });
      const saves = now.version - site.version;
      if (saves < site.saves || saves > site.saves + maybe(site, 'save'))
        problems.push(`site ${site.id}: ${saves} saves stored, ${site.saves} answered`);
      const list = await call(baseUrl, `/api/portal/websites/${site.id}/documents`, { token, headers });
      if (list.length < site.uploads || list.length > site.uploads + maybe(site, 'upload'))
        problems.push(`site ${site.id}: ${list.length} files stored, ${site.uploads} answered`);
      files += list.length;
    }
  });
  for (const vendor of world.vendors) {
    const owner = world.users.find((u) => u.vendor === vendor);
    const res = await fetch(`${baseUrl}/api/portal/websites/export?sort=domainName&order=asc`, {
      headers: { authorization: `Bearer ${owner.token}`, 'x-forwarded-for': owner.address },
    });
    const rows = (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((r) => r.domainName);
    const expected = vendor.imported + vendor.ownSites;
    const creating = world.vus.filter((vu) => vu.user.vendor === vendor && vu.underWay?.what === 'create');
    const domains = new Set(rows.map((r) => r.domainName));
    if (rows.length < expected || rows.length > expected + creating.length)
      problems.push(`vendor ${vendor.id}: ${rows.length} sites, ${expected} answered`);
    if (domains.size !== rows.length)
      problems.push(`vendor ${vendor.id}: ${rows.length - domains.size} doubled`);
    const made = world.vus
      .filter((vu) => vu.user.vendor === vendor)
      .flatMap((vu) => [...vu.sites, ...vu.created].map((s) => s.domain));
    for (const d of made) if (!domains.has(d)) problems.push(`vendor ${vendor.id}: ${d} missing`);
    sites += rows.length;
  }
  return { sites, files, problems };
}

/** The set-up running now, stopped on Ctrl-C too so no server or scratch database is left. */
let running = null;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    void (running?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });

async function benchOne(kind, mail) {
  const t0 = Date.now();
  const setup = await startSetup(kind, mail.url);
  running = setup;
  try {
    const world = await populate(setup.baseUrl, mail, setup.servers.length);
    for (const v of world.vendors)
      v.ownSites = world.vus.filter((vu) => vu.user.vendor === v).length * SITES_PER_VU;
    const setupS = round((Date.now() - t0) / 1000);
    console.error(
      `${kind}: set-up in ${setupS} s (${VENDORS} vendors, ${USERS} users, ${VUS} VUs); running ${SECONDS} s`,
    );
    // Where the cores went: a latency figure of a saturated machine measures its queue.
    const meter = cpuMeter({
      server: () => setup.servers.reduce((n, s) => n + cpuSecondsOf(s.pid), 0),
      ...(kind === 'pglite' ? {} : { postgres: () => cpuSecondsOfCommand('postgres') }),
      ...(setup.proxyPid ? { proxy: () => cpuSecondsOf(setup.proxyPid) } : {}),
      bench: () => {
        const used = process.cpuUsage();
        return (used.user + used.system) / 1e6;
      },
    });
    const { rec, connErrors, timeouts } = await timedRun(setup.baseUrl, world);
    const cores = meter.stop();
    const summary = summarize(rec);
    const answeredPerS = round((summary.overall.read.count + summary.overall.write.count) / SECONDS);
    const check = await verify(setup.baseUrl, world);
    const readOk = summary.overall.read.p95 <= GOALS.readP95Ms;
    const writeOk = summary.overall.write.p95 <= GOALS.writeP95Ms;
    const clean = summary.errors === 0 && connErrors === 0 && timeouts === 0;
    const intact = check.problems.length === 0;
    return {
      kind,
      setupS,
      ...summary,
      cores,
      answeredPerS,
      connErrors,
      timeouts,
      check,
      pass: readOk && writeOk && clean && intact,
      readOk,
      writeOk,
      clean,
      intact,
    };
  } finally {
    running = null;
    await setup.stop();
  }
}

buildOrExit();
const mail = await mailCatcher();
const results = [];
try {
  for (const kind of SETUPS) results.push(await benchOne(kind, mail));
} finally {
  await mail.close();
}
const lines = [
  `${VUS} VUs (${USERS} users, ${VENDORS} vendors), ${SECONDS} s, at most ${RATE} requests/s per VU; goals: 0 errors, p95 reads <= ${GOALS.readP95Ms} ms, writes <= ${GOALS.writeP95Ms} ms`,
];
const pad = (s, n) => String(s).padEnd(n);
for (const r of results) {
  lines.push('', `${r.kind}: ${r.pass ? 'PASS' : 'MISS'} (set-up ${r.setupS} s)`);
  lines.push(
    `  ${pad('call', 40)} ${pad('count', 7)} ${pad('p50', 7)} ${pad('p95', 7)} ${pad('p99', 7)} errors`,
  );
  for (const row of r.rows)
    lines.push(
      `  ${pad(row.call, 40)} ${pad(row.count, 7)} ${pad(row.p50, 7)} ${pad(row.p95, 7)} ${pad(row.p99, 7)} ${row.errors}`,
    );
  for (const kind of ['read', 'write']) {
    const o = r.overall[kind];
    const goal = kind === 'read' ? GOALS.readP95Ms : GOALS.writeP95Ms;
    lines.push(
      `  ${pad(`all ${kind}s`, 40)} ${pad(o.count, 7)} ${pad(o.p50, 7)} ${pad(o.p95, 7)} ${pad(o.p99, 7)} (p95 goal <= ${goal} ms: ${o.p95 <= goal ? 'met' : 'MISSED'})`,
    );
  }
  lines.push(
    `  errors: ${r.errors} unexpected answers, ${r.connErrors} connection errors, ${r.timeouts} timeouts; ${r.shed} answered 503 (overload shed)`,
    `  written: ${r.check.sites} sites and ${r.check.files} files checked through the API: ${r.intact ? 'all there, none twice' : r.check.problems.slice(0, 5).join('; ')}`,
    `  answered ${r.answeredPerS} requests/s (the VUs ask at most ${VUS * RATE}/s); cores used on average, of ${availableParallelism()}: ${Object.entries(
      r.cores,
    )
      .map(([name, n]) => `${name} ${n}`)
      .join(', ')}`,
  );
}
report('load', lines, {
  vus: VUS,
  users: USERS,
  vendors: VENDORS,
  seconds: SECONDS,
  ratePerVu: RATE,
  goals: GOALS,
  runs: results.map((r) => ({ ...r, check: { ...r.check, problems: r.check.problems.slice(0, 20) } })),
  pass: results.every((r) => r.pass),
});
process.exitCode = results.every((r) => r.pass) ? 0 : 1;
