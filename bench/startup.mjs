// Time from `npm start` to the first 200 from /api/health, on a built tree with an existing
// embedded database (created by a first, untimed start). Five runs; median and max.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOrExit, report, startServer } from './lib/harness.mjs';

const RUNS = 5;
const TARGET_MS = 3_000;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

buildOrExit();
const dataDir = mkdtempSync(join(tmpdir(), 'vp-startup-'));
try {
  const first = await startServer({ dataDir, command: [npm, ['start']] });
  await first.stop();
  console.log(`first start (creates and seeds the database): ${(first.readyMs / 1000).toFixed(2)} s`);

  const times = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const server = await startServer({ dataDir, command: [npm, ['start']] });
    times.push(server.readyMs);
    await server.stop();
    console.log(`run ${run}: ${(server.readyMs / 1000).toFixed(2)} s`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const max = sorted.at(-1);
  const pass = max <= TARGET_MS;
  report(
    'startup',
    [
      `npm start to healthy, ${RUNS} runs: median ${(median / 1000).toFixed(2)} s, max ${(max / 1000).toFixed(2)} s (target <= ${TARGET_MS / 1000} s): ${pass ? 'PASS' : 'FAIL'}`,
    ],
    {
      runs: times.map((t) => Math.round(t)),
      medianMs: Math.round(median),
      maxMs: Math.round(max),
      targetMs: TARGET_MS,
      pass,
    },
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
