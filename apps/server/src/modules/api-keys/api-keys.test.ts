import { API_KEY_PATTERN, ApiKeyMessages, Messages, type ApiKey, type IssuedApiKey } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../test/helper.ts';
import {
  createSite,
  dayFromToday,
  freshDomain,
  setupPortal,
  type PortalTest,
} from '../websites/test-fixture.ts';
import { API_KEY_EXPIRY_JOB } from './index.ts';

/**
 * API keys: made by a vendor's users, acting for that vendor alone and within their scopes, never
 * reaching the console, anyone's account or other keys; rotated with an overlap, revoked, expired,
 * bound to address ranges, and stopped by the vendor's suspension.
 */

let t: PortalTest;
let clock = Date.now();
const DAY = 86_400_000;

beforeAll(async () => {
  t = await setupPortal({ sessionOptions: { now: () => clock } });
});
afterAll(async () => t?.close());

async function makeKey(
  body: Partial<{ name: string; scopes: string[]; expiresOn: string; allowedRanges: string[] }> = {},
  token = t.tokens.demo,
  vendor?: number,
): Promise<IssuedApiKey> {
  const res = await t.call(
    token,
    'POST',
    '/api/api-keys',
    {
      name: `Key ${Math.random().toString(36).slice(2, 8)}`,
      scopes: ['read'],
      expiresOn: new Date(Date.now() + 90 * DAY).toISOString().slice(0, 10),
      ...body,
    },
    vendor,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as IssuedApiKey;
}

const withKey = (
  secret: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  extra: Record<string, string> = {},
  remoteAddress?: string,
) =>
  t.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}`, ...extra },
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('making a key', () => {
  it('answers the secret once, keeps only its hash, and lists the key without it', async () => {
    const { key, secret } = await makeKey({ name: 'Nightly sync', scopes: ['read', 'websites'] });
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(secret.startsWith(key.shown)).toBe(true);
    expect(key).toMatchObject({
      name: 'Nightly sync',
      scopes: ['read', 'websites'],
      state: 'active',
      createdBy: { username: 'demo' },
      lastUsedAt: null,
    });
    const stored = await t.rows<Record<string, unknown>>(sql`SELECT * FROM api_keys WHERE id = ${key.id}`);
    expect(JSON.stringify(stored)).not.toContain(secret);
    const list = await t.call(t.tokens.demo, 'GET', '/api/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect((list.json().items as ApiKey[]).map((k) => k.id)).toContain(key.id);
  });

  it.each([
    [{ name: '' }, ApiKeyMessages.nameRequired],
    [{ scopes: [] }, ApiKeyMessages.scopesRequired],
    [{ scopes: ['admin'] }, null],
    [{ expiresOn: dayFromToday(0) }, ApiKeyMessages.expiryPast],
    [{ expiresOn: dayFromToday(400) }, ApiKeyMessages.expiryTooFar],
    [{ allowedRanges: ['10.0.0.0/33'] }, ApiKeyMessages.rangeInvalid],
    [{ allowedRanges: ['not an address'] }, ApiKeyMessages.rangeInvalid],
  ])('refuses %j with its message', async (change, message) => {
    const res = await t.call(t.tokens.demo, 'POST', '/api/api-keys', {
      name: 'Refused',
      scopes: ['read'],
      expiresOn: dayFromToday(30),
      ...change,
    });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it('refuses a second active key of the same name', async () => {
    await makeKey({ name: 'Twin' });
    const res = await t.call(t.tokens.demo, 'POST', '/api/api-keys', {
      name: 'twin',
      scopes: ['read'],
      expiresOn: dayFromToday(30),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ApiKeyMessages.nameTaken);
  });

  it('is refused to the read-only role (403), to MLS staff, and without a session (401)', async () => {
    const body = { name: 'No', scopes: ['read'], expiresOn: dayFromToday(30) };
    const viewer = await t.call(t.tokens.viewer, 'POST', '/api/api-keys', body);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toBe(Messages.readOnly);
    const staff = await t.call(t.tokens.admin, 'POST', '/api/api-keys', body, t.vendors.summit);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(ApiKeyMessages.staffCreate);
    expect((await t.inject({ method: 'GET', url: '/api/api-keys' })).statusCode).toBe(401);
    expect((await t.call(t.tokens.viewer, 'GET', '/api/api-keys')).statusCode).toBe(200);
  });
});

describe('a key calling the API', () => {
  it("acts for its vendor only: its sites, and another vendor's are 404", async () => {
    const { secret } = await makeKey({ scopes: ['read'] });
    const list = await withKey(secret, 'GET', '/api/portal/websites?page=1&size=5');
    expect(list.statusCode, list.body).toBe(200);
    const [harborSite] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.harbor} LIMIT 1`,
    );
    expect((await withKey(secret, 'GET', `/api/portal/websites/${harborSite!.id}`)).statusCode).toBe(404);
    // Naming another vendor does not change whom it acts for.
    const other = await withKey(secret, 'GET', '/api/portal/websites?page=1&size=5', undefined, {
      vendor: String(t.vendors.harbor),
    });
    expect(other.statusCode).toBe(403);
  });

  it('writes only within its scopes, and History names the key and its maker', async () => {
    const readOnly = await makeKey({ scopes: ['read'] });
    const site = { domainName: freshDomain('key'), memberNumber: t.agents.local[3], products: [1] };
    const refused = await withKey(readOnly.secret, 'POST', '/api/portal/websites', site);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ApiKeyMessages.scopeMissing('websites'));
    expect(await t.rows(sql`SELECT id FROM websites WHERE domain_name = ${site.domainName}`)).toHaveLength(0);

    const writer = await makeKey({ name: 'Nightly writer', scopes: ['read', 'websites'] });
    const made = await withKey(writer.secret, 'POST', '/api/portal/websites', site);
    expect(made.statusCode, made.body).toBe(201);
    const history = await withKey(writer.secret, 'GET', `/api/website/${made.json().id}/changelog`);
    expect(history.statusCode).toBe(200);
    const entry = JSON.stringify(history.json());
    expect(entry).toContain('API key Nightly writer,');
    expect(entry).toContain('created by Dana Whitfield');
    // The notifications of the change name the key too.
    const told = await t.rows<{ content: string }>(
      sql`SELECT content FROM notifications WHERE website_id = ${made.json().id as number}`,
    );
    expect(told.length).toBeGreaterThan(0);
    for (const n of told) expect(n.content).toContain('API key Nightly writer');
    const comment = await withKey(writer.secret, 'POST', `/api/website/${made.json().id}/comments`, {
      text: 'From a key',
    });
    expect(comment.statusCode).toBe(403);
    expect(comment.json().message).toBe(ApiKeyMessages.scopeMissing('comments'));
  });

  it("never reaches the console, anyone's account, notifications or the keys", async () => {
    const all = await makeKey({ scopes: ['read', 'websites', 'forms', 'documents', 'comments'] });
    expect((await withKey(all.secret, 'GET', '/api/admin/queue')).statusCode).toBe(404);
    expect(
      (await withKey(all.secret, 'GET', `/api/admin/vendors/${t.vendors.summit}/api-keys`)).statusCode,
    ).toBe(404);
    for (const [method, url, body] of [
      ['GET', '/api/profile', undefined],
      ['PUT', '/api/profile', { firstName: 'X' }],
      ['PUT', '/api/profile', { currentPassword: 'summit-sites-2026', password: 'another-long-password' }],
      ['GET', '/api/notifications', undefined],
      ['GET', '/api/api-keys', undefined],
      ['POST', '/api/api-keys', { name: 'Child', scopes: ['read'], expiresOn: dayFromToday(30) }],
      ['POST', `/api/api-keys/${all.key.id}/revoke`, undefined],
      ['POST', '/api/contacts', { types: [1], firstName: 'A', lastName: 'B' }],
    ] as const) {
      const res = await withKey(all.secret, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(ApiKeyMessages.notForKeys);
    }
    expect(await t.rows(sql`SELECT id FROM api_keys WHERE name = 'Child'`)).toHaveLength(0);
  });

  it('of a read-only user changes nothing', async () => {
    // A key made by a vendor user who is later made read-only keeps only what that role may do.
    const { secret } = await makeKey({ scopes: ['read', 'websites'] });
    await t.db.execute(sql`UPDATE users SET role = 'viewer' WHERE username = 'demo'`);
    t.app.ctx.apiKeys.clearCache();
    try {
      const res = await withKey(secret, 'POST', '/api/portal/websites', {
        domainName: freshDomain('ro'),
        memberNumber: t.agents.local[4],
        products: [1],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(Messages.readOnly);
    } finally {
      await t.db.execute(sql`UPDATE users SET role = 'vendor' WHERE username = 'demo'`);
      t.app.ctx.apiKeys.clearCache();
    }
  });

  it('records when and from where it was last used', async () => {
    const { key, secret } = await makeKey();
    await withKey(secret, 'GET', '/api/portal/metadata');
    const [listed] = ((await t.call(t.tokens.demo, 'GET', '/api/api-keys')).json().items as ApiKey[]).filter(
      (k) => k.id === key.id,
    );
    expect(listed!.lastUsedAt).not.toBeNull();
    expect(listed!.lastUsedFrom).toBe('127.0.0.1');
  });

  it('answers 401 to a made-up key', async () => {
    const res = await withKey(`vpk_${'A'.repeat(32)}`, 'GET', '/api/portal/metadata');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(ApiKeyMessages.invalid);
  });
});

describe('address ranges', () => {
  it('let the key in from within them only (401 from elsewhere)', async () => {
    const { secret, key } = await makeKey({ allowedRanges: ['203.0.113.0/24', '2001:db8::/32'] });
    expect(key.allowedRanges).toEqual(['203.0.113.0/24', '2001:db8::/32']);
    expect((await withKey(secret, 'GET', '/api/portal/metadata')).statusCode).toBe(401);
    expect(
      (await withKey(secret, 'GET', '/api/portal/metadata', undefined, {}, '203.0.113.77')).statusCode,
    ).toBe(200);
    expect(
      (await withKey(secret, 'GET', '/api/portal/metadata', undefined, {}, '2001:db8::5')).statusCode,
    ).toBe(200);
    expect(
      (await withKey(secret, 'GET', '/api/portal/metadata', undefined, {}, '198.51.100.1')).statusCode,
    ).toBe(401);
  });
});

describe('rotation, revocation and expiry', () => {
  it('rotates with an overlap: both work until it ends, then only the new one', async () => {
    const old = await makeKey({ name: 'Rotating', scopes: ['read'] });
    const res = await t.call(t.tokens.demo, 'POST', `/api/api-keys/${old.key.id}/rotate`, {
      overlapHours: 24,
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json() as IssuedApiKey;
    expect(next.secret).not.toBe(old.secret);
    expect(next.key).toMatchObject({ name: 'Rotating', scopes: ['read'], state: 'active' });
    // It lasts as the old one was made to (90 days), from today, to the end of its last day.
    const ninety = new Date(Date.now() + 90 * DAY).toISOString().slice(0, 10);
    expect(next.key.expiresAt).toBe(`${ninety}T23:59:59.999Z`);
    expect((await withKey(old.secret, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
    expect((await withKey(next.secret, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
    const [row] = await t.rows<{ expires_at: Date; replaced_by: number }>(
      sql`SELECT expires_at, replaced_by FROM api_keys WHERE id = ${old.key.id}`,
    );
    expect(row!.replaced_by).toBe(next.key.id);
    expect(Math.abs(new Date(row!.expires_at).getTime() - (Date.now() + DAY))).toBeLessThan(60_000);
    // A rotated key cannot be rotated again.
    expect(
      (await t.call(t.tokens.demo, 'POST', `/api/api-keys/${old.key.id}/rotate`, { overlapHours: 1 }))
        .statusCode,
    ).toBe(409);
    // The clock held past the overlap: the old key stops.
    clock = Date.now() + DAY + 60_000;
    try {
      t.app.ctx.apiKeys.clearCache();
      expect((await withKey(old.secret, 'GET', '/api/portal/metadata')).statusCode).toBe(401);
      expect((await withKey(next.secret, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
    } finally {
      clock = Date.now();
    }
  });

  it('rotates without overlap: the old key stops at once', async () => {
    const old = await makeKey();
    expect((await withKey(old.secret, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
    const res = await t.call(t.tokens.demo, 'POST', `/api/api-keys/${old.key.id}/rotate`, {
      overlapHours: 0,
    });
    expect(res.statusCode).toBe(200);
    expect((await withKey(old.secret, 'GET', '/api/portal/metadata')).statusCode).toBe(401);
    const refused = await t.call(t.tokens.demo, 'POST', `/api/api-keys/${old.key.id}/rotate`, {
      overlapHours: 200,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('stops a revoked key at once, even one just used', async () => {
    const { key, secret } = await makeKey();
    expect((await withKey(secret, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
    const res = await t.call(t.tokens.demo, 'POST', `/api/api-keys/${key.id}/revoke`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'revoked', revokedBy: { username: 'demo' } });
    expect((await withKey(secret, 'GET', '/api/portal/metadata')).statusCode).toBe(401);
    expect((await t.call(t.tokens.demo, 'POST', `/api/api-keys/${key.id}/revoke`)).statusCode).toBe(409);
  });

  it('stops a key at the end of its last day, with the clock held', async () => {
    const { secret } = await makeKey({ expiresOn: dayFromToday(2) });
    expect((await withKey(secret, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
    clock = Date.now() + 4 * DAY;
    try {
      t.app.ctx.apiKeys.clearCache();
      const res = await withKey(secret, 'GET', '/api/portal/metadata');
      expect(res.statusCode).toBe(401);
    } finally {
      clock = Date.now();
    }
  });

  it("is another vendor's business: 404 to rotate or revoke, and the read-only role is refused", async () => {
    const { key } = await makeKey();
    expect((await t.call(t.tokens.other, 'POST', `/api/api-keys/${key.id}/revoke`)).statusCode).toBe(404);
    expect(
      (await t.call(t.tokens.other, 'POST', `/api/api-keys/${key.id}/rotate`, { overlapHours: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await t.call(t.tokens.viewer, 'POST', `/api/api-keys/${key.id}/revoke`)).statusCode).toBe(403);
    const otherList = (await t.call(t.tokens.other, 'GET', '/api/api-keys')).json().items as ApiKey[];
    expect(otherList.map((k) => k.id)).not.toContain(key.id);
  });
});

describe('MLS staff', () => {
  it("list and revoke any vendor's keys; to a vendor those calls do not exist", async () => {
    const { key, secret } = await makeKey({ name: 'Staff revokes' });
    const list = await t.call(t.tokens.admin, 'GET', `/api/admin/vendors/${t.vendors.summit}/api-keys`);
    expect(list.statusCode).toBe(200);
    expect((list.json().items as ApiKey[]).map((k) => k.id)).toContain(key.id);
    expect(
      (await t.call(t.tokens.demo, 'GET', `/api/admin/vendors/${t.vendors.summit}/api-keys`)).statusCode,
    ).toBe(404);
    expect((await t.call(t.tokens.demo, 'POST', `/api/admin/api-keys/${key.id}/revoke`)).statusCode).toBe(
      404,
    );
    const revoked = await t.call(t.tokens.admin, 'POST', `/api/admin/api-keys/${key.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ state: 'revoked', revokedBy: { username: 'admin' } });
    expect((await withKey(secret, 'GET', '/api/portal/metadata')).statusCode).toBe(401);
  });

  it('stop every key of a vendor they suspend, until it is reinstated', async () => {
    const { secret } = await makeKey();
    expect((await withKey(secret, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
    expect(
      (await t.call(t.tokens.admin, 'POST', `/api/admin/vendors/${t.vendors.summit}/suspend`)).statusCode,
    ).toBe(200);
    try {
      expect((await withKey(secret, 'GET', '/api/portal/metadata')).statusCode).toBe(401);
    } finally {
      expect(
        (await t.call(t.tokens.admin, 'POST', `/api/admin/vendors/${t.vendors.summit}/reinstate`)).statusCode,
      ).toBe(200);
    }
    expect((await withKey(secret, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
  });
});

describe('the expiry notice', () => {
  it('mails the maker once, a week before the key expires', async () => {
    const { key } = await makeKey({ name: 'Expiring soon', expiresOn: dayFromToday(5) });
    await t.app.ctx.jobs.runNow(API_KEY_EXPIRY_JOB);
    const [maker] = await t.rows<{ email: string }>(sql`SELECT email FROM users WHERE username = 'demo'`);
    const mail = await latestMailTo(t, maker!.email);
    expect(mail?.subject).toContain('"Expiring soon"');
    expect(mail?.text).toContain(key.shown);
    const before = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM outbox`);
    await t.app.ctx.jobs.runNow(API_KEY_EXPIRY_JOB);
    const after = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM outbox`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('the site a key made', () => {
  it('is the vendor’s like any other', async () => {
    const { secret } = await makeKey({ scopes: ['read', 'websites'] });
    const id = await createSite(t, t.agents.local[5]!);
    const res = await withKey(secret, 'DELETE', `/api/portal/websites/${id}`);
    expect([200, 204]).toContain(res.statusCode);
  });
});
