// Shared by the bench scripts: start the built server on a free port, wait until it is healthy,
// log in, and stop it again. Every figure is taken against the built tree, as `npm start` runs it.
/* global fetch */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuilt, root } from '../../scripts/lib/build.mjs';

export { root };
/** The websites list's sort fields, as the contract's WEBSITE_SORT_FIELDS names them. */
export const WEBSITE_SORTS = [
  'domainName',
  'status',
  'licensee',
  'mlsStatus',
  'office',
  'memberNumber',
  'startDate',
  'termDate',
];
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function buildOrExit() {
  const failed = ensureBuilt(['web', 'server'], { log: (line) => console.error(line) });
  if (failed.length > 0) {
    console.error(`Build failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

export async function waitForHealth(
  baseUrl,
  { limitMs = 120_000, intervalMs = 100, exited = () => null } = {},
) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`server exited before it was ready (${exit})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(intervalMs);
  }
  throw new Error(`${baseUrl}/api/health did not answer 200 within ${limitMs / 1000} s`);
}

/**
 * Starts `command` (default: the built server) with an embedded database in `dataDir` (a fresh
 * temporary one when not given) and resolves once /api/health answers.
 */
export async function startServer({ dataDir, env = {}, command, quiet = true } = {}) {
  const ownDir = !dataDir;
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'vp-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_PROFILE=dir writes each server's CPU profile there when it stops.
  const profile = process.env.BENCH_SERVER_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`]
    : [];
  const [cmd, args] = command ?? [process.execPath, [...profile, join(root, 'apps/server/dist/main.js')]];
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // The benches' MLS staff sign in with a password alone.
      MFA_REQUIRED_ROLES: 'none',
      ...env,
    },
  });
  let exit = null;
  const exitPromise = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => {
      exit = `code ${code}, signal ${signal}`;
      resolveExit();
    }),
  );
  const stop = async () => {
    if (!exit) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5_000);
      await exitPromise;
      clearTimeout(timer);
    }
    if (ownDir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, { exited: () => exit, intervalMs: 20 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir: dir, pid: child.pid, readyMs: performance.now() - started, stop };
}

export async function login(baseUrl, username = 'demo', password = 'summit-sites-2026') {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  if (!response.ok)
    throw new Error(`login as ${username} failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  return body.token;
}

/** Prints the human-readable lines, then one JSON line for tools. */
export function report(name, lines, figures) {
  for (const line of lines) console.log(line);
  console.log(JSON.stringify({ bench: name, ...figures }));
}

/** The web app keeps its session token in localStorage under this key (apps/web/src/lib/storage.ts). */
export const TOKEN_KEY = 'vp.token';

/** A Playwright storage state that opens the app already logged in. */
export function sessionState(baseUrl, token) {
  return { cookies: [], origins: [{ origin: baseUrl, localStorage: [{ name: TOKEN_KEY, value: token }] }] };
}
