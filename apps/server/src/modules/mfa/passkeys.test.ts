import {
  MfaMessages,
  RECOVERY_CODE_COUNT,
  type Enrolled,
  type Factors,
  type PasskeyOptions,
  type SecondStep,
} from '@vp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_URL,
  basic,
  demoPassword,
  latestMailTo,
  setup,
  type TestContext,
} from '../../../test/helper.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';

/**
 * Passkeys, answered by an authenticator in software: enrolment at sign-in, the second step, a
 * sign-in with a passkey alone (which must verify its user), replayed and foreign answers, and
 * the profile's named passkeys.
 */

let t: TestContext;
beforeAll(async () => {
  t = await setup({ env: { MFA_REQUIRED_ROLES: 'admin' } });
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, token?: string) =>
  t.inject({ method: 'POST', url, payload, ...(token ? { headers: t.auth(token) } : {}) });

async function ticketOf(username: string): Promise<SecondStep> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic(username, demoPassword(username)) },
  });
  return res.json() as SecondStep;
}

const phone = new SoftAuthenticator(PUBLIC_URL);

describe('passkeys', () => {
  it('enrol MLS staff at their first sign-in', async () => {
    const step = await ticketOf('admin');
    expect(step.secondStep).toBe('enrol');
    const { challengeId, options } = (
      await post('/api/login/enrol/passkey/options', { ticket: step.ticket })
    ).json() as PasskeyOptions;
    expect(options).toMatchObject({
      rp: { id: 'portal.test', name: 'Vendor Portal' },
      user: { name: 'admin' },
    });
    const res = await post('/api/login/enrol/passkey', {
      ticket: step.ticket,
      challengeId,
      response: phone.register(options),
      name: 'Office laptop',
    });
    expect(res.statusCode, res.body).toBe(200);
    const enrolled = res.json() as Enrolled;
    expect(enrolled.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const factors = (
      await t.inject({ method: 'GET', url: '/api/profile/factors', headers: t.auth(enrolled.token) })
    ).json() as Factors;
    expect(factors.factors).toMatchObject([{ kind: 'passkey', name: 'Office laptop' }]);
    expect((await latestMailTo(t, 'admin@mls.example'))?.subject).toContain('a passkey was added');
  });

  it('answer the second step, once per challenge', async () => {
    const step = await ticketOf('admin');
    expect(step).toMatchObject({ secondStep: 'verify', methods: ['passkey', 'recovery'] });
    const { challengeId, options } = (
      await post('/api/login/passkey/options', { ticket: step.ticket })
    ).json() as PasskeyOptions;
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: phone.passkeys[0]!.id })]);
    const answer = phone.authenticate(options);
    const res = await post('/api/login/passkey', { ticket: step.ticket, challengeId, response: answer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin' });

    // The same answer again, on a new ticket: the challenge is spent.
    const again = await ticketOf('admin');
    const replay = await post('/api/login/passkey', { ticket: again.ticket, challengeId, response: answer });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(MfaMessages.passkeyFailed);
  });

  it("refuse another user's passkey for a ticket, and an answer made for another site", async () => {
    const stranger = new SoftAuthenticator(PUBLIC_URL);
    const demo = await t.login('demo');
    const opts = (await post('/api/profile/factors/passkey/options', {}, demo)).json() as PasskeyOptions;
    const added = await post(
      '/api/profile/factors/passkey',
      { challengeId: opts.challengeId, response: stranger.register(opts.options), name: 'Demo key' },
      demo,
    );
    expect(added.statusCode, added.body).toBe(200);

    const step = await ticketOf('admin');
    const { challengeId, options } = (
      await post('/api/login/passkey/options', { ticket: step.ticket })
    ).json() as PasskeyOptions;
    const foreign = await post('/api/login/passkey', {
      ticket: step.ticket,
      challengeId,
      response: stranger.authenticate(options, stranger.passkeys[0]),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MfaMessages.passkeyUnknown);

    const phishing = new SoftAuthenticator('https://portal.test.evil.example');
    phishing.passkeys.push(phone.passkeys[0]!);
    const next = (await post('/api/login/passkey/options', { ticket: step.ticket })).json() as PasskeyOptions;
    const wrongSite = await post('/api/login/passkey', {
      ticket: step.ticket,
      challengeId: next.challengeId,
      response: phishing.authenticate(next.options),
    });
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().message).toBe(MfaMessages.passkeyFailed);
  });

  it('sign in on their own when the authenticator verified its user, and not otherwise', async () => {
    const { challengeId, options } = (await post('/api/login/passkey/options', {})).json() as PasskeyOptions;
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const res = await post('/api/login/passkey', { challengeId, response: phone.authenticate(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin' });

    const careless = new SoftAuthenticator(PUBLIC_URL, false);
    careless.passkeys.push(phone.passkeys[0]!);
    const next = (await post('/api/login/passkey/options', {})).json() as PasskeyOptions;
    const refused = await post('/api/login/passkey', {
      challengeId: next.challengeId,
      response: careless.authenticate(next.options),
    });
    expect(refused.statusCode).toBe(400);
  });

  it('are named and removable from the profile, behind a fresh confirmation', async () => {
    const opts = (await post('/api/login/passkey/options', {})).json() as PasskeyOptions;
    const token = (
      await post('/api/login/passkey', {
        challengeId: opts.challengeId,
        response: phone.authenticate(opts.options),
      })
    ).json().token as string;
    const start = await post('/api/profile/factors/passkey/options', {}, token);
    expect(start.statusCode, start.body).toBe(200);
    const { challengeId, options } = start.json() as PasskeyOptions;
    expect((options.excludeCredentials as { id: string }[]).map((c) => c.id)).toEqual([
      phone.passkeys[0]!.id,
    ]);
    const added = await post(
      '/api/profile/factors/passkey',
      { challengeId, response: phone.register(options), name: 'Phone' },
      token,
    );
    expect(added.statusCode, added.body).toBe(200);
    // Not the first factor: the recovery codes stay as they were.
    expect(added.json().recoveryCodes).toEqual([]);
    const list = (
      await t.inject({ method: 'GET', url: '/api/profile/factors', headers: t.auth(token) })
    ).json() as Factors;
    expect(list.factors.map((f) => f.name)).toEqual(['Office laptop', 'Phone']);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/profile/factors/${list.factors[0]!.id}`,
      headers: t.auth(token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await latestMailTo(t, 'admin@mls.example'))?.subject).toContain('passkey was removed');
  });
});
