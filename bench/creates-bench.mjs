// Creates per second as one vendor grows: POST /api/portal/websites from 8 clients at once, measured
// in windows at 1,000, 50,000 and 1,000,000 sites of the vendor. Up to each size the vendor is
// bulk-loaded straight into the database (bench/lib/bulk-sites.mjs: an API fill of 1,000,000 sites
// would take hours), then a window of creates goes through the API as the vendor's staff would.
//   npm run bench:creates                                     embedded database (PGlite)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:creates
//        the embedded database, then PostgreSQL (a fresh database on that server, dropped after)
//   BENCH_DB=pglite|postgres  only one;  BENCH_LEVELS=1000,50000  other sizes (default
//   1000,50000,1000000 on PostgreSQL, 1000,50000 embedded);  BENCH_WINDOW=1500  creates per window

/* global fetch */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/lib/build.mjs';
import {
  licensableMembers,
  rng,
  scratchDatabase,
  seedRosterEmbedded,
  seedRosterPostgres,
  stats,
} from './lib/bench-roster.mjs';
import { bulkSitesEmbedded, bulkSitesPostgres, withoutIndexes } from './lib/bulk-sites.mjs';
import { CLIENTS, createWindow } from './lib/create-window.mjs';
import { login, report, startServer } from './lib/harness.mjs';

const WINDOW = Number(process.env.BENCH_WINDOW) || 1500;
const ROUNDS = 3;
const WARMUP = 100;
const MEMBERS = 20_000;
const OFFICES = 1_000;
const VENDOR = 'SWS';
const DEFAULT_LEVELS = { pglite: [1_000, 50_000], postgres: [1_000, 50_000, 1_000_000] };
// Goal: no slower at the largest size than at 1,000 (within the noise of a shared machine).
const TOLERANCE = 0.9;

async function benchOne(kind, levels) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-bench-creates-'));
  const scratch = kind === 'postgres' ? await scratchDatabase(process.env.DATABASE_URL, 'vp_creates') : null;
  const env = {
    SEED_DEMO: '1',
    SITE_CREATE_PER_MINUTE: '1000000',
    VENDOR_SITE_LIMIT: '10000000',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  const log = (line) => console.error(`${kind}: ${line}`);
  let server = null;
  let nextBulk = 1;
  const members = licensableMembers(MEMBERS, OFFICES);
  const next = rng(17);
  const results = [];
  try {
    server = await startServer({ env, dataDir });
    if (scratch) await seedRosterPostgres(scratch.url, MEMBERS, OFFICES);
    else {
      await server.stop();
      server = null;
      await seedRosterEmbedded(dataDir, MEMBERS, OFFICES);
    }
    for (const level of levels) {
      let load;
      // A large fill goes quicker with the websites' indexes built once after it.
      if (scratch && level >= 500_000)
        load = await withoutIndexes(scratch.url, 'websites', () =>
          bulkSitesPostgres(scratch.url, VENDOR, level, nextBulk, log),
        );
      else if (scratch) load = await bulkSitesPostgres(scratch.url, VENDOR, level, nextBulk, log);
      else {
        if (server) await server.stop();
        server = null;
        load = await bulkSitesEmbedded(dataDir, VENDOR, level, nextBulk, log);
      }
      nextBulk = load.next;
      if (!server) server = await startServer({ env, dataDir });
      const headers = { authorization: `Bearer ${await login(server.baseUrl)}` };
      await createWindow(server.baseUrl, headers, members, WARMUP, next);
      const rounds = [];
      for (let r = 0; r < ROUNDS; r++)
        rounds.push(await createWindow(server.baseUrl, headers, members, WINDOW, next));
      const total = JSON.parse(
        await (await fetch(`${server.baseUrl}/api/portal/websites?pageSize=1`, { headers })).text(),
      ).total;
      const rates = rounds.map((r) => WINDOW / r.seconds).sort((a, b) => a - b);
      const latency = stats(rounds.flatMap((r) => r.samples));
      results.push({ level, total, loadS: load.seconds, rates, latency });
      log(`at ${level}: ${rates.map((r) => r.toFixed(0)).join(', ')} creates/s`);
    }
    return results;
  } finally {
    if (server) await server.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const failed = ensureBuilt(['server'], { log: (line) => console.error(line) });
  if (failed.length > 0) throw new Error(`build failed: ${failed.join(', ')}`);
  const only = process.env.BENCH_DB;
  const kinds = [];
  if (only !== 'postgres') kinds.push('pglite');
  if (process.env.DATABASE_URL && only !== 'pglite') kinds.push('postgres');
  if (kinds.length === 0) throw new Error('BENCH_DB=postgres needs DATABASE_URL');
  let pass = true;
  for (const kind of kinds) {
    const levels = process.env.BENCH_LEVELS
      ? process.env.BENCH_LEVELS.split(',').map(Number)
      : DEFAULT_LEVELS[kind];
    const results = await benchOne(kind, levels);
    const median = (r) => r.rates[Math.floor(r.rates.length / 2)];
    const first = results[0];
    const last = results[results.length - 1];
    const ok = median(last) >= TOLERANCE * median(first);
    pass &&= ok;
    report(
      `creates-${kind}`,
      [
        `database: ${kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}; vendor ${VENDOR} bulk-loaded in SQL up to each size, then POST /api/portal/websites by ${CLIENTS} clients, ${ROUNDS} windows of ${WINDOW} creates (after ${WARMUP} warm-up)`,
        ...results.map(
          (r) =>
            `  at ${String(r.level).padStart(9)} sites: creates/s median ${median(r).toFixed(0)} (windows ${r.rates.map((x) => x.toFixed(0)).join(', ')}); per create p50 ${r.latency.p50} ms, p95 ${r.latency.p95} ms; bulk load ${r.loadS.toFixed(0)} s; total after ${r.total}`,
        ),
        `goal: no slower at ${last.level} than at ${first.level} (median within ${Math.round((1 - TOLERANCE) * 100)}% for noise): ${ok ? 'PASS' : 'FAIL'}`,
      ],
      {
        database: kind,
        levels: results.map((r) => ({
          sites: r.level,
          creates: r.rates,
          median: median(r),
          latency: r.latency,
        })),
      },
    );
  }
  process.exitCode = pass ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
