import {
  ErrorCodes,
  Messages,
  PasswordMessages,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  UserMessages,
} from '@vp/contract';
import { PASSWORD_FEEDBACK as feedback } from '@vp/contract/password-strength';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, passwordTokens, sessions, users } from '../../db/schema.ts';
import { sha256 } from '../../platform/passwords.ts';
import { afterReplyIdle } from '../../platform/after-reply.ts';
import {
  basic,
  latestMailTo as latestMailToOf,
  setup,
  tokenFromLink,
  type TestContext,
} from '../../../test/helper.ts';
import { authService } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  t.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic(username, password) },
    remoteAddress,
  });

const profile = (token: string) => t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });

/** Asks for a reset link; each caller has its own address, as reset mails are limited per address. */
const forgot = (username: string, remoteAddress: string) =>
  t.inject({ method: 'POST', url: '/api/forgotpassword', payload: { username }, remoteAddress });

const latestMailTo = (to: string) => latestMailToOf(t, to);

describe('login', () => {
  it('answers token and role for good credentials, with the username trimmed', async () => {
    const res = await login('  demo  ', 'summit-sites-2026');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.role).toBe('vendor');
    expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect((await profile(body.token)).json().username).toBe('demo');
  });

  it('accepts the username in any letter case', async () => {
    expect((await login('DEMO', 'summit-sites-2026')).statusCode).toBe(200);
  });

  it('gives the same 401 answer for an unknown user and a wrong password', async () => {
    const wrong = await login('demo', 'not-the-password', '10.0.1.1');
    const unknown = await login('nobody-here', 'whatever-pass', '10.0.1.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 401, message: Messages.loginFailed });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a request without credentials with a clear 400', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Please enter your username.' });
  });

  it('issues a new token at each login and stores only its hash', async () => {
    const a = await t.login('viewer');
    const b = await t.login('viewer');
    expect(a).not.toBe(b);
    const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    const stored = rows.map((r) => r.tokenHash);
    expect(stored).toContain(sha256(a));
    expect(stored).toContain(sha256(b));
    expect(stored).not.toContain(a);
    expect(stored).not.toContain(b);
    const dump = JSON.stringify(await t.db.select().from(sessions));
    expect(dump).not.toContain(a);
  });
});

describe('session tokens', () => {
  it('answers 50008 for a forged or missing token', async () => {
    for (const headers of [{ authorization: 'Bearer forged-token-value' }, {}]) {
      const res = await t.inject({ method: 'GET', url: '/api/profile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCodes.invalidToken);
    }
  });

  it('answers 50014 after the idle timeout', async () => {
    const token = await t.login('demo');
    expect((await profile(token)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(sessions.tokenHash, sha256(token)));
    t.app.sessions.clearCache();
    const res = await profile(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCodes.tokenExpired);
  });

  it('answers 50014 after the absolute lifetime even when active', async () => {
    const token = await t.login('demo');
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - SESSION_ABSOLUTE_MS - 60_000), lastSeenAt: new Date() })
      .where(eq(sessions.tokenHash, sha256(token)));
    t.app.sessions.clearCache();
    const res = await profile(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCodes.tokenExpired);
  });

  it('keeps a session alive while used and records last use at most once a minute', async () => {
    const token = await t.login('demo');
    const old = new Date(Date.now() - 30 * 60_000);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: old })
      .where(eq(sessions.tokenHash, sha256(token)));
    t.app.sessions.clearCache();
    expect((await profile(token)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('logout ends the session on the server: the token then answers 50008', async () => {
    const token = await t.login('demo');
    const out = await t.inject({ method: 'POST', url: '/api/logout', headers: t.auth(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logged out' });
    const res = await profile(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCodes.invalidToken);
    t.app.sessions.clearCache();
    expect((await profile(token)).json().code).toBe(ErrorCodes.invalidToken);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the user exists, and mails a one-hour link only to a real user', async () => {
    const before = await t.db.select().from(outbox);
    const unknown = await forgot('no-such-user', '10.5.0.1');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: Messages.forgotPasswordSent });
    await afterReplyIdle();
    expect(await t.db.select().from(outbox)).toHaveLength(before.length);

    const known = await forgot(' Viewer ', '10.5.0.1');
    expect(known.json()).toEqual(unknown.json());
    const mail = await latestMailTo('viewer@summitweb.example');
    const token = tokenFromLink(mail!.text, '/password');
    const [row] = await t.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, sha256(token)));
    expect(row!.kind).toBe('reset');
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 1000);
  });

  it('validates the body', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/forgotpassword', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter your username.');
  });

  it("resets once with the mailed token and ends the user's other sessions (50012)", async () => {
    const existing = await t.login('newbie');
    await forgot('newbie', '10.5.0.2');
    const token = tokenFromLink((await latestMailTo('newbie@summitweb.example'))!.text, '/password');

    const reset = await t.inject({
      method: 'PUT',
      url: '/api/profile/resetpassword',
      payload: { token, password: 'a-brand-new-secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Your password has been changed.' });

    const old = await profile(existing);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe(ErrorCodes.sessionEnded);

    expect((await login('newbie', 'first-visit-2026', '10.3.0.1')).statusCode).toBe(401);
    expect((await login('newbie', 'a-brand-new-secret', '10.3.0.1')).statusCode).toBe(200);

    const again = await t.inject({
      method: 'PUT',
      url: '/api/profile/resetpassword',
      payload: { token, password: 'yet-another-secret' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, message: Messages.resetTokenInvalid });
  });

  it('refuses blank, monotonous, repeated, sequential, common, guessable and username-bearing passwords, keeping the token usable', async () => {
    await forgot('viewer', '10.5.0.4');
    const token = tokenFromLink((await latestMailTo('viewer@summitweb.example'))!.text, '/password');
    for (const [password, message] of [
      [' '.repeat(10), PasswordMessages.blank],
      ['aaaaaaaaaa', PasswordMessages.distinct],
      ['1212121212', PasswordMessages.distinct],
      ['1234512345', PasswordMessages.repeated],
      ['abcdabcdab', PasswordMessages.repeated],
      ['0123456789', PasswordMessages.sequence],
      ['my-VIEWER-secret', PasswordMessages.hasUsername],
      ['Password123', PasswordMessages.common],
      ['qwertyuiop', PasswordMessages.common],
      [
        'Sunshine2024',
        PasswordMessages.weak(feedback.warnings.similarToCommon, feedback.suggestions.anotherWord),
      ],
      ['dragonfly77', PasswordMessages.weak(null, feedback.suggestions.anotherWord)],
    ] as const) {
      const res = await t.inject({
        method: 'PUT',
        url: '/api/profile/resetpassword',
        payload: { token, password },
      });
      expect(res.json(), password).toEqual({ code: 400, message });
    }
    expect((await login('viewer', 'read-only-2026', '10.3.0.4')).statusCode).toBe(200);
    const ok = await t.inject({
      method: 'PUT',
      url: '/api/profile/resetpassword',
      payload: { token, password: 'read-only-2026' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses an expired reset token and a too-short password', async () => {
    await forgot('other', '10.5.0.3');
    const token = tokenFromLink((await latestMailTo('owen.park@harboridx.example'))!.text, '/password');

    const short = await t.inject({
      method: 'PUT',
      url: '/api/profile/resetpassword',
      payload: { token, password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 10 characters.');

    await t.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.tokenHash, sha256(token)));
    const res = await t.inject({
      method: 'PUT',
      url: '/api/profile/resetpassword',
      payload: { token, password: 'long-enough-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(Messages.resetTokenInvalid);
  });
});

describe('registration by invitation', () => {
  it('sets the password and activates the invited user', async () => {
    const [invited] = await t.db
      .insert(users)
      .values({ username: 'invited', role: 'vendor', email: 'invited@summitweb.example', active: false })
      .returning({ id: users.id });
    const token = await authService(t.app.ctx).invite(invited!.id, 'invited@summitweb.example');
    const mail = await latestMailTo('invited@summitweb.example');
    expect(tokenFromLink(mail!.text, '/registration')).toBe(token);

    expect((await login('invited', 'chosen-password-1', '10.4.0.1')).statusCode).toBe(401);

    // The registration page shows whom the invitation is for, as many times as it is opened.
    for (let i = 0; i < 2; i++) {
      const whom = await t.inject({
        method: 'GET',
        url: '/api/profile/register',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(whom.json()).toEqual({
        username: 'invited',
        email: 'invited@summitweb.example',
        firstName: '',
        lastName: '',
      });
    }
    for (const headers of [{}, { authorization: 'Bearer not-an-invitation' }]) {
      const refused = await t.inject({ method: 'GET', url: '/api/profile/register', headers });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(UserMessages.invitationInvalid);
    }

    const missing = await t.inject({
      method: 'PUT',
      url: '/api/profile/register',
      payload: { password: 'chosen-password-1' },
    });
    expect(missing.statusCode).toBe(400);

    // A weak password is refused with its reason, and the invitation still works.
    for (const [password, message] of [
      ['abcdabcdab', PasswordMessages.repeated],
      [
        'Sunshine2024',
        PasswordMessages.weak(feedback.warnings.similarToCommon, feedback.suggestions.anotherWord),
      ],
    ] as const) {
      const weak = await t.inject({
        method: 'PUT',
        url: '/api/profile/register',
        headers: { authorization: `Bearer ${token}` },
        payload: { password, firstName: 'Ivy', lastName: 'Nguyen' },
      });
      expect(weak.json(), password).toEqual({ code: 400, message });
    }

    const res = await t.inject({
      method: 'PUT',
      url: '/api/profile/register',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'chosen-password-1', firstName: 'Ivy', lastName: 'Nguyen' },
    });
    expect(res.statusCode).toBe(200);
    // The new user is signed in by the answer: its session works at once.
    const registered = res.json();
    expect(registered).toEqual({
      message: 'Your account is ready, and you are signed in.',
      token: expect.any(String),
      role: 'vendor',
    });
    const me = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(registered.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('invited');
    // A used invitation no longer says whom it was for.
    const used = await t.inject({
      method: 'GET',
      url: '/api/profile/register',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(used.statusCode).toBe(400);

    const [row] = await t.db.select().from(users).where(eq(users.id, invited!.id));
    expect(row!.active).toBe(true);
    expect(row!.firstName).toBe('Ivy');
    expect((await login('invited', 'chosen-password-1', '10.4.0.2')).statusCode).toBe(200);

    const reuse = await t.inject({
      method: 'PUT',
      url: '/api/profile/register',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'chosen-password-2' },
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('does not accept a reset token as an invitation', async () => {
    await forgot('demo', '10.5.0.4');
    const token = tokenFromLink((await latestMailTo('demo@summitweb.example'))!.text, '/password');
    const res = await t.inject({
      method: 'PUT',
      url: '/api/profile/register',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'chosen-password-3' },
    });
    expect(res.statusCode).toBe(400);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, sha256(token)));
    expect(count!.n).toBe(1);
  });
});
