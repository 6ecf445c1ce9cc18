import {
  CODE_FAILURES_PER_ACCOUNT,
  ErrorCodes,
  MfaMessages,
  RECOVERY_CODE_COUNT,
  SIGN_IN_TICKET_ATTEMPTS,
  TOTP_PERIOD_SECONDS,
  type Enrolled,
  type Factors,
  type SecondStep,
  type TotpSetup,
} from '@vp/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { basic, demoPassword, latestMailTo, setup, type TestContext } from '../../../test/helper.ts';
import { accountChanges, sessions } from '../../db/schema.ts';
import { sha256 } from '../../platform/passwords.ts';
import { totpCode } from './codes.ts';

/**
 * Two-step sign-in with MLS staff required to have a second factor (the default): enrolment at the
 * first sign-in, authenticator codes with the clock held still, replay, limits, recovery codes, the
 * profile's changes behind a fresh confirmation, and the console's reset.
 */

let t: TestContext;
beforeAll(async () => {
  t = await setup({ env: { MFA_REQUIRED_ROLES: 'admin' } });
  // The whole file runs on a held clock that only moves forward, a time step at a time.
  holdClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** A moment at the start of a time step, so a code stays right for the whole test step. */
let clock = Math.ceil(Date.now() / STEP_MS) * STEP_MS + 10 * STEP_MS;
function holdClock(): number {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], now: clock });
  return clock;
}
function nextStep(): number {
  clock += STEP_MS;
  vi.setSystemTime(clock);
  return clock;
}

const post = (url: string, payload: object, remoteAddress = '127.0.0.1', token?: string) =>
  t.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    ...(token ? { headers: t.auth(token) } : {}),
  });

async function passwordStep(username: string, remoteAddress = '127.0.0.1') {
  const res = await t.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic(username, demoPassword(username)) },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SecondStep | { token: string; role: string };
}

async function ticketOf(username: string, remoteAddress?: string): Promise<SecondStep> {
  const answer = await passwordStep(username, remoteAddress);
  expect(answer).toHaveProperty('secondStep');
  return answer as SecondStep;
}

/** The admin's authenticator app, as enrolled at the first sign-in. */
let adminSecret = '';
let adminRecovery: string[] = [];

describe('enrolment at the first sign-in of a role that must have a second factor', () => {
  it('answers a ticket, not a session, and the ticket opens nothing else', async () => {
    const step = await ticketOf('admin');
    expect(step).toMatchObject({ secondStep: 'enrol', role: 'admin', methods: ['totp', 'passkey'] });
    expect(step).not.toHaveProperty('token');
    for (const url of ['/api/profile', '/api/admin/users', '/api/profile/factors']) {
      const res = await t.inject({ method: 'GET', url, headers: t.auth(step.ticket) });
      expect(res.statusCode, url).toBe(401);
    }
    const key = await post('/api/api-keys', { name: 'x', scopes: ['read'] }, '127.0.0.1', step.ticket);
    expect(key.statusCode).toBe(401);
  });

  it('sets up an authenticator app, confirmed by its first code, then answers a session and recovery codes', async () => {
    const now = holdClock();
    const step = await ticketOf('admin');
    const setupRes = await post('/api/login/enrol/totp', { ticket: step.ticket });
    expect(setupRes.statusCode, setupRes.body).toBe(200);
    const totp = setupRes.json() as TotpSetup;
    expect(totp.uri).toMatch(/^otpauth:\/\/totp\/Vendor%20Portal:admin\?/);
    expect(totp.uri).toContain(`secret=${totp.secret}`);
    expect(totp.qrSvg).toMatch(/^<svg/);

    // A wrong code, and a recovery code before there are any, are refused; the ticket holds.
    const wrong = await post('/api/login/enrol/totp/confirm', { ticket: step.ticket, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MfaMessages.codeWrong);

    const done = await post('/api/login/enrol/totp/confirm', {
      ticket: step.ticket,
      code: totpCode(totp.secret, now),
    });
    expect(done.statusCode, done.body).toBe(200);
    const enrolled = done.json() as Enrolled;
    expect(enrolled.role).toBe('admin');
    expect(enrolled.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(enrolled.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const profile = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(enrolled.token) });
    expect(profile.statusCode).toBe(200);
    expect((await latestMailTo(t, 'admin@mls.example'))?.subject).toContain('authenticator app was added');

    // The ticket is spent.
    const again = await post('/api/login/enrol/totp/confirm', { ticket: step.ticket, code: '123456' });
    expect(again.statusCode).toBe(401);
    adminSecret = totp.secret;
    adminRecovery = enrolled.recoveryCodes;
  });
});

describe('the second step', () => {
  it('asks for the second factor at every later sign-in and takes each code once', async () => {
    holdClock();
    const step = await ticketOf('admin');
    expect(step).toMatchObject({ secondStep: 'verify', methods: ['totp', 'recovery'] });
    // The code of the step the app was confirmed with was used already.
    const replay = await post('/api/login/verify', {
      ticket: step.ticket,
      code: totpCode(adminSecret, clock),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(MfaMessages.codeUsed);

    const now = nextStep();
    const code = totpCode(adminSecret, now);
    const ok = await post('/api/login/verify', {
      ticket: step.ticket,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ role: 'admin' });

    // The same code on another ticket, at the same moment: refused.
    const other = await ticketOf('admin');
    const twice = await post('/api/login/verify', { ticket: other.ticket, code });
    expect(twice.json().message).toBe(MfaMessages.codeUsed);
    // A code one step old is still within the window, but not older than the last used.
    nextStep();
    const stale = await post('/api/login/verify', { ticket: other.ticket, code });
    expect(stale.json().message).toBe(MfaMessages.codeUsed);
  });

  it('accepts a code from one step either side of the clock, and no further', async () => {
    holdClock();
    clock += 10 * STEP_MS;
    vi.setSystemTime(clock);
    const step = await ticketOf('admin', '10.7.0.1');
    const far = await post(
      '/api/login/verify',
      { ticket: step.ticket, code: totpCode(adminSecret, clock + 2 * STEP_MS) },
      '10.7.0.1',
    );
    expect(far.json().message).toBe(MfaMessages.codeWrong);
    const ahead = await post(
      '/api/login/verify',
      { ticket: step.ticket, code: totpCode(adminSecret, clock + STEP_MS) },
      '10.7.0.1',
    );
    expect(ahead.statusCode, ahead.body).toBe(200);
  });

  it('voids a ticket after its wrong codes', async () => {
    const step = await ticketOf('admin', '10.7.1.1');
    for (let i = 1; i < SIGN_IN_TICKET_ATTEMPTS; i++) {
      const res = await post('/api/login/verify', { ticket: step.ticket, code: '000000' }, '10.7.1.1');
      expect(res.statusCode).toBe(400);
    }
    // The last one it takes ends the sign-in, and says why.
    const last = await post('/api/login/verify', { ticket: step.ticket, code: '000000' }, '10.7.1.1');
    expect(last.statusCode).toBe(401);
    expect(last.json().message).toBe(MfaMessages.ticketSpent);
    const after = await post(
      '/api/login/verify',
      { ticket: step.ticket, code: totpCode(adminSecret, nextStep()) },
      '10.7.1.1',
    );
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MfaMessages.ticketInvalid);
  });

  it('limits wrong codes per account across tickets and addresses, then refuses even the right one', async () => {
    holdClock();
    // Earlier tests spent a few of the account's quarter hour; fill the rest from new addresses.
    let refused = 0;
    for (let i = 0; i < CODE_FAILURES_PER_ACCOUNT + 2; i++) {
      const step = await ticketOf('admin', `10.8.${i}.1`);
      const res = await post('/api/login/verify', { ticket: step.ticket, code: '999999' }, `10.8.${i}.1`);
      if (res.statusCode === 429) refused++;
      else expect(res.statusCode).toBe(400);
    }
    expect(refused).toBeGreaterThan(0);
    const step = await ticketOf('admin', '10.8.99.1');
    const right = await post(
      '/api/login/verify',
      { ticket: step.ticket, code: totpCode(adminSecret, nextStep()) },
      '10.8.99.1',
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MfaMessages.tooManyCodes);
    // A quarter of an hour later the owner is back.
    clock += 16 * 60 * 1000;
    vi.setSystemTime(clock);
    const later = await ticketOf('admin', '10.8.99.1');
    const ok = await post(
      '/api/login/verify',
      { ticket: later.ticket, code: totpCode(adminSecret, clock) },
      '10.8.99.1',
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('takes each recovery code once, and mails the user when one is used', async () => {
    const [first, second] = adminRecovery;
    const step = await ticketOf('admin', '10.9.0.1');
    const used = await post(
      '/api/login/verify',
      { ticket: step.ticket, code: `${first!.slice(0, 5)}-${first!.slice(5).toUpperCase()}` },
      '10.9.0.1',
    );
    expect(used.statusCode, used.body).toBe(200);
    const mail = await latestMailTo(t, 'admin@mls.example');
    expect(mail?.subject).toContain('recovery code was used');
    expect(mail?.text).toContain(`You have ${RECOVERY_CODE_COUNT - 1} left`);

    const again = await ticketOf('admin', '10.9.0.1');
    const twice = await post('/api/login/verify', { ticket: again.ticket, code: first! }, '10.9.0.1');
    expect(twice.json().message).toBe(MfaMessages.codeWrong);
    const next = await post('/api/login/verify', { ticket: again.ticket, code: second! }, '10.9.0.1');
    expect(next.statusCode).toBe(200);
  });

  it('never answers a session for a login code, while the vendor without a factor signs in as before', async () => {
    const vendor = await passwordStep('demo');
    expect(vendor).toMatchObject({ role: 'vendor' });
    expect(vendor).toHaveProperty('token');

    const session = await signInAdmin();
    const minted = await post('/api/login/code/new', {}, '127.0.0.1', session);
    const res = await post('/api/login/code', { code: minted.json().code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ secondStep: 'verify', username: 'admin' });
    expect(res.json()).not.toHaveProperty('token');
  });

  it('keeps the factors through a password reset, which never opens a session', async () => {
    await post('/api/forgotpassword', { username: 'admin' }, '10.9.5.1');
    await vi.waitFor(async () =>
      expect((await latestMailTo(t, 'admin@mls.example'))?.subject).toContain('reset'),
    );
    const mail = await latestMailTo(t, 'admin@mls.example');
    const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    const reset = await t.inject({
      method: 'PUT',
      url: '/api/profile/resetpassword',
      payload: { token, password: 'A-new-staff-passphrase-77' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).not.toHaveProperty('token');
    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: basic('admin', 'A-new-staff-passphrase-77') },
    });
    expect(login.json()).toMatchObject({ secondStep: 'verify' });
    // Back to the demo password, for the tests after.
    const session = await signInAdmin('A-new-staff-passphrase-77');
    const back = await t.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: t.auth(session),
      payload: {
        ...(await profileOf(session)),
        password: demoPassword('admin'),
        currentPassword: 'A-new-staff-passphrase-77',
      },
    });
    expect(back.statusCode, back.body).toBe(200);
  });
});

async function profileOf(token: string) {
  const p = (await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) })).json();
  return { firstName: p.firstName, lastName: p.lastName, email: p.email };
}

/** A full sign-in of the admin: password and the app's code at the next step. */
async function signInAdmin(password = demoPassword('admin')): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic('admin', password) },
  });
  const step = res.json() as SecondStep;
  holdClock();
  const ok = await post('/api/login/verify', {
    ticket: step.ticket,
    code: totpCode(adminSecret, nextStep()),
  });
  expect(ok.statusCode, ok.body).toBe(200);
  return ok.json().token as string;
}

describe("the profile's sign-in methods", () => {
  it('asks for the password or a code again before a change, and keeps the last factor of a required role', async () => {
    const session = await signInAdmin();
    const list = (
      await t.inject({ method: 'GET', url: '/api/profile/factors', headers: t.auth(session) })
    ).json() as Factors;
    expect(list).toMatchObject({ required: true, factors: [{ kind: 'totp' }] });

    // The second step just given counts as a confirmation; an hour on, it does not.
    await t.db
      .update(sessions)
      .set({ confirmedAt: new Date(t.app.sessions.clock() - 60 * 60 * 1000) })
      .where(eq(sessions.tokenHash, sha256(session)));
    const totpId = list.factors[0]!.id;
    const stale = await t.inject({
      method: 'DELETE',
      url: `/api/profile/factors/${totpId}`,
      headers: t.auth(session),
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe(ErrorCodes.confirmFirst);
    const regen = await post('/api/profile/factors/recovery-codes', {}, '127.0.0.1', session);
    expect(regen.json().code).toBe(ErrorCodes.confirmFirst);

    const wrong = await post(
      '/api/profile/factors/confirm',
      { password: 'not-it-at-all' },
      '127.0.0.1',
      session,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MfaMessages.confirmWrong);
    const confirmed = await post(
      '/api/profile/factors/confirm',
      { password: demoPassword('admin') },
      '127.0.0.1',
      session,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const last = await t.inject({
      method: 'DELETE',
      url: `/api/profile/factors/${totpId}`,
      headers: t.auth(session),
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(MfaMessages.lastFactorRequired);

    const codes = await post('/api/profile/factors/recovery-codes', {}, '127.0.0.1', session);
    expect(codes.statusCode).toBe(200);
    expect((await latestMailTo(t, 'admin@mls.example'))?.subject).toContain('new recovery codes were made');
    const fresh = codes.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    // The old set is void.
    const step = await ticketOf('admin');
    expect(
      (await post('/api/login/verify', { ticket: step.ticket, code: adminRecovery[5]! })).json().message,
    ).toBe(MfaMessages.codeWrong);
    expect((await post('/api/login/verify', { ticket: step.ticket, code: fresh[0]! })).statusCode).toBe(200);
    adminRecovery = fresh;
  });

  it('lets a vendor add an authenticator app and remove it, mailed each time, and another user sees none of it', async () => {
    holdClock();
    const demo = await t.login('demo');
    // A password login is a confirmation of its own.
    const start = await post('/api/profile/factors/totp', {}, '127.0.0.1', demo);
    expect(start.statusCode, start.body).toBe(200);
    const { secret } = start.json() as TotpSetup;
    const added = await post(
      '/api/profile/factors/totp/confirm',
      { code: totpCode(secret, clock), name: 'Work phone' },
      '127.0.0.1',
      demo,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await latestMailTo(t, 'demo@summitweb.example'))?.subject).toContain(
      'authenticator app was added',
    );
    const list = (
      await t.inject({ method: 'GET', url: '/api/profile/factors', headers: t.auth(demo) })
    ).json() as Factors;
    expect(list).toMatchObject({
      required: false,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      factors: [{ kind: 'totp', name: 'Work phone' }],
    });

    // A second app while one is there: refused.
    expect((await post('/api/profile/factors/totp', {}, '127.0.0.1', demo)).statusCode).toBe(409);

    // The demo vendor now signs in in two steps too.
    expect(await passwordStep('demo')).toMatchObject({ secondStep: 'verify' });

    // Another user cannot see or remove it.
    const other = await t.login('other');
    const id = list.factors[0]!.id;
    const foreign = await t.inject({
      method: 'DELETE',
      url: `/api/profile/factors/${id}`,
      headers: t.auth(other),
    });
    expect(foreign.statusCode).toBe(404);

    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/profile/factors/${id}`,
      headers: t.auth(demo),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await latestMailTo(t, 'demo@summitweb.example'))?.subject).toBe(
      'Vendor Portal: an authenticator app was removed',
    );
    const after = (
      await t.inject({ method: 'GET', url: '/api/profile/factors', headers: t.auth(demo) })
    ).json() as Factors;
    // Without a factor the recovery codes are gone too, and the password alone signs in again.
    expect(after).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
    expect(await passwordStep('demo')).toHaveProperty('token');
  });

  it('is closed to API keys', async () => {
    const demo = await t.login('demo');
    const key = await t.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: t.auth(demo),
      payload: {
        name: 'Factor probe',
        scopes: ['read', 'websites'],
        expiresOn: new Date(clock + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(key.statusCode, key.body).toBe(201);
    const secret = key.json().secret as string;
    for (const [method, url] of [
      ['GET', '/api/profile/factors'],
      ['POST', '/api/profile/factors/totp'],
      ['POST', '/api/profile/factors/recovery-codes'],
    ] as const) {
      const res = await t.inject({ method, url, headers: { authorization: `Bearer ${secret}` } });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe("the console's reset", () => {
  it('is for MLS staff only', async () => {
    const demo = await t.login('demo');
    const res = await post('/api/admin/users/1/factors/reset', {}, '127.0.0.1', demo);
    expect(res.statusCode).toBe(404);
  });

  it("removes every factor and code, ends the user's sessions, records who did it, and mails the user", async () => {
    // The demo vendor sets up an app, then loses the phone.
    holdClock();
    const demo = await t.login('demo');
    const { secret } = (await post('/api/profile/factors/totp', {}, '127.0.0.1', demo)).json() as TotpSetup;
    await post('/api/profile/factors/totp/confirm', { code: totpCode(secret, clock) }, '127.0.0.1', demo);
    const demoId = (await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(demo) })).json()
      .id as number;

    const staff = await signInAdmin();
    const before = await t.inject({
      method: 'GET',
      url: `/api/admin/users/${demoId}/factors`,
      headers: t.auth(staff),
    });
    expect(before.json()).toMatchObject({
      required: false,
      factors: [{ kind: 'totp' }],
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });

    const reset = await post(`/api/admin/users/${demoId}/factors/reset`, {}, '127.0.0.1', staff);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(MfaMessages.staffReset(false));
    const after = await t.inject({
      method: 'GET',
      url: `/api/admin/users/${demoId}/factors`,
      headers: t.auth(staff),
    });
    expect(after.json()).toMatchObject({ factors: [], recoveryCodesLeft: 0 });

    const ended = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(demo) });
    expect(ended.statusCode).toBe(401);
    const [change] = await t.db
      .select()
      .from(accountChanges)
      .where(eq(accountChanges.subjectId, demoId))
      .orderBy(desc(accountChanges.id))
      .limit(1);
    expect(change).toMatchObject({ kind: 'user.factors_reset', actorName: expect.stringContaining('') });
    expect(change?.description).toBe("Reset demo's two-step sign-in");
    const mail = await latestMailTo(t, 'demo@summitweb.example');
    expect(mail?.subject).toContain('two-step sign-in was reset');
    expect(await passwordStep('demo')).toHaveProperty('token');
    const [row] = await t.db
      .select({ n: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, demoId))
      .limit(1);
    expect(row).toBeDefined();
  });
});
