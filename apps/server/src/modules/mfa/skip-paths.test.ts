import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiKeyMessages, type Enrolled, type SecondStep, type TotpSetup } from '@vp/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  basic,
  demoPassword,
  latestMailTo,
  setup,
  tokenFromLink,
  type TestContext,
} from '../../../test/helper.ts';
import { openLive } from '../../../test/live-client.ts';
import { totpCode } from './codes.ts';

/**
 * Every way into the portal that could skip a required second factor, tried with vendors required
 * to have one: an invitation, a login code, the live channel, and API keys. Each ends at the second
 * step (or enrolment), or is refused.
 */

let t: TestContext;
let base = '';
const STEP_MS = 30_000;
let clock = Math.ceil(Date.now() / STEP_MS) * STEP_MS + 20 * STEP_MS;
const tick = () => {
  clock += STEP_MS;
  vi.setSystemTime(clock);
  return clock;
};

beforeAll(async () => {
  t = await setup({ env: { MFA_REQUIRED_ROLES: 'vendor' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const post = (url: string, payload: object, token?: string) =>
  t.inject({ method: 'POST', url, payload, ...(token ? { headers: t.auth(token) } : {}) });

async function passwordStep(username: string, password = demoPassword(username)) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic(username, password) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SecondStep;
}

/** Enrols an authenticator app from a ticket; answers the session and the app's key. */
async function enrol(ticket: string): Promise<{ token: string; secret: string }> {
  const { secret } = (await post('/api/login/enrol/totp', { ticket })).json() as TotpSetup;
  const res = await post('/api/login/enrol/totp/confirm', { ticket, code: totpCode(secret, tick()) });
  expect(res.statusCode, res.body).toBe(200);
  return { token: (res.json() as Enrolled).token, secret };
}

let demoSession = '';

describe('with vendors required to have a second factor', () => {
  it('a vendor signs in to enrolment, and MLS staff (not required here) with the password alone', async () => {
    const step = await passwordStep('demo');
    expect(step).toMatchObject({ secondStep: 'enrol', role: 'vendor' });
    expect(await passwordStep('admin')).toHaveProperty('token');
    const done = await enrol(step.ticket);
    demoSession = done.token;
  });

  it('an accepted invitation answers enrolment, not a session', async () => {
    const admin = await t.login('admin');
    const invited = await t.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: t.auth(admin),
      payload: {
        email: 'skip.path@lakeside.example',
        username: 'skippath',
        firstName: 'Sam',
        lastName: 'Path',
        role: 'vendor',
        primaryVendorId: 1,
        otherVendorIds: [],
      },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await latestMailTo(t, 'skip.path@lakeside.example');
    const token = tokenFromLink(mail!.text, '/registration');
    const res = await t.inject({
      method: 'PUT',
      url: '/api/profile/register',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'Maple-harbor-lights-42', firstName: 'Sam', lastName: 'Path' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ secondStep: 'enrol', role: 'vendor' });
    expect(res.json()).not.toHaveProperty('token');
  });

  it('a login code answers the second step, not a session', async () => {
    const minted = await post('/api/login/code/new', {}, demoSession);
    expect(minted.statusCode, minted.body).toBe(200);
    const res = await post('/api/login/code', { code: minted.json().code });
    expect(res.json()).toMatchObject({ secondStep: 'verify', username: 'demo' });
    expect(res.json()).not.toHaveProperty('token');
  });

  it('the live channel refuses a ticket', async () => {
    const step = await passwordStep('demo');
    const socket = await openLive(base);
    socket.socket.send(JSON.stringify({ action: 'AUTHENTICATE', token: step.ticket, vendorId: 1 }));
    expect((await socket.closed).code).toBe(1011);
  });

  it('an API key works only while its maker has the factor the role requires', async () => {
    const made = await t.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: t.auth(demoSession),
      payload: {
        name: 'Factor bound',
        scopes: ['read'],
        expiresOn: new Date(clock + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = { authorization: `Bearer ${made.json().secret as string}` };
    const read = () => t.inject({ method: 'GET', url: '/api/portal/websites', headers: key });
    expect((await read()).statusCode).toBe(200);

    // Staff reset the maker's factors: the key stops at once, on every instance.
    const admin = await t.login('admin');
    const demoId = (
      await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(demoSession) })
    ).json().id as number;
    expect((await post(`/api/admin/users/${demoId}/factors/reset`, {}, admin)).statusCode).toBe(200);
    const refused = await read();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(ApiKeyMessages.invalid);

    // Enrolled again, the key works again.
    const step = await passwordStep('demo');
    expect(step.secondStep).toBe('enrol');
    await enrol(step.ticket);
    expect((await read()).statusCode).toBe(200);
  });
});

describe('the one door', () => {
  it('is the only code that opens a session', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const openers = (readdirSync(src, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /\bsessions\.create\(/.test(readFileSync(path.join(src, f), 'utf8')));
    expect(openers).toEqual([path.join('modules', 'mfa', 'service.ts')]);
  });
});
