import { LOGIN_CODE_TTL_MS, LoginCodeMessages } from '@vp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../../test/helper.ts';
import { loginCodes } from '../../db/schema.ts';
import { sha256 } from '../../platform/passwords.ts';

/** A link carries a one-time login code, never a session: single use, two minutes, exchanged by POST. */

let t: TestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(async () => t?.close());

const exchange = (code: string) => t.inject({ method: 'POST', url: '/api/login/code', payload: { code } });

async function newCode(token: string): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/login/code/new', headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  const { code, expiresAt } = res.json() as { code: string; expiresAt: string };
  expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(LOGIN_CODE_TTL_MS);
  return code;
}

describe('one-time login codes', () => {
  it('are issued to a session and exchanged once for a new session of the same user', async () => {
    const demo = await t.login('demo');
    const code = await newCode(demo);
    const res = await exchange(code);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json() as { token: string; role: string; username: string };
    expect(session).toMatchObject({ role: 'vendor', username: 'demo' });
    expect(session.token).not.toBe(demo);
    const profile = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(session.token) });
    expect(profile.json().username).toBe('demo');

    const again = await exchange(code);
    expect(again.json()).toEqual({ code: 400, message: LoginCodeMessages.invalid });
  });

  it('refuses an expired code, an unknown one, and a session token offered as a code', async () => {
    const demo = await t.login('demo');
    const code = await newCode(demo);
    await t.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(loginCodes.codeHash, sha256(code)));
    expect((await exchange(code)).statusCode).toBe(400);
    expect((await exchange('made-up-code')).statusCode).toBe(400);
    expect((await exchange(demo)).json()).toEqual({ code: 400, message: LoginCodeMessages.invalid });
  });

  it('lets one of parallel exchanges of a code through', async () => {
    const code = await newCode(await t.login('viewer'));
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('issues codes only to a session', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/login/code/new' });
    expect(res.statusCode).toBe(401);
  });
});
