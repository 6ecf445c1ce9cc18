// Lighthouse performance score of /login with the desktop preset, against the built server, in
// Debian's Chromium started by hand with a DevTools port (Lighthouse attaches to it).
/* global fetch */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, CHROMIUM_ARGS, buildOrExit, freePort, report, startServer } from './lib/harness.mjs';

const TARGET = 0.95;

async function startChromium() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'vp-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  return {
    port,
    async stop() {
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([exited, sleep(5_000)]);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

buildOrExit();
const server = await startServer();
const chrome = await startChromium();
try {
  const url = `${server.baseUrl}/login`;
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    desktopConfig,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance.score;
  const metric = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
  const pass = score !== null && score >= TARGET;
  report(
    'lighthouse',
    [
      `Lighthouse ${lhr.lighthouseVersion} desktop performance of /login: ${score} (target >= ${TARGET}): ${pass ? 'PASS' : 'FAIL'}`,
      `  First Contentful Paint ${metric('first-contentful-paint')}, Largest Contentful Paint ${metric('largest-contentful-paint')}, Total Blocking Time ${metric('total-blocking-time')}, Cumulative Layout Shift ${metric('cumulative-layout-shift')}, Speed Index ${metric('speed-index')}`,
    ],
    { score, target: TARGET, pass },
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  await chrome.stop();
  await server.stop();
}
