import { Messages } from '@vp/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, demoPassword, setup, type TestContext } from '../../../test/helper.ts';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { afterReplyIdle } from '../../platform/after-reply.ts';
import { authService } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(async () => {
  await t.close();
});

const forgot = (username: string, remoteAddress: string) =>
  t.inject({ method: 'POST', url: '/api/forgotpassword', payload: { username }, remoteAddress });

async function mailsTo(to: string): Promise<number> {
  await afterReplyIdle();
  return (await t.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, to))).length;
}

describe('forgot password', () => {
  it('mails one account at most three times an hour, however many addresses ask', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_v, i) => forgot('demo', `10.30.0.${i}`)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await mailsTo('demo@summitweb.example')).toBe(3);
    // A refused request looks exactly like an accepted one.
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
  });

  it('sends at most three mails an hour on behalf of one address, across accounts', async () => {
    const names = ['viewer', 'other', 'admin', 'newbie', 'viewer', 'other'];
    for (const name of names) expect((await forgot(name, '10.30.1.1')).statusCode).toBe(200);
    await afterReplyIdle();
    const sent =
      (await mailsTo('viewer@summitweb.example')) +
      (await mailsTo('owen.park@harboridx.example')) +
      (await mailsTo('admin@mls.example')) +
      (await mailsTo('newbie@summitweb.example'));
    expect(sent).toBe(3);
  });

  it("still mails the owner's known browser and address once strangers have used up the hour", async () => {
    // The owner signed in from home once; the browser keeps its device cookie.
    const home = '10.30.8.1';
    const signedIn = await t.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: basic('newbie', demoPassword('newbie')) },
      remoteAddress: home,
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    // Strangers use up the account's three mails of the hour (earlier tests may have used one).
    const before = await mailsTo('newbie@summitweb.example');
    for (let i = 0; i < 3; i++) await forgot('newbie', `10.30.9.${i}`);
    const used = await mailsTo('newbie@summitweb.example');
    expect(used - before).toBeGreaterThan(0);
    // Another stranger gets nothing queued.
    await forgot('newbie', '10.30.9.9');
    expect(await mailsTo('newbie@summitweb.example')).toBe(used);
    // The owner's address, and the owner's browser from anywhere, still do.
    await forgot('newbie', home);
    expect(await mailsTo('newbie@summitweb.example')).toBe(used + 1);
    const fromBrowser = await t.inject({
      method: 'POST',
      url: '/api/forgotpassword',
      payload: { username: 'newbie' },
      headers: { cookie },
      remoteAddress: '10.30.10.1',
    });
    expect(fromBrowser.statusCode).toBe(200);
    expect(await mailsTo('newbie@summitweb.example')).toBe(used + 2);
  });

  it('answers known and unknown users identically', async () => {
    const known = await forgot('viewer', '10.30.2.1');
    const unknown = await forgot('nobody-at-all', '10.30.2.2');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: Messages.forgotPasswordSent });
    const shape = (r: typeof known) => Object.keys(r.headers).sort();
    expect(shape(known)).toEqual(shape(unknown));
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
  });

  it('answers before it looks anything up, and logs what goes wrong afterwards', async () => {
    const unusable = new Proxy({} as Db, {
      get() {
        throw new Error('database unavailable');
      },
    });
    const errors: unknown[] = [];
    const log = { ...t.app.log, error: (...args: unknown[]) => errors.push(args) } as FastifyBaseLogger;
    const service = authService({ ...t.app.ctx, db: unusable, log });
    expect(await service.forgotPassword('demo', '127.0.0.1')).toEqual({
      message: Messages.forgotPasswordSent,
    });
    expect(errors).toHaveLength(0);
    await afterReplyIdle();
    expect(errors).toHaveLength(1);
  });
});
