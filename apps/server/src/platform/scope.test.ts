import { Messages, TERMS_VERSION } from '@vp/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userVendors, users, vendors } from '../db/schema.ts';
import { setup, type TestContext } from '../../test/helper.ts';
import { vendorOf } from './scope.ts';

/** A write route of this test's own app, so the viewer rule is proven even before features add theirs. */
const PROBE_WRITE = '/api/test-probe/write';

let t: TestContext;
let ids: { summit: number; west: number; harbor: number };
let tokens: Record<'demo' | 'viewer' | 'admin' | 'other', string>;

beforeAll(async () => {
  t = await setup({
    extend(app: FastifyInstance) {
      app.post(PROBE_WRITE, { config: { access: 'vendor-write' } }, async (request) => ({
        vendorId: vendorOf(request),
      }));
    },
  });
  const rows = await t.db.select({ id: vendors.id, code: vendors.code }).from(vendors);
  const id = (code: string) => rows.find((r) => r.code === code)!.id;
  ids = { summit: id('SWS'), west: id('SWS-W'), harbor: id('HIC') };
  const [demo, viewer, admin, other] = await Promise.all(
    ['demo', 'viewer', 'admin', 'other'].map((u) => t.login(u)),
  );
  tokens = { demo: demo!, viewer: viewer!, admin: admin!, other: other! };
});
afterAll(async () => {
  await t.close();
});

const metadata = (token: string, vendor?: number | string) =>
  t.inject({ method: 'GET', url: '/api/portal/metadata', headers: t.auth(token, vendor) });

describe('vendor scope', () => {
  it('acts for the primary vendor without a Vendor header', async () => {
    expect((await metadata(tokens.demo)).json().vendorName).toBe('Summit Web Solutions');
    expect((await metadata(tokens.other)).json().vendorName).toBe('Harbor IDX Co.');
  });

  it('accepts a Vendor header naming an active linked account', async () => {
    const res = await metadata(tokens.demo, ids.west);
    expect(res.statusCode).toBe(200);
    expect(res.json().vendorName).toBe('Summit Web Solutions West');
  });

  it('refuses a vendor that is not linked, does not exist or is malformed with 403', async () => {
    for (const vendor of [ids.harbor, 999_999, 'abc', '-1']) {
      const res = await metadata(tokens.demo, vendor);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: Messages.vendorNotLinked });
    }
    expect((await metadata(tokens.other, ids.summit)).statusCode).toBe(403);
  });

  it('refuses a linked account whose link is inactive', async () => {
    const [demo] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    const link = and(eq(userVendors.userId, demo!.id), eq(userVendors.vendorId, ids.west));
    await t.db.update(userVendors).set({ active: false }).where(link);
    await t.app.sessions.userChanged(demo!.id);
    try {
      expect((await metadata(tokens.demo, ids.west)).statusCode).toBe(403);
      const accounts = await t.inject({
        method: 'GET',
        url: '/api/profile/vendors',
        headers: t.auth(tokens.demo),
      });
      expect(accounts.json().find((a: { rowKey: number }) => a.rowKey === ids.west).status).toBe(false);
    } finally {
      await t.db.update(userVendors).set({ active: true }).where(link);
      await t.app.sessions.userChanged(demo!.id);
    }
    expect((await metadata(tokens.demo, ids.west)).statusCode).toBe(200);
  });

  it("suspends a vendor's users, reads and writes alike, with a clear message; admins still see it", async () => {
    await t.db.update(vendors).set({ active: false }).where(eq(vendors.id, ids.harbor));
    t.app.sessions.clearCache();
    try {
      const read = await metadata(tokens.other);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({ code: 403, message: Messages.vendorSuspended });
      const create = await t.inject({
        method: 'POST',
        url: '/api/portal/websites',
        headers: t.auth(tokens.other),
        payload: { domainName: 'suspended-vendor.example.com', memberNumber: 'x', products: [1] },
      });
      expect(create.statusCode).toBe(403);
      expect(create.json().message).toBe(Messages.vendorSuspended);
      expect((await metadata(tokens.other, ids.harbor)).json().message).toBe(Messages.vendorSuspended);
      // The user's own account still answers (profile, logout), and shows the account suspended.
      const accounts = await t.inject({
        method: 'GET',
        url: '/api/profile/vendors',
        headers: t.auth(tokens.other),
      });
      expect(accounts.json()).toEqual([expect.objectContaining({ rowKey: ids.harbor, status: false })]);
      const staff = await t.inject({
        method: 'GET',
        url: '/api/profile/vendors',
        headers: t.auth(tokens.admin),
      });
      expect(staff.json().find((a: { rowKey: number }) => a.rowKey === ids.harbor).status).toBe(false);
      expect((await metadata(tokens.admin, ids.harbor)).statusCode).toBe(200);
    } finally {
      await t.db.update(vendors).set({ active: true }).where(eq(vendors.id, ids.harbor));
      t.app.sessions.clearCache();
    }
    expect((await metadata(tokens.other)).statusCode).toBe(200);
  });

  it('lets an admin act for any existing vendor', async () => {
    expect((await metadata(tokens.admin)).statusCode).toBe(200);
    for (const [vendor, name] of [
      [ids.harbor, 'Harbor IDX Co.'],
      [ids.west, 'Summit Web Solutions West'],
    ] as const) {
      const res = await metadata(tokens.admin, vendor);
      expect(res.statusCode).toBe(200);
      expect(res.json().vendorName).toBe(name);
    }
    expect((await metadata(tokens.admin, 999_999)).statusCode).toBe(403);
  });
});

describe('terms of service', () => {
  it('refuses vendor data until the terms are accepted, then allows it', async () => {
    const token = await t.login('newbie');
    const before = await metadata(token!);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ code: 403, message: Messages.tosRequired });
    const profile = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token!) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().acceptedTOS).toBe(false);
    const accept = await t.inject({ method: 'PUT', url: '/api/profile/tos', headers: t.auth(token!) });
    expect(accept.statusCode).toBe(200);
    expect((await metadata(token!)).statusCode).toBe(200);
  });

  it('records the version accepted, and asks again when the terms in force are a newer one', async () => {
    const [demo] = await t.db
      .select({ id: users.id, version: users.acceptedTosVersion })
      .from(users)
      .where(eq(users.username, 'demo'));
    expect(demo!.version).toBe(TERMS_VERSION);
    // As if the terms had moved on since demo accepted: the accepted version is an older one.
    await t.db.update(users).set({ acceptedTosVersion: '0' }).where(eq(users.id, demo!.id));
    await t.app.sessions.userChanged(demo!.id);
    try {
      const refused = await metadata(tokens.demo);
      expect(refused.json()).toEqual({ code: 403, message: Messages.tosRequired });
      const profile = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(tokens.demo) });
      expect(profile.json().acceptedTOS).toBe(false);
      const accept = await t.inject({ method: 'PUT', url: '/api/profile/tos', headers: t.auth(tokens.demo) });
      expect(accept.json().acceptedTOS).toBe(true);
      const [after] = await t.db
        .select({ version: users.acceptedTosVersion })
        .from(users)
        .where(eq(users.id, demo!.id));
      expect(after!.version).toBe(TERMS_VERSION);
      expect((await metadata(tokens.demo)).statusCode).toBe(200);
    } finally {
      await t.db.update(users).set({ acceptedTosVersion: TERMS_VERSION }).where(eq(users.id, demo!.id));
      await t.app.sessions.userChanged(demo!.id);
    }
  });
});

describe('read-only role', () => {
  it('declares an access level on every API route', () => {
    const api = t.app.routeAccess.filter((r) => r.url.startsWith('/api'));
    expect(api.length).toBeGreaterThan(5);
    expect(api.find((r) => r.url === PROBE_WRITE)?.access).toBe('vendor-write');
  });

  it('gets 403 on every vendor write route, and a vendor user does not', async () => {
    const writes = t.app.routeAccess.filter((r) => r.access === 'vendor-write' && r.method !== 'HEAD');
    expect(writes.length).toBeGreaterThan(0);
    for (const route of writes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const res = await t.inject({
        method: route.method as 'POST',
        url,
        headers: t.auth(tokens.viewer),
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: Messages.readOnly });
    }
    const ok = await t.inject({
      method: 'POST',
      url: PROBE_WRITE,
      headers: t.auth(tokens.demo, ids.west),
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ vendorId: ids.west });
  });

  it('may still read vendor data and change its own account', async () => {
    expect((await metadata(tokens.viewer)).statusCode).toBe(200);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: t.auth(tokens.viewer),
      payload: {
        email: 'victor@summitweb.example',
        firstName: 'Victor',
        lastName: 'Vancey',
        currentPassword: 'read-only-2026',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Vancey', pendingEmail: 'victor@summitweb.example' });
  });
});
