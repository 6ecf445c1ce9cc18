// No tenant slows the others: the demo vendor holds 50,000 more websites and exports them through
// the streaming call, ten times back to back and ten at once, while another vendor's user loads the
// first page of their own list. Prints the time of one 50,000-row export, what ten parallel export
// requests from one user are answered, and the other tenant's page latency idle and during exports.
/* global fetch, performance */
import { login, report } from './lib/harness.mjs';
import { SCALE_SITES, startScaledServer } from './lib/websites-scale.mjs';

const EXPORTS = 10;
const PAGE_GOAL_MS = 50;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const summary = (ms) =>
  `p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms (n=${ms.length})`;

async function timed(url, token) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = new Uint8Array(await res.arrayBuffer());
  const ms = performance.now() - t0;
  let lines = 0;
  for (const byte of body) if (byte === 10) lines += 1;
  return { ms, status: res.status, bytes: body.byteLength, lines };
}

/** The other tenant's page 1, requested one after another until `until` settles. */
async function sampleWhile(baseUrl, token, until) {
  const samples = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const r = await timed(`${baseUrl}/api/portal/websites?page=1&pageSize=50`, token);
    if (r.status !== 200) throw new Error(`other tenant's page answered ${r.status}`);
    samples.push(r.ms);
  }
  return samples;
}

const server = await startScaledServer();
try {
  const { baseUrl, token: demo } = server;
  const other = await login(baseUrl, 'other', 'harbor-idx-2026');
  const exportUrl = `${baseUrl}/api/portal/websites/export?sort=domainName&order=asc`;

  // Warm both paths, then the other tenant's page with nothing else running.
  await timed(exportUrl, demo);
  const idle = [];
  for (let i = 0; i < 100; i++)
    idle.push((await timed(`${baseUrl}/api/portal/websites?page=1&pageSize=50`, other)).ms);

  const one = await timed(exportUrl, demo);

  const sequential = (async () => {
    const times = [];
    for (let i = 0; i < EXPORTS; i++) {
      const r = await timed(exportUrl, demo);
      if (r.status !== 200) throw new Error(`export answered ${r.status}`);
      times.push(r.ms);
    }
    return times;
  })();
  const during = await sampleWhile(baseUrl, other, sequential);
  const exportTimes = await sequential;

  const burst = Promise.all(Array.from({ length: EXPORTS }, () => timed(exportUrl, demo)));
  const duringBurst = await sampleWhile(baseUrl, other, burst);
  const burstAnswers = (await burst).map((r) => r.status);
  const count = (s) => burstAnswers.filter((x) => x === s).length;

  const p95During = percentile(during, 95);
  const pass = p95During <= PAGE_GOAL_MS;
  report(
    'tenant-isolation',
    [
      `One export of the demo vendor's list (${one.lines} websites, ${SCALE_SITES} of them added): ${one.ms.toFixed(0)} ms, ${(one.bytes / 1e6).toFixed(1)} MB of NDJSON`,
      `Ten exports back to back: ${summary(exportTimes)}`,
      `Ten export requests at once from one user: ${count(200)} x 200, ${count(429)} x 429`,
      `Other tenant's page 1 idle:                 ${summary(idle)}`,
      `Other tenant's page 1 during ten exports:   ${summary(during)}  target p95 <= ${PAGE_GOAL_MS} ms: ${pass ? 'PASS' : 'FAIL'}`,
      `Other tenant's page 1 during the burst:     ${summary(duringBurst)}`,
    ],
    {
      exportMs: Math.round(one.ms),
      exportLines: one.lines,
      exportBytes: one.bytes,
      sequentialExportP50Ms: Math.round(percentile(exportTimes, 50)),
      burst: { ok: count(200), refused: count(429) },
      otherPageIdle: { p50: percentile(idle, 50), p95: percentile(idle, 95) },
      otherPageDuringExports: { p50: percentile(during, 50), p95: p95During, n: during.length },
      otherPageDuringBurst: { p50: percentile(duringBurst, 50), p95: percentile(duringBurst, 95) },
      pass,
    },
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.stop();
}
