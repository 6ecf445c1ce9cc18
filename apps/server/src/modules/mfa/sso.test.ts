import { MfaMessages, type SecondStep } from '@vp/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, setup, type TestContext } from '../../../test/helper.ts';
import { startIdp, throughIdp, type TestIdp } from '../../../test/oidc-idp.ts';
import { users } from '../../db/schema.ts';

/**
 * Single sign-on for MLS staff against a real OpenID Connect provider started here: staff by claim
 * or by email domain, matched by verified email or made on first sign-in, the provider's second
 * factor trusted only when its token says so, and a return that is not this browser's refused.
 */

let t: TestContext;
let idp: TestIdp;
const callback = `${PUBLIC_URL}/api/login/sso/callback`;

beforeAll(async () => {
  idp = await startIdp(callback);
  t = await setup({
    env: {
      MFA_REQUIRED_ROLES: 'admin',
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_NAME: 'Lakeside MLS sign-in',
      OIDC_ADMIN_CLAIM: 'groups=mls-staff',
      OIDC_ADMIN_DOMAINS: 'staff.lakeside-mls.example',
      OIDC_CREATE_USERS: '1',
      OIDC_ALLOW_HTTP: '1',
    },
  });
  idp.accounts.set('alex', { email: 'admin@mls.example', email_verified: true, groups: ['mls-staff'] });
  idp.accounts.set('dana', { email: 'demo@summitweb.example', email_verified: true, groups: ['mls-staff'] });
  idp.accounts.set('riley', {
    email: 'riley.ng@staff.lakeside-mls.example',
    email_verified: true,
    given_name: 'Riley',
    family_name: 'Ng',
    preferred_username: 'riley.ng',
  });
  idp.accounts.set('unverified', {
    email: 'admin@mls.example',
    email_verified: false,
    groups: ['mls-staff'],
  });
  idp.accounts.set('outsider', {
    email: 'someone@elsewhere.example',
    email_verified: true,
    groups: ['brokers'],
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** A browser signing in through the provider as `accountId`; answers where the portal sent it. */
async function ssoAs(accountId: string, amr: string[] = ['pwd'], withCookie = true): Promise<URL> {
  idp.next.accountId = accountId;
  idp.next.amr = amr;
  const start = await t.inject({ method: 'GET', url: '/api/login/sso/start?redirect=%2Fadmin%2Fqueue' });
  expect(start.statusCode, start.body).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  expect(String(start.headers['set-cookie'])).toContain('HttpOnly');
  const authorize = new URL(String(start.headers.location));
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const back = new URL(await throughIdp(authorize.href, callback));
  const res = await t.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    ...(withCookie ? { headers: { cookie } } : {}),
  });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(String(res.headers.location), PUBLIC_URL);
}

const finish = (code: string) =>
  t.inject({ method: 'POST', url: '/api/login/sso/finish', payload: { code } });

describe('single sign-on for MLS staff', () => {
  it('is offered on the sign-in page under its name', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/login/sso' });
    expect(res.json()).toEqual({ enabled: true, name: 'Lakeside MLS sign-in' });
  });

  it("trusts the provider's second factor when its token says one was used: a session at once", async () => {
    const back = await ssoAs('alex', ['pwd', 'mfa']);
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('redirect')).toBe('/admin/queue');
    const code = back.searchParams.get('sso')!;
    const res = await finish(code);
    expect(res.statusCode, res.body).toBe(200);
    const { token, role } = res.json() as { token: string; role: string };
    expect(role).toBe('admin');
    const profile = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
    expect(profile.json().username, profile.body).toBe('admin');
    // The code works once.
    expect((await finish(code)).json().message).toBe(MfaMessages.ssoFailed);
  });

  it("asks for the portal's own second factor when the provider used none", async () => {
    const back = await ssoAs('alex', ['pwd']);
    const res = await finish(back.searchParams.get('sso')!);
    const step = res.json() as SecondStep;
    // The demo admin has no factor yet: enrolment, never a session.
    expect(step).toMatchObject({ secondStep: 'enrol', role: 'admin' });
    expect(step).not.toHaveProperty('token');
  });

  it('makes a staff account on first sign-in, by email domain', async () => {
    const back = await ssoAs('riley', ['mfa']);
    const res = await finish(back.searchParams.get('sso')!);
    expect(res.statusCode, res.body).toBe(200);
    const [made] = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'riley.ng@staff.lakeside-mls.example'`);
    expect(made).toMatchObject({
      username: 'riley.ng',
      role: 'admin',
      firstName: 'Riley',
      lastName: 'Ng',
      passwordHash: null,
    });
    // The second time, the same account.
    const again = await finish((await ssoAs('riley', ['mfa'])).searchParams.get('sso')!);
    expect(again.statusCode).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.username, 'riley.ng'))).length).toBe(1);
  });

  it('refuses an unverified email, someone who is not staff, and a vendor user whose email matches', async () => {
    for (const who of ['unverified', 'outsider', 'dana']) {
      const back = await ssoAs(who, ['mfa']);
      expect(back.searchParams.get('ssoError'), who).toBe('no-account');
      expect(back.searchParams.get('sso')).toBeNull();
    }
  });

  it('refuses a return that this browser did not start', async () => {
    const back = await ssoAs('alex', ['mfa'], false);
    expect(back.searchParams.get('ssoError')).toBe('failed');
  });
});
