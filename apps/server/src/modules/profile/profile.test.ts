import { EmailChangeMessages, ErrorCodes, Messages, PasswordMessages, profileSchema } from '@vp/contract';
import { PASSWORD_FEEDBACK } from '@vp/contract/password-strength';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_URL,
  basic,
  latestMailTo,
  refuseMailTo,
  setup,
  tokenFromLink,
  type TestContext,
} from '../../../test/helper.ts';
import { rowsOf } from '../../db/sql.ts';

let t: TestContext;
let viewer: string;
beforeAll(async () => {
  t = await setup();
  viewer = await t.login('viewer');
});
afterAll(async () => {
  await t.close();
});

const put = (token: string, payload: unknown) =>
  t.inject({ method: 'PUT', url: '/api/profile', headers: t.auth(token), payload: payload as object });

describe('PUT /api/profile/preferences/display', () => {
  const display = (token: string, payload: unknown) =>
    t.inject({
      method: 'PUT',
      url: '/api/profile/preferences/display',
      headers: t.auth(token),
      payload: payload as object,
    });
  const themeOf = async (token: string) =>
    profileSchema.parse(
      (await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) })).json(),
    ).theme;

  it('keeps the theme with the account: a second browser of the same user finds it, another user does not', async () => {
    const first = await t.login('other');
    expect(await themeOf(first)).toBe('system');
    const res = await display(first, { theme: 'dark' });
    expect(res.statusCode).toBe(200);
    expect(profileSchema.parse(res.json()).theme).toBe('dark');
    const second = await t.login('other');
    expect(await themeOf(second)).toBe('dark');
    expect(await themeOf(await t.login('demo'))).toBe('system');

    expect((await display(second, { theme: 'system' })).statusCode).toBe(200);
    expect(await themeOf(first)).toBe('system');
    const [row] = await rowsOf<{ theme: string | null }>(
      t.db,
      sql`SELECT theme FROM users WHERE username = 'other'`,
    );
    expect(row!.theme).toBeNull();
  });

  it('the read-only role keeps its own theme too', async () => {
    expect((await display(viewer, { theme: 'light' })).statusCode).toBe(200);
    expect(await themeOf(viewer)).toBe('light');
    await display(viewer, { theme: 'system' });
  });

  it('refuses what is not a theme with a clear message, and needs a session', async () => {
    const token = await t.login('demo');
    for (const bad of [{ theme: 'purple' }, { theme: '' }, {}, { theme: 'dark', extra: 1 }, null]) {
      const res = await display(token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).not.toMatch(/theme\b.*(enum|Invalid option)|\bundefined\b/i);
    }
    expect((await display(token, { theme: 'purple' })).json().message).toBe(
      'Please choose Device, Light or Dark.',
    );
    expect(await themeOf(token)).toBe('system');
    const anonymous = await t.inject({
      method: 'PUT',
      url: '/api/profile/preferences/display',
      payload: { theme: 'dark' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/profile', () => {
  it('answers the profile of the session user, vendor being the primary vendor id', async () => {
    const token = await t.login('demo');
    const res = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    const profile = profileSchema.parse(res.json());
    expect(profile).toMatchObject({
      username: 'demo',
      role: 'vendor',
      rolename: 'Vendor',
      acceptedTOS: true,
      active: true,
    });
    const vendors = await t.inject({ method: 'GET', url: '/api/profile/vendors', headers: t.auth(token) });
    const primary = vendors.json().find((v: { isPrimary: boolean }) => v.isPrimary);
    expect(profile.vendor).toBe(primary.rowKey);
  });

  it('lists the linked accounts with licensee, status and primary flag', async () => {
    const token = await t.login('demo');
    const res = await t.inject({ method: 'GET', url: '/api/profile/vendors', headers: t.auth(token) });
    expect(res.json()).toEqual([
      {
        rowKey: expect.any(Number),
        licensee: 'Summit Web Solutions',
        vendorCode: 'SWS',
        status: true,
        isPrimary: true,
      },
      {
        rowKey: expect.any(Number),
        licensee: 'Summit Web Solutions West',
        vendorCode: 'SWS-W',
        status: true,
        isPrimary: false,
      },
    ]);
    const other = await t.inject({
      method: 'GET',
      url: '/api/profile/vendors',
      headers: t.auth(await t.login('other')),
    });
    expect(other.json().map((v: { licensee: string }) => v.licensee)).toEqual(['Harbor IDX Co.']);
  });

  it('gives an admin every vendor to choose from', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/profile/vendors',
      headers: t.auth(await t.login('admin')),
    });
    expect(res.json()).toHaveLength(3);
    expect(res.json().filter((v: { isPrimary: boolean }) => v.isPrimary)).toHaveLength(1);
    // Each carries its code, so accounts whose names read alike can be told apart.
    expect(
      res
        .json()
        .map((v: { vendorCode: string }) => v.vendorCode)
        .sort(),
    ).toEqual(['HIC', 'SWS', 'SWS-W']);
  });
});

describe('PUT /api/profile', () => {
  it('updates names; a changed email waits for the current password and the link mailed to it', async () => {
    const token = await t.login('other');
    const base = { firstName: 'Owen', lastName: 'Parker', role: 'admin' };
    const named = await put(token, { ...base, email: ' Owen.Park@harboridx.example ' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({
      email: 'owen.park@harboridx.example',
      lastName: 'Parker',
      role: 'vendor',
      pendingEmail: null,
    });

    const bare = await put(token, { ...base, email: 'owen@harboridx.example' });
    expect(bare.json()).toEqual({ code: 400, message: EmailChangeMessages.passwordRequired });
    const wrong = await put(token, {
      ...base,
      email: 'owen@harboridx.example',
      currentPassword: 'not-it-at-all',
    });
    expect(wrong.json()).toEqual({ code: 400, message: Messages.currentPasswordWrong });

    const asked = await put(token, {
      ...base,
      email: 'owen@harboridx.example',
      currentPassword: 'harbor-lights-2026',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      email: 'owen.park@harboridx.example',
      pendingEmail: 'owen@harboridx.example',
    });
    const notice = await latestMailTo(t, 'owen.park@harboridx.example');
    expect(notice?.text).toContain('owen@harboridx.example');
    const link = await latestMailTo(t, 'owen@harboridx.example');
    const emailToken = tokenFromLink(link!.text, '/email');

    const confirmed = await t.inject({
      method: 'POST',
      url: '/api/profile/email/confirm',
      payload: { token: emailToken },
    });
    expect(confirmed.json()).toEqual({ message: EmailChangeMessages.changed });
    const after = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
    expect(after.json()).toMatchObject({ email: 'owen@harboridx.example', pendingEmail: null });
    expect((await latestMailTo(t, 'owen.park@harboridx.example'))?.subject).toMatch(/was changed/);

    const reused = await t.inject({
      method: 'POST',
      url: '/api/profile/email/confirm',
      payload: { token: emailToken },
    });
    expect(reused.json()).toEqual({ code: 400, message: EmailChangeMessages.linkInvalid });
  });

  it('records an email change only with its mails: when they cannot be queued, nothing is pending', async () => {
    const token = await t.login('admin');
    const restore = await refuseMailTo(t, 'staff.new@mls.example');
    try {
      const res = await put(token, {
        firstName: 'Ada',
        lastName: 'Staff',
        email: 'staff.new@mls.example',
        currentPassword: 'mls-staff-2026',
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    const pending = await rowsOf<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM email_changes WHERE new_email = 'staff.new@mls.example'`,
    );
    expect(pending[0]!.n).toBe(0);
    const profile = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
    expect(profile.json()).toMatchObject({ pendingEmail: null });
  });

  it("answers for another account's address exactly as for a free one, and tells that address's owner", async () => {
    const token = await t.login('viewer');
    const base = { firstName: 'Victor', lastName: 'Vance', currentPassword: 'read-only-2026' };
    const ownAddress = 'viewer@summitweb.example';
    const request = async (email: string) => {
      const res = await put(token, { ...base, email });
      const notice = await latestMailTo(t, ownAddress);
      return { status: res.statusCode, body: res.json() as Record<string, unknown>, notice };
    };
    const free = await request('victor.new@summitweb.example');
    const taken = await request('Admin@MLS.example');

    expect(taken.status).toBe(free.status);
    expect(taken.status).toBe(200);
    // The answers differ only in the address asked for, each echoed as the pending one.
    expect(taken.body).toEqual({ ...free.body, pendingEmail: 'Admin@MLS.example' });
    expect(free.body.pendingEmail).toBe('victor.new@summitweb.example');
    // The account's own address hears of both requests alike.
    expect(taken.notice!.subject).toBe(free.notice!.subject);
    expect(taken.notice!.text).toBe(
      free.notice!.text.replace('victor.new@summitweb.example', 'Admin@MLS.example'),
    );

    // The owner of the address in use is told, without a link that could take it anywhere.
    const warning = await latestMailTo(t, 'admin@mls.example');
    expect(warning?.subject).toMatch(/another account/);
    expect(warning?.text).toContain('another account');
    // No link that acts: only the portal's address under every mail.
    expect(warning?.text.replaceAll(`${PUBLIC_URL}/\n`, '')).not.toMatch(/https?:\/\//);
    const admin = await t.inject({
      method: 'GET',
      url: '/api/profile',
      headers: t.auth(await t.login('admin')),
    });
    expect(admin.json()).toMatchObject({ email: 'admin@mls.example', pendingEmail: null });
  });

  it('keeps addresses unique when two accounts confirm the same one', async () => {
    const demo = await t.login('demo');
    const other = await t.login('newbie');
    const shared = 'shared.inbox@example.com';
    const ask = (token: string, names: Record<string, string>, currentPassword: string) =>
      put(token, { ...names, email: shared, currentPassword });
    expect(
      (await ask(demo, { firstName: 'Dana', lastName: 'Whitfield' }, 'summit-sites-2026')).statusCode,
    ).toBe(200);
    const demoLink = tokenFromLink((await latestMailTo(t, shared))!.text, '/email');
    expect((await ask(other, { firstName: 'Nora', lastName: 'Bell' }, 'first-visit-2026')).statusCode).toBe(
      200,
    );
    const otherLink = tokenFromLink((await latestMailTo(t, shared))!.text, '/email');
    const confirm = (token: string) =>
      t.inject({ method: 'POST', url: '/api/profile/email/confirm', payload: { token } });
    const answers = await Promise.all([confirm(demoLink), confirm(otherLink)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [row] = await rowsOf<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM users WHERE lower(email) = ${shared}`,
    );
    expect(row!.n).toBe(1);
  });

  it.each([
    [{ email: 'not-an-email', firstName: 'A', lastName: 'B' }, 'Please enter a valid email address.'],
    [{ email: 'a@b.example', firstName: '  ', lastName: 'B' }, 'Please enter your first name.'],
    [{ email: 'a@b.example', firstName: 'A', lastName: '' }, 'Please enter your last name.'],
    [
      { email: 'a@b.example', firstName: 'A', lastName: 'B', password: 'new-password-1' },
      'Please enter your current password to set a new one.',
    ],
    [
      { email: 'a@b.example', firstName: 'A', lastName: 'B', password: 'short', currentPassword: 'x' },
      'Password must be at least 10 characters.',
    ],
  ])('refuses %j with 400 and a clear message', async (payload, message) => {
    const res = await put(viewer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it('refuses a new password holding the username, common, repeated, sequential or guessable, after the current one', async () => {
    const base = { email: 'viewer@summitweb.example', firstName: 'Victor', lastName: 'Vance' };
    const current = 'read-only-2026';
    for (const [password, message] of [
      ['viewer-2026!', PasswordMessages.hasUsername],
      ['Password123', PasswordMessages.common],
      ['          ', PasswordMessages.blank],
      ['1234512345', PasswordMessages.repeated],
      ['abcdabcdab', PasswordMessages.repeated],
      ['1234567890', PasswordMessages.sequence],
      [
        'Summer2026!',
        PasswordMessages.weak(
          PASSWORD_FEEDBACK.warnings.similarToCommon,
          PASSWORD_FEEDBACK.suggestions.anotherWord,
        ),
      ],
    ] as const) {
      const res = await put(viewer, { ...base, password, currentPassword: current });
      expect(res.json(), password).toEqual({ code: 400, message });
    }
    expect(await t.login('viewer')).toBeTruthy();
  });

  it('refuses a missing body with 400', async () => {
    const res = await t.inject({ method: 'PUT', url: '/api/profile', headers: t.auth(viewer) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it('changes the password only with the right current password, ending other sessions', async () => {
    const token = await t.login('newbie');
    const elsewhere = await t.login('newbie');
    const base = { email: 'newbie@summitweb.example', firstName: 'Nora', lastName: 'Bell' };

    const wrong = await put(token, {
      ...base,
      password: 'fresh-secret-2',
      currentPassword: 'not-it-at-all',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(Messages.currentPasswordWrong);

    const ok = await put(token, { ...base, password: 'fresh-secret-2', currentPassword: 'first-visit-2026' });
    expect(ok.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) })).statusCode).toBe(
      200,
    );
    const ended = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(elsewhere) });
    expect(ended.json().code).toBe(ErrorCodes.sessionEnded);

    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: basic('newbie', 'fresh-secret-2') },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('terms of service', () => {
  it('serves the terms without a session', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/settings/tos' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: expect.any(String),
      effectiveDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(res.json().text.length).toBeGreaterThan(100);
  });

  it('records acceptance for a user who had not accepted', async () => {
    const [token] = await Promise.all([t.login('newbie', 'fresh-secret-2')]);
    const before = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token!) });
    expect(before.json().acceptedTOS).toBe(false);
    const res = await t.inject({ method: 'PUT', url: '/api/profile/tos', headers: t.auth(token!) });
    expect(res.statusCode).toBe(200);
    expect(res.json().acceptedTOS).toBe(true);
    const after = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token!) });
    expect(after.json().acceptedTOS).toBe(true);
  });
});
