import type { AddressInfo } from 'node:net';
import { ErrorCodes, Messages, UserMessages, type UserList, type UserSummary } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeLive } from '../../../test/live-client.ts';
import { demoPassword, latestMailTo, tokenFromLink } from '../../../test/helper.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

let t: PortalTest;
let base: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await setupPortal();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of await t.rows<{ id: number; username: string }>(sql`SELECT id, username FROM users`))
    ids[u.username] = u.id;
  // A second MLS administrator, to take the place of the last one.
  const hash = await hashPassword('second-admin-password-7');
  const [row] = await t.rows<{ id: number }>(
    sql`INSERT INTO users (username, password_hash, role, email, first_name, last_name, accepted_tos_at, accepted_tos_version)
      SELECT 'staff2', ${hash}, 'admin', 'staff2@mls.example', 'Sam', 'Reyes', accepted_tos_at, accepted_tos_version
      FROM users WHERE username = 'admin' RETURNING id`,
  );
  ids.staff2 = row!.id;
});
afterAll(async () => t?.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.call(t.tokens.admin, method, url, payload);

async function history(userId: number) {
  return (await admin('GET', `/api/admin/users/${userId}/history`)).json<{ kind: string; actor: string }[]>();
}

describe('GET /api/admin/users', () => {
  it('lists users with their role, standing and linked accounts', async () => {
    const res = await admin('GET', '/api/admin/users?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<UserList>();
    const demo = list.items.find((u) => u.username === 'demo')!;
    expect(demo).toMatchObject({
      role: 'vendor',
      status: 'active',
      email: 'demo@summitweb.example',
      firstName: 'Dana',
      invitation: null,
    });
    expect(demo.vendors.map((v) => [v.code, v.isPrimary])).toEqual([
      ['SWS', true],
      ['SWS-W', false],
    ]);
    expect(demo.lastSeenAt).not.toBeNull();
    expect(list.items.map((u) => u.username)).toEqual([...list.items.map((u) => u.username)].sort());
  });

  it('searches by username, name or email, and filters by role, status and vendor', async () => {
    const names = async (query: string) =>
      (await admin('GET', `/api/admin/users${query}`)).json<UserList>().items.map((u) => u.username);
    expect(await names('?search=victor')).toEqual(['viewer']);
    expect(await names('?search=harboridx')).toEqual(['other']);
    expect(await names('?search=Dana%20Whit')).toEqual(['demo']);
    expect(await names('?role=viewer')).toEqual(['viewer']);
    expect(await names(`?vendor=${t.vendors.harbor}`)).toEqual(['other']);
    expect(await names('?status=invited')).toEqual([]);
    expect(await names('?order=desc&pageSize=1&page=1')).toHaveLength(1);
    const bad = await admin('GET', '/api/admin/users?status=gone');
    expect(bad.statusCode).toBe(400);
  });

  it('answers one user, 404 for an unknown one', async () => {
    const res = await admin('GET', `/api/admin/users/${ids.other}`);
    expect(res.json<UserSummary>()).toMatchObject({ username: 'other', role: 'vendor' });
    expect((await admin('GET', '/api/admin/users/999999')).statusCode).toBe(404);
  });
});

describe('changing a role', () => {
  it('makes a vendor read-only, ends their sessions, and records who did it', async () => {
    const token = await t.login('newbie');
    const res = await admin('PUT', `/api/admin/users/${ids.newbie}/role`, { role: 'viewer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(UserMessages.roleChanged('Vendor (read-only)'));
    const old = await t.call(token, 'GET', '/api/profile');
    expect(old.statusCode).toBe(401);
    const fresh = await t.login('newbie');
    expect((await t.call(fresh, 'GET', '/api/profile')).json().role).toBe('viewer');
    expect((await history(ids.newbie!))[0]).toMatchObject({
      kind: 'user.role_changed',
      actor: 'Alex Morgan',
    });

    const same = await admin('PUT', `/api/admin/users/${ids.newbie}/role`, { role: 'viewer' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(UserMessages.roleUnchanged);
    expect((await admin('PUT', `/api/admin/users/${ids.newbie}/role`, { role: 'vendor' })).statusCode).toBe(
      200,
    );
  });

  it.each([[{ role: 'admin' }], [{ role: '' }], [{}]])('refuses %j with 400', async (body) => {
    const res = await admin('PUT', `/api/admin/users/${ids.newbie}/role`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UserMessages.roleRequired);
  });
});

describe('deactivating and reactivating', () => {
  it('ends the sessions and the live socket of the user at once; they cannot log in until reactivated', async () => {
    const token = await t.login('other');
    expect((await t.call(token, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
    const socket = await subscribeLive(base, token, t.vendors.harbor);

    const res = await admin('POST', `/api/admin/users/${ids.other}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(UserMessages.deactivated('other'));

    const old = await t.call(token, 'GET', '/api/portal/metadata');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ code: ErrorCodes.sessionEnded, message: Messages.sessionEnded });
    expect((await socket.closed).code).toBe(1011);
    await expect(t.login('other')).rejects.toThrow(/401/);
    const listed = (await admin('GET', '/api/admin/users?status=deactivated')).json<UserList>();
    expect(listed.items.map((u) => u.username)).toEqual(['other']);

    const again = await admin('POST', `/api/admin/users/${ids.other}/deactivate`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(UserMessages.alreadyDeactivated);
    const reset = await admin('POST', `/api/admin/users/${ids.other}/password-reset`);
    expect(reset.statusCode).toBe(409);
    expect(reset.json().message).toBe(UserMessages.resetNeedsActive);

    const back = await admin('POST', `/api/admin/users/${ids.other}/reactivate`);
    expect(back.json().message).toBe(UserMessages.reactivated('other'));
    // The old session stays ended; a new login works.
    expect((await t.call(token, 'GET', '/api/profile')).statusCode).toBe(401);
    const fresh = await t.login('other');
    expect((await t.call(fresh, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
    const twice = await admin('POST', `/api/admin/users/${ids.other}/reactivate`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(UserMessages.notDeactivated);
    expect((await history(ids.other!)).slice(0, 2).map((h) => h.kind)).toEqual([
      'user.reactivated',
      'user.deactivated',
    ]);
  });

  it('never locks out the last active administrator', async () => {
    // Two administrators: one may deactivate the other.
    expect((await admin('POST', `/api/admin/users/${ids.staff2}/deactivate`)).statusCode).toBe(200);
    // Now the acting one is the last: neither deactivated nor given another role, also by themselves.
    for (const [method, url, body] of [
      ['POST', `/api/admin/users/${ids.admin}/deactivate`, undefined],
      ['PUT', `/api/admin/users/${ids.admin}/role`, { role: 'vendor' }],
    ] as const) {
      const res = await admin(method, url, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ code: 409, message: UserMessages.lastAdmin });
    }
    const [me] = await t.rows<{ role: string; active: boolean }>(
      sql`SELECT role, active FROM users WHERE id = ${ids.admin}`,
    );
    expect(me).toEqual({ role: 'admin', active: true });
    expect((await t.call(t.tokens.admin, 'GET', '/api/admin/users?pageSize=1')).statusCode).toBe(200);

    // With the second one back, the second may be made a vendor; the first is the last again.
    expect((await admin('POST', `/api/admin/users/${ids.staff2}/reactivate`)).statusCode).toBe(200);
    expect((await admin('PUT', `/api/admin/users/${ids.staff2}/role`, { role: 'vendor' })).statusCode).toBe(
      200,
    );
    expect((await admin('POST', `/api/admin/users/${ids.admin}/deactivate`)).statusCode).toBe(409);
  });
});

describe('two administrators removing each other at once', () => {
  it('leaves one of them active', async () => {
    await t.db.execute(sql`UPDATE users SET role = 'admin', active = true WHERE id = ${ids.staff2}`);
    await t.app.sessions.userChanged(ids.staff2!);
    const [first, second] = await Promise.all([
      t.login('admin'),
      t.login('staff2', 'second-admin-password-7'),
    ]);
    const answers = await Promise.all([
      t.call(first, 'POST', `/api/admin/users/${ids.staff2}/deactivate`),
      t.call(second, 'POST', `/api/admin/users/${ids.admin}/deactivate`),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    // One wins; the other is refused as the last administrator, or finds its own session ended.
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const [row] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND active`,
    );
    expect(row!.n).toBe(1);
    // Whoever is left puts the other back, for the tests that follow.
    const survivor = answers[0]!.statusCode === 200 ? first : second;
    const other = answers[0]!.statusCode === 200 ? ids.staff2 : ids.admin;
    expect((await t.call(survivor, 'POST', `/api/admin/users/${other}/reactivate`)).statusCode).toBe(200);
    if (other === ids.admin) t.tokens.admin = await t.login('admin');
  });
});

describe('sending a password reset', () => {
  it('mails the forgot-password link, which sets a new password', async () => {
    const res = await admin('POST', `/api/admin/users/${ids.viewer}/password-reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(UserMessages.resetSent('viewer@summitweb.example'));
    const mail = await latestMailTo(t, 'viewer@summitweb.example');
    expect(mail!.subject).toBe('Vendor Portal: reset your password');
    const token = tokenFromLink(mail!.text, '/password');
    const reset = await t.inject({
      method: 'PUT',
      url: '/api/profile/resetpassword',
      payload: { token, password: 'Harbor-lights-over-7' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await t.login('viewer', 'Harbor-lights-over-7');
    expect((await history(ids.viewer!))[0]).toMatchObject({
      kind: 'user.password_reset_sent',
      actor: 'Alex Morgan',
    });
    expect((await admin('POST', '/api/admin/users/999999/password-reset')).statusCode).toBe(404);
    expect(demoPassword('viewer')).not.toBe('Harbor-lights-over-7');
  });
});

describe("a user's linked vendor accounts", () => {
  it('sets the primary and other accounts; the session acts for them at once', async () => {
    const token = await t.login('newbie');
    const res = await admin('PUT', `/api/admin/users/${ids.newbie}/vendors`, {
      primaryVendorId: t.vendors.harbor,
      otherVendorIds: [t.vendors.summit, t.vendors.harbor],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(UserMessages.vendorsSaved);
    const user = (await admin('GET', `/api/admin/users/${ids.newbie}`)).json<UserSummary>();
    expect(user.vendors.map((v) => [v.code, v.isPrimary])).toEqual([
      ['HIC', true],
      ['SWS', false],
    ]);
    const links = (await t.call(token, 'GET', '/api/profile/vendors')).json();
    expect(links.map((l: { vendorCode: string }) => l.vendorCode).sort()).toEqual(['HIC', 'SWS']);
    expect((await history(ids.newbie!))[0]).toMatchObject({ kind: 'user.vendors_changed' });

    const unknown = await admin('PUT', `/api/admin/users/${ids.newbie}/vendors`, {
      primaryVendorId: 999999,
      otherVendorIds: [],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(UserMessages.vendorUnknown);
    const missing = await admin('PUT', `/api/admin/users/${ids.newbie}/vendors`, { otherVendorIds: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(UserMessages.primaryRequired);
  });
});
