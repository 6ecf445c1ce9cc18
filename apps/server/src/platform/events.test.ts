import { ErrorCodes } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { setup, usePostgres, type TestContext } from '../../test/helper.ts';

/**
 * Two app instances on one database, as behind a load balancer. On PostgreSQL each has its own
 * LISTEN/NOTIFY bus; on the embedded database they share the in-process bus of the first.
 */
let t: TestContext;
let second: FastifyInstance;
beforeAll(async () => {
  t = await setup();
  second = await buildApp({
    config: t.config,
    database: t.database,
    logger: false,
    ...(usePostgres ? {} : { bus: t.app.ctx.bus }),
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('several instances', () => {
  it('a logout on one instance ends the session cached by another', async () => {
    const token = await t.login('demo');
    const onSecond = () => second.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
    expect((await onSecond()).statusCode).toBe(200);

    await t.inject({ method: 'POST', url: '/api/logout', headers: t.auth(token) });
    const ended = await eventually(async () => (await onSecond()).json().code === ErrorCodes.invalidToken);
    expect(ended).toBe(true);
  });

  it('a profile change on one instance shows on the other', async () => {
    const token = await t.login('other');
    const onSecond = () => second.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
    expect((await onSecond()).json().firstName).toBe('Owen');
    await t.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: t.auth(token),
      payload: { email: 'owen.park@harboridx.example', firstName: 'Owena', lastName: 'Park' },
    });
    expect(await eventually(async () => (await onSecond()).json().firstName === 'Owena')).toBe(true);
  });
});
