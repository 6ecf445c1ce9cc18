import { INVITATION_DAYS, UserMessages, type UserList, type UserSummary } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, tokenFromLink } from '../../../test/helper.ts';
import { sha256 } from '../../platform/passwords.ts';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.call(t.tokens.admin, method, url, payload);

let seq = 0;
function invitation(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    email: `person${seq}@lakeside.example`,
    username: `person${seq}`,
    firstName: 'Jo',
    lastName: 'Park',
    role: 'vendor',
    primaryVendorId: t.vendors.summit,
    otherVendorIds: [t.vendors.west],
    ...over,
  };
}

async function invite(over: Record<string, unknown> = {}) {
  const body = invitation(over);
  const res = await admin('POST', '/api/admin/invitations', body);
  expect(res.statusCode, res.body).toBe(201);
  const mail = await latestMailTo(t, body.email);
  return {
    body,
    id: res.json().id as number,
    token: tokenFromLink(mail!.text, '/registration'),
    mail: mail!,
  };
}

const register = (token: string, password = 'Maple-harbor-lights-42') =>
  t.inject({
    method: 'PUT',
    url: '/api/profile/register',
    headers: { authorization: `Bearer ${token}` },
    payload: { password, firstName: 'Jo', lastName: 'Park' },
  });

async function user(id: number) {
  return (await admin('GET', `/api/admin/users/${id}`)).json<UserSummary>();
}

describe('inviting a user', () => {
  it('makes an invited user linked to their accounts and mails a link to /registration that works once', async () => {
    const { body, id, token, mail } = await invite();
    expect(mail.subject).toBe('Vendor Portal: your invitation');
    // The registration page is shown whom the invitation is for, with the names staff entered.
    const whom = await t.inject({
      method: 'GET',
      url: '/api/profile/register',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(whom.json()).toEqual({
      username: body.username,
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
    });
    expect(mail.text).toContain(
      'Alex Morgan of the MLS has invited you to the Vendor Portal for Summit Web Solutions.',
    );
    expect(mail.text).toContain(`Your username is ${body.username}.`);
    expect(mail.text).toContain(`within ${INVITATION_DAYS} days`);

    // Only the token's hash is stored, expiring after seven days.
    const [stored] = await t.rows<{ token_hash: string; days: number }>(
      sql`SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days
        FROM password_tokens WHERE user_id = ${id} AND kind = 'invite'`,
    );
    expect(stored).toEqual({ token_hash: sha256(token), days: INVITATION_DAYS });

    const invited = await user(id);
    expect(invited).toMatchObject({ status: 'invited', role: 'vendor', email: body.email });
    expect(invited.invitation?.state).toBe('pending');
    expect(invited.vendors.map((v) => [v.code, v.isPrimary])).toEqual([
      ['SWS', true],
      ['SWS-W', false],
    ]);
    const listed = (await admin('GET', '/api/admin/users?status=invited')).json<UserList>();
    expect(listed.items.map((u) => u.id)).toContain(id);
    await expect(t.login(body.username, 'Maple-harbor-lights-42')).rejects.toThrow(/401/);

    const done = await register(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(await user(id)).toMatchObject({ status: 'active', invitation: null });
    const session = await t.login(body.username, 'Maple-harbor-lights-42');
    expect((await t.call(session, 'GET', '/api/profile/vendors')).json()).toHaveLength(2);

    const reuse = await register(token, 'Another-maple-harbor-9');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(UserMessages.invitationInvalid);
    const history = (await admin('GET', `/api/admin/users/${id}/history`)).json();
    expect(history[0]).toMatchObject({ kind: 'user.invited', actor: 'Alex Morgan' });

    // A registered user has no invitation to send again or revoke.
    for (const [method, url] of [
      ['POST', `/api/admin/invitations/${id}/resend`],
      ['DELETE', `/api/admin/invitations/${id}`],
    ] as const) {
      const res = await admin(method, url);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(UserMessages.notInvited);
    }
  });

  it('refuses an expired invitation link, and shows it expired', async () => {
    const { id, token } = await invite();
    await t.db.execute(
      sql`UPDATE password_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${id}`,
    );
    const res = await register(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: UserMessages.invitationInvalid });
    expect((await user(id)).invitation?.state).toBe('expired');
  });

  it('sends it again with a new link, the older one no longer working', async () => {
    const { body, id, token } = await invite();
    const res = await admin('POST', `/api/admin/invitations/${id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(UserMessages.invitationResent(body.email));
    const fresh = tokenFromLink((await latestMailTo(t, body.email))!.text, '/registration');
    expect(fresh).not.toBe(token);
    expect((await register(token)).statusCode).toBe(400);
    expect((await register(fresh)).statusCode).toBe(200);
    const kinds = (await admin('GET', `/api/admin/users/${id}/history`))
      .json()
      .map((h: { kind: string }) => h.kind);
    expect(kinds).toEqual(['user.invitation_resent', 'user.invited']);
  });

  it('revokes it: the link stops working, and a second revoke has nothing to revoke', async () => {
    const { id, token } = await invite();
    const res = await admin('DELETE', `/api/admin/invitations/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(UserMessages.invitationRevoked);
    expect((await register(token)).json().message).toBe(UserMessages.invitationInvalid);
    expect((await user(id)).invitation?.state).toBe('revoked');
    const again = await admin('DELETE', `/api/admin/invitations/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(UserMessages.noPendingInvitation);
    // An invited user is not deactivated: their invitation is revoked instead.
    const deactivate = await admin('POST', `/api/admin/users/${id}/deactivate`);
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toBe(UserMessages.invitedNotDeactivatable);
    // Sent again, it works.
    expect((await admin('POST', `/api/admin/invitations/${id}/resend`)).statusCode).toBe(200);
    expect((await admin('POST', '/api/admin/invitations/999999/resend')).statusCode).toBe(404);
  });

  it('refuses a username or an email address another user has, whatever its case, with 409', async () => {
    for (const [over, message] of [
      [{ username: 'DEMO' }, UserMessages.usernameTaken],
      [{ email: 'Demo@SummitWeb.example' }, UserMessages.emailTaken],
    ] as const) {
      const res = await admin('POST', '/api/admin/invitations', invitation(over));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 409, message });
    }
  });

  it.each([
    [{ email: 'not-an-address' }, UserMessages.emailInvalid],
    [{ email: '' }, UserMessages.emailRequired],
    [{ username: 'ab' }, UserMessages.usernameFormat],
    [{ username: 'has space' }, UserMessages.usernameFormat],
    [{ role: 'admin' }, UserMessages.roleRequired],
    [{ primaryVendorId: undefined }, UserMessages.primaryRequired],
    [{ primaryVendorId: 999999 }, UserMessages.vendorUnknown],
    [{ otherVendorIds: [999999] }, UserMessages.vendorUnknown],
    [{ firstName: 'x'.repeat(101) }, UserMessages.nameTooLong],
  ])('refuses %j with 400 and its message', async (over, message) => {
    const res = await admin('POST', '/api/admin/invitations', invitation(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });
});
