// Requests per second of GET /api/profile (real session check, database read, vendor scope)
// against a bare Fastify route returning the same JSON, both under autocannon with 50 connections
// for 10 s, one after the other in the same run. Both servers run as child processes so the load
// generator never shares their event loop.
/* global fetch */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildOrExit, freePort, login, report, startServer } from './lib/harness.mjs';

const CONNECTIONS = 50;
const DURATION_S = 10;
const TARGET_RATIO = 0.6;

async function load(url, headers) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function measurePortal() {
  const server = await startServer();
  try {
    const token = await login(server.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const profile = await fetch(`${server.baseUrl}/api/profile`, { headers });
    if (profile.status !== 200) throw new Error(`GET /api/profile answered ${profile.status}`);
    const body = await profile.text();
    return { body, headers, result: await load(`${server.baseUrl}/api/profile`, headers) };
  } finally {
    await server.stop();
  }
}

async function measureBare(body, headers) {
  const port = await freePort();
  const child = fork(fileURLToPath(new URL('./lib/bare-server.mjs', import.meta.url)), [String(port), body], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    await new Promise((resolveReady, reject) => {
      child.once('message', resolveReady);
      child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    return await load(`http://127.0.0.1:${port}/api/profile`, headers);
  } finally {
    child.kill('SIGTERM');
  }
}

buildOrExit();
const portal = await measurePortal();
const bare = await measureBare(portal.body, portal.headers);
const ratio = portal.result.requestsPerSecond / bare.requestsPerSecond;
const clean = portal.result.non2xx === 0 && portal.result.errors === 0;
const pass = clean && ratio >= TARGET_RATIO;
const describe = (r) =>
  `${r.requestsPerSecond} req/s (p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors})`;
report(
  'profile-throughput',
  [
    `autocannon ${CONNECTIONS} connections, ${DURATION_S} s each, one after the other`,
    `GET /api/profile (portal): ${describe(portal.result)}`,
    `bare Fastify, same JSON:   ${describe(bare)}`,
    `ratio ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}): ${pass ? 'PASS' : 'FAIL'}${clean ? '' : ' - the portal answered errors'}`,
  ],
  { portal: portal.result, bare, ratio: Number(ratio.toFixed(3)), target: TARGET_RATIO, pass },
);
process.exitCode = pass ? 0 : 1;
