import { LOGIN_CODE_TTL_MS, LoginCodeMessages } from '@vp/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../../test/helper.ts';
import { loginCodes, sessions } from '../../db/schema.ts';
import { sha256 } from '../../platform/passwords.ts';

/**
 * A link carries a one-time login code, never a session: single use, two minutes, and used only by
 * the POST that confirms it, after the page has shown whose account it opens.
 */

let t: TestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(async () => t?.close());

const exchange = (code: string) => t.inject({ method: 'POST', url: '/api/login/code', payload: { code } });
const whose = (code: string) =>
  t.inject({ method: 'POST', url: '/api/login/code/account', payload: { code } });

async function sessionCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(sessions);
  return row?.n ?? 0;
}

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

  it('are not used by opening the link or showing its account; only confirming starts a session', async () => {
    const attacker = await t.login('other');
    const code = await newCode(attacker);
    const before = await sessionCount();

    // Opening the link: the page, and the call that shows whose account it is, twice over.
    for (const url of [`/auth-redirect?token=${code}`, `/dashboard?token=${code}`]) {
      const page = await t.inject({ method: 'GET', url });
      expect(page.headers['set-cookie']).toBeUndefined();
    }
    for (let i = 0; i < 2; i++) {
      const shown = await whose(code);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toEqual({
        username: 'other',
        firstName: expect.any(String),
        lastName: expect.any(String),
        email: expect.stringContaining('@'),
      });
      expect(shown.json()).not.toHaveProperty('token');
    }
    expect(await sessionCount()).toBe(before);

    // The confirmation uses it: one new session, and the code is spent.
    const confirmed = await exchange(code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ username: 'other', token: expect.any(String) });
    expect(await sessionCount()).toBe(before + 1);
    expect((await whose(code)).json()).toEqual({ code: 400, message: LoginCodeMessages.invalid });
  });

  it('show no account for an unknown, used or expired code', async () => {
    expect((await whose('made-up-code')).json()).toEqual({ code: 400, message: LoginCodeMessages.invalid });
    const code = await newCode(await t.login('viewer'));
    await t.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(loginCodes.codeHash, sha256(code)));
    expect((await whose(code)).statusCode).toBe(400);
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
