// A window of website creates through the API by several clients at once, as a vendor's staff
// would send them; shared by the benches that measure creates as a vendor grows.
/* global fetch */
import { performance } from 'node:perf_hooks';

export const CLIENTS = 8;

let domainSeq = 0;

/** `n` creates by CLIENTS clients at once; answers each create's latency and the seconds in all. */
export async function createWindow(baseUrl, headers, members, n, next) {
  const samples = [];
  let left = n;
  const t0 = performance.now();
  async function client() {
    while (left > 0) {
      left -= 1;
      domainSeq += 1;
      const body = {
        domainName: `api${domainSeq}-${process.pid}-creates.com`,
        memberNumber: members[Math.floor(next() * members.length)],
        startDate: '2026-01-15',
        dba: domainSeq % 3 === 0 ? `Team ${domainSeq}` : '',
        products: [1 + (domainSeq % 3)],
      };
      const s0 = performance.now();
      const response = await fetch(`${baseUrl}/api/portal/websites`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status !== 201) throw new Error(`POST answered ${response.status}: ${text.slice(0, 200)}`);
      samples.push({ ms: performance.now() - s0 });
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { samples, seconds: (performance.now() - t0) / 1000 };
}
