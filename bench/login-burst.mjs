// A guessing burst against the built server on a fresh embedded database: 30 parallel logins for
// one account (29 wrong, the right one third) from one address, and 40 parallel failures with
// made-up usernames from a second address. Meanwhile another user logs in from a third address and
// the app's index page is fetched, again and again; both should answer within a second, and the
// attacked account's owner logs in from an address of their own. The limits must hold too: at most 3
// failures for the account from the burst's address (3 more if the right password got in, which
// starts the address afresh), at most 20 answers other than 429 for the second address.
/* global fetch */
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildOrExit, report, startServer } from './lib/harness.mjs';

const GOAL_MS = 1_000;
const PAIR_FREE_FAILURES = 3;
const ADDRESS_LIMIT = 20;

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function login(baseUrl, user, password, address) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { authorization: basic(user, password), 'x-forwarded-for': address },
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function getIndex(baseUrl) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/`);
  const body = await response.text();
  if (response.status !== 200 || !body.includes('<html'))
    throw new Error(`GET / answered ${response.status}`);
  return performance.now() - started;
}

const counts = (answers) => {
  const byStatus = { 200: 0, 401: 0, 429: 0, 503: 0 };
  for (const { status } of answers) byStatus[status] = (byStatus[status] ?? 0) + 1;
  return byStatus;
};

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50Ms: Math.round(sorted[Math.floor((sorted.length - 1) / 2)] ?? 0),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}

/** Runs `probe` back to back, a short pause apart, until `done` resolves; at least `min` samples. */
async function sampleUntil(done, probe, { pauseMs, min }) {
  let finished = false;
  void done.then(() => (finished = true));
  const samples = [];
  while (!finished || samples.length < min) {
    samples.push(await probe());
    await sleep(pauseMs);
  }
  return samples;
}

buildOrExit();
// Distinct client addresses come from X-Forwarded-For, as behind a load balancer.
const server = await startServer({ env: { TRUST_PROXY: '1' } });
try {
  const { baseUrl } = server;
  // Idle reference: what one login and one page cost on this machine right now.
  const idleLogin = [];
  for (let i = 0; i < 3; i++)
    idleLogin.push((await login(baseUrl, 'viewer', 'read-only-2026', '10.0.0.3')).ms);
  const idleIndex = [];
  for (let i = 0; i < 5; i++) idleIndex.push(await getIndex(baseUrl));

  const burstStarted = performance.now();
  const accountBurst = Promise.all(
    Array.from({ length: 30 }, (_v, i) =>
      login(baseUrl, 'demo', i === 2 ? 'summit-sites-2026' : `wrong-guess-${i}`, '10.0.0.1'),
    ),
  );
  const addressBurst = Promise.all(
    Array.from({ length: 40 }, (_v, i) => login(baseUrl, `made-up-${i}`, 'wrong-password', '10.0.0.2')),
  );
  const bursts = Promise.all([accountBurst, addressBurst]);
  const ownerLogin = sleep(100).then(() => login(baseUrl, 'demo', 'summit-sites-2026', '10.0.0.4'));
  const [otherLogins, indexLoads, [accountAnswers, addressAnswers], owner] = await Promise.all([
    sampleUntil(bursts, () => login(baseUrl, 'viewer', 'read-only-2026', '10.0.0.3'), {
      pauseMs: 100,
      min: 5,
    }),
    sampleUntil(bursts, () => getIndex(baseUrl), { pauseMs: 100, min: 10 }),
    bursts,
    ownerLogin,
  ]);
  const burstMs = performance.now() - burstStarted;

  const account = counts(accountAnswers);
  const address = counts(addressAnswers);
  const other = stats(otherLogins.map((s) => s.ms));
  const otherStatuses = counts(otherLogins);
  const index = stats(indexLoads);
  const accountLimit = PAIR_FREE_FAILURES * (accountAnswers[2].status === 200 ? 2 : 1);
  const addressPassed = addressAnswers.length - address[429];
  const limitsHold = account[401] <= accountLimit && addressPassed <= ADDRESS_LIMIT && owner.status === 200;
  const loginOk = other.maxMs <= GOAL_MS && otherStatuses[200] === otherLogins.length;
  const indexOk = index.maxMs <= GOAL_MS;
  const pass = limitsHold && loginOk && indexOk;
  const fmt = (c) => `200: ${c[200]}, 401: ${c[401]}, 429: ${c[429]}, 503: ${c[503]}`;

  report(
    'login-burst',
    [
      `idle: login p50 ${stats(idleLogin).p50Ms} ms, GET / p50 ${stats(idleIndex).p50Ms} ms`,
      `burst took ${(burstMs / 1000).toFixed(1)} s`,
      `30 logins for one account (29 wrong, 1 right): ${fmt(account)}; right password answered ${accountAnswers[2].status}; ${account[401]} failures let through (limit ${accountLimit})`,
      `the account's owner from another address meanwhile: ${owner.status} in ${Math.round(owner.ms)} ms`,
      `40 failures from one address: ${fmt(address)}; ${addressPassed} not refused (limit ${ADDRESS_LIMIT})`,
      `another user's login meanwhile, ${other.n} samples: p50 ${other.p50Ms} ms, max ${other.maxMs} ms (${fmt(otherStatuses)}) (goal <= ${GOAL_MS} ms): ${loginOk ? 'PASS' : 'MISS'}`,
      `GET / meanwhile, ${index.n} samples: p50 ${index.p50Ms} ms, max ${index.maxMs} ms (goal <= ${GOAL_MS} ms): ${indexOk ? 'PASS' : 'MISS'}`,
      `limits hold: ${limitsHold ? 'PASS' : 'FAIL'}`,
    ],
    {
      idleLoginP50Ms: stats(idleLogin).p50Ms,
      idleIndexP50Ms: stats(idleIndex).p50Ms,
      burstMs: Math.round(burstMs),
      accountBurst: account,
      addressBurst: address,
      rightPasswordStatus: accountAnswers[2].status,
      ownerLogin: owner,
      otherLogin: { ...other, statuses: otherStatuses },
      index,
      goalMs: GOAL_MS,
      limitsHold,
      pass,
    },
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.stop();
}
