import { afterAll, beforeAll, expect, it } from 'vitest';
import { dayFromToday, setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/**
 * A key draws from a request budget of its own, like a user's session: a script spending its key's
 * budget is refused (429) while its maker, signed in, goes on working, and the other way round.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal({ env: { USER_REQUESTS_PER_SECOND: '0.1', USER_REQUEST_BURST: '6' } });
});
afterAll(async () => t?.close());

it("keeps a key's budget apart from its maker's", async () => {
  const made = await t.call(t.tokens.demo, 'POST', '/api/api-keys', {
    name: 'Busy script',
    scopes: ['read'],
    expiresOn: dayFromToday(30),
  });
  expect(made.statusCode).toBe(201);
  const secret = made.json().secret as string;
  const byKey = () =>
    t.inject({ method: 'GET', url: '/api/portal/metadata', headers: { authorization: `Bearer ${secret}` } });
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await byKey()).statusCode);
  expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(statuses.slice(6)).toEqual([429, 429]);
  // The maker's session has its own: one spent on making the key, the rest still there.
  expect((await t.call(t.tokens.demo, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
});
