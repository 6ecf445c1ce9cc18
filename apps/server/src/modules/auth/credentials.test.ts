import { EmailChangeMessages, LoginCodeMessages, Messages, PasswordMessages } from '@vp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, latestMailTo, setup, tokenFromLink, type TestContext } from '../../../test/helper.ts';

/**
 * A login code, a reset link and an email-change link are each a way into the account: none outlives
 * the change of keys that should end it (a logout, a new password, a new address).
 */

let t: TestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(async () => t?.close());

const ADDRESSES: Record<string, string> = {
  other: 'owen.park@harboridx.example',
  admin: 'admin@mls.example',
};

async function newCode(token: string): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/login/code/new', headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { code: string }).code;
}

const useCode = (code: string) => t.inject({ method: 'POST', url: '/api/login/code', payload: { code } });

async function profileOf(token: string) {
  const res = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
  return res.json() as { firstName: string; lastName: string; email: string };
}

async function changePassword(username: string, token: string, password: string) {
  const me = await profileOf(token);
  const res = await t.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: t.auth(token),
    payload: {
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      password,
      currentPassword: demoPassword(username),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function askEmailChange(username: string, token: string, email: string): Promise<string> {
  const me = await profileOf(token);
  const res = await t.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: t.auth(token),
    payload: { firstName: me.firstName, lastName: me.lastName, email, currentPassword: demoPassword(username) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return tokenFromLink((await latestMailTo(t, email))!.text, '/email');
}

const confirmEmail = (token: string) =>
  t.inject({ method: 'POST', url: '/api/profile/email/confirm', payload: { token } });

async function resetLink(username: string, address: string, mailTo = ADDRESSES[username]!): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/forgotpassword',
    payload: { username },
    remoteAddress: address,
  });
  expect(res.statusCode).toBe(200);
  return tokenFromLink((await latestMailTo(t, mailTo))!.text, '/password');
}

const resetWith = (token: string, password: string) =>
  t.inject({ method: 'PUT', url: '/api/profile/resetpassword', payload: { token, password } });

describe('a login code ends with', () => {
  it('the logout of the session that minted it', async () => {
    const session = await t.login('demo');
    const code = await newCode(session);
    const out = await t.inject({ method: 'POST', url: '/api/logout', headers: t.auth(session) });
    expect(out.statusCode).toBe(200);
    expect((await useCode(code)).json()).toEqual({ code: 400, message: LoginCodeMessages.invalid });
  });

  it('a password change in the profile', async () => {
    const session = await t.login('viewer');
    const code = await newCode(session);
    await changePassword('viewer', session, 'Quartz-Lantern-Meadow-91');
    expect((await useCode(code)).json()).toEqual({ code: 400, message: LoginCodeMessages.invalid });
  });

  it('a reset through the mailed link', async () => {
    const session = await t.login('other');
    const code = await newCode(session);
    const link = await resetLink('other', '10.39.3.1');
    const reset = await resetWith(link, 'Copper-Falcon-Harbour-47');
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await useCode(code)).json()).toEqual({ code: 400, message: LoginCodeMessages.invalid });
  });
});

describe('a reset link ends with', () => {
  it('a password change in the profile', async () => {
    const link = await resetLink('admin', '10.39.4.1');
    const session = await t.login('admin');
    await changePassword('admin', session, 'Granite-Orchid-Violet-38');
    const res = await resetWith(link, 'Taken-Over-By-Someone-5');
    expect(res.json()).toEqual({ code: 400, message: Messages.resetTokenInvalid });
  });
});

describe('an email change', () => {
  let session: string;
  beforeAll(async () => {
    session = await t.login('demo');
  });

  it('replaces an older pending change: its link stops working', async () => {
    const older = await askEmailChange('demo', session, 'dana.first@summitweb.example');
    const newer = await askEmailChange('demo', session, 'dana.second@summitweb.example');
    expect((await confirmEmail(older)).json()).toEqual({ code: 400, message: EmailChangeMessages.linkInvalid });
    expect((await confirmEmail(newer)).json()).toEqual({ message: EmailChangeMessages.changed });
    expect((await profileOf(session)).email).toBe('dana.second@summitweb.example');
  });

  it('once confirmed, spends the reset links mailed to the old address', async () => {
    const link = await resetLink('demo', '10.39.5.1', 'dana.second@summitweb.example');
    const change = await askEmailChange('demo', session, 'dana.third@summitweb.example');
    expect((await confirmEmail(change)).json()).toEqual({ message: EmailChangeMessages.changed });
    const res = await resetWith(link, 'Amber-Willow-Crescent-64');
    expect(res.json()).toEqual({ code: 400, message: Messages.resetTokenInvalid });
  });
});

describe("a new password made of the user's own words", () => {
  it('is refused through the profile and through a reset link, naming why', async () => {
    // Owen Park of Harbor IDX Co., owen.park@harboridx.example.
    const session = await t.login('other', 'Copper-Falcon-Harbour-47');
    const me = await profileOf(session);
    for (const password of ['Owen-Park-2026', 'owenpark2026', 'harboridx.example', 'VendorPortal2026']) {
      const res = await t.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: t.auth(session),
        payload: {
          firstName: me.firstName,
          lastName: me.lastName,
          email: me.email,
          password,
          currentPassword: 'Copper-Falcon-Harbour-47',
        },
      });
      expect(res.json(), password).toEqual({ code: 400, message: PasswordMessages.ownWords });
    }
    const link = await resetLink('other', '10.39.6.1');
    expect((await resetWith(link, 'Harbor-IDX-2026')).json()).toEqual({
      code: 400,
      message: PasswordMessages.ownWords,
    });
    // The link still works for a password of the user's own making.
    expect((await resetWith(link, 'Lantern-Quarry-Sable-73')).statusCode).toBe(200);
  });
});
