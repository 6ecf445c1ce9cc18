// Lighthouse desktop performance score of /login, then the accessibility and best-practice scores
// of the main screens (signed out and signed in), against the built server, in Debian's Chromium
// started by hand with a DevTools port (Lighthouse attaches to it).
/* global fetch */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  TOKEN_KEY,
  buildOrExit,
  freePort,
  login,
  report,
  startServer,
} from './lib/harness.mjs';

const TARGET = 0.95;

/** Screens audited for accessibility and best practices; signed-in ones after a demo login. */
const SIGNED_OUT = ['/login', '/forgotpassword', '/404'];
const SIGNED_IN = ['/dashboard', '/websites', '/profile', '/feedback'];

/** Accessibility and best-practice scores of each screen, with the audits that fell short. */
async function auditScreens(baseUrl, port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = browser.contexts()[0].pages()[0] ?? (await browser.contexts()[0].newPage());
  await page.goto(`${baseUrl}/login`);
  const lines = [];
  const scores = {};
  const token = await login(baseUrl);
  for (const path of [...SIGNED_OUT, ...SIGNED_IN]) {
    if (path === SIGNED_IN[0]) {
      await page.evaluate(([key, value]) => globalThis.localStorage.setItem(key, value), [TOKEN_KEY, token]);
    }
    const { lhr } = await lighthouse(
      `${baseUrl}${path}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility', 'best-practices'],
        disableStorageReset: true,
      },
      desktopConfig,
    );
    const a11y = lhr.categories.accessibility.score;
    const practices = lhr.categories['best-practices'].score;
    scores[path] = { accessibility: a11y, bestPractices: practices };
    const short = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode))
      .map((a) => a.id);
    lines.push(
      `  ${path.padEnd(11)} accessibility ${a11y}, best practices ${practices}${short.length ? ` (short: ${short.join(', ')})` : ''}`,
    );
  }
  await browser.close();
  return { lines, scores };
}

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
  const audits = await auditScreens(server.baseUrl, chrome.port);
  report('lighthouse-screens', ['Accessibility and best practices (no target):', ...audits.lines], {
    screens: audits.scores,
  });
  process.exitCode = pass ? 0 : 1;
} finally {
  await chrome.stop();
  await server.stop();
}
