import { Messages, VendorMessages, type VendorDetail, type VendorList } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.call(t.tokens.admin, method, url, payload);

const newVendor = (over: Record<string, unknown> = {}) => ({
  name: 'Lakeside Listings',
  code: 'lks',
  type: 'IDX Vendor',
  isConsumer: true,
  feedType: 'RESO Web API',
  ...over,
});

describe('GET /api/admin/vendors', () => {
  it('lists every vendor with the figures the dashboard shows for it', async () => {
    const res = await admin('GET', '/api/admin/vendors?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<VendorList>();
    const sws = list.items.find((v) => v.code === 'SWS')!;
    const meta = (await t.call(t.tokens.demo, 'GET', '/api/portal/metadata')).json();
    expect(sws.sites).toEqual({
      active: meta.sitesActive,
      pendingActivation: meta.sitesPendingActivation,
      pendingTermination: meta.sitesPendingTermination,
      inactive: meta.sitesInactive,
      total: meta.totalSites,
    });
    expect(sws.missingDocs).toBe(meta.missingDocs);
    expect(sws.missingSiteDocs).toBe(meta.missingSiteDocs);
    expect(sws.subAccounts).toBe(1);
    expect(sws.status).toBe('active');
    // demo, viewer and newbie are active users of the account.
    expect(sws.users).toBe(3);
    // The demo user has just logged in and read the metadata.
    expect(sws.lastActivity).not.toBeNull();
    const west = list.items.find((v) => v.code === 'SWS-W')!;
    expect(west.parent).toEqual({ id: t.vendors.summit, code: 'SWS', name: 'Summit Web Solutions' });
    expect(list.total).toBe(list.items.length);
  });

  it('searches by name or code, filters by status, sorts and pages', async () => {
    const search = (await admin('GET', '/api/admin/vendors?search=harbor')).json<VendorList>();
    expect(search.items.map((v) => v.code)).toEqual(['HIC']);
    expect(
      (await admin('GET', '/api/admin/vendors?search=SWS-')).json<VendorList>().items.map((v) => v.code),
    ).toEqual(['SWS-W']);
    // LIKE wildcards are matched literally.
    expect((await admin('GET', '/api/admin/vendors?search=%25')).json<VendorList>().total).toBe(0);
    const byCode = (
      await admin('GET', '/api/admin/vendors?sort=code&order=desc&pageSize=2')
    ).json<VendorList>();
    expect(byCode.items.map((v) => v.code)).toEqual(['SWS-W', 'SWS']);
    expect(byCode.total).toBeGreaterThanOrEqual(3);
    const page2 = (
      await admin('GET', '/api/admin/vendors?sort=code&order=desc&pageSize=2&page=2')
    ).json<VendorList>();
    expect(page2.items[0]!.code).toBe('HIC');
    expect((await admin('GET', '/api/admin/vendors?status=suspended')).json<VendorList>().total).toBe(0);
    const recent = (await admin('GET', '/api/admin/vendors?sort=lastActivity&order=desc')).json<VendorList>();
    expect(recent.items.length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['?pageSize=500', 400],
    ['?sort=termDate', 400],
    ['?status=closed', 400],
    ['?page=0', 400],
  ])('refuses %s with 400', async (query, status) => {
    const res = await admin('GET', `/api/admin/vendors${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('GET /api/admin/vendors/:id', () => {
  it('answers the vendor with its sub-accounts and users', async () => {
    const res = await admin('GET', `/api/admin/vendors/${t.vendors.summit}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<VendorDetail>();
    expect(detail.subAccountList).toEqual([
      { id: t.vendors.west, code: 'SWS-W', name: 'Summit Web Solutions West', status: 'active' },
    ]);
    expect(detail.userList.map((u) => u.username)).toEqual(['demo', 'newbie', 'viewer']);
    expect(detail.userList.find((u) => u.username === 'viewer')).toMatchObject({
      role: 'viewer',
      status: 'active',
      isPrimary: true,
      name: 'Victor Vance',
    });
  });

  it('answers 404 for an unknown vendor and 400 for an id that is not one', async () => {
    expect((await admin('GET', '/api/admin/vendors/999999')).statusCode).toBe(404);
    const bad = await admin('GET', '/api/admin/vendors/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid id.');
  });

  it('lists every vendor for the selects', async () => {
    const res = await admin('GET', '/api/admin/vendors/options');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      id: t.vendors.west,
      code: 'SWS-W',
      name: 'Summit Web Solutions West',
      status: 'active',
      parentId: t.vendors.summit,
    });
  });
});

describe('creating and editing vendors', () => {
  let lakeside: number;

  it('creates a vendor with an upper-cased code, recorded with the staff member', async () => {
    const res = await admin('POST', '/api/admin/vendors', newVendor());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), message: VendorMessages.created('LKS') });
    lakeside = res.json().id;
    const detail = (await admin('GET', `/api/admin/vendors/${lakeside}`)).json<VendorDetail>();
    expect(detail).toMatchObject({
      code: 'LKS',
      name: 'Lakeside Listings',
      type: 'IDX Vendor',
      isConsumer: true,
      isProvider: false,
      feedType: 'RESO Web API',
      status: 'active',
      parent: null,
      sites: { total: 0 },
      lastActivity: null,
    });
    const history = (await admin('GET', `/api/admin/vendors/${lakeside}/history`)).json();
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'vendor.created',
        actor: 'Alex Morgan',
        description: expect.stringContaining('LKS'),
      }),
    ]);
  });

  it('refuses a code another vendor has, whatever its case, with 409', async () => {
    for (const code of ['SWS', 'sws', ' Sws ']) {
      const res = await admin('POST', '/api/admin/vendors', newVendor({ code }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 409, message: VendorMessages.codeTaken });
    }
    const edit = await admin('PUT', `/api/admin/vendors/${lakeside}`, newVendor({ code: 'hic' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(VendorMessages.codeTaken);
  });

  it.each([
    [{ name: '  ' }, VendorMessages.nameRequired],
    [{ name: undefined }, VendorMessages.nameRequired],
    [{ code: '' }, VendorMessages.codeRequired],
    [{ code: 'has space' }, VendorMessages.codeFormat],
    [{ code: '-LEAD' }, VendorMessages.codeFormat],
    [{ code: 'X'.repeat(21) }, VendorMessages.codeTooLong],
    [{ type: 'MLS' }, VendorMessages.typeRequired],
    [{ feedType: 'x'.repeat(61) }, VendorMessages.feedTooLong],
    [{ technicalContact: 'x'.repeat(201) }, VendorMessages.contactTooLong],
    [{ parentId: 0 }, 'Invalid id.'],
    [{ isConsumer: 'yes' }, expect.any(String)],
  ])('refuses %j with 400 and its message', async (over, message) => {
    const res = await admin('POST', '/api/admin/vendors', newVendor({ code: 'NEW1', ...over }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });

  it('edits a vendor and records each changed field', async () => {
    const res = await admin(
      'PUT',
      `/api/admin/vendors/${lakeside}`,
      newVendor({ name: 'Lakeside Listings Inc.', type: 'VOW Vendor', reciprocalAllowed: true }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: lakeside, message: VendorMessages.saved('LKS') });
    const [entry] = (await admin('GET', `/api/admin/vendors/${lakeside}/history`)).json();
    expect(entry).toMatchObject({
      kind: 'vendor.updated',
      actor: 'Alex Morgan',
      description: 'Edited vendor LKS: name, type, reciprocalAllowed',
    });
    const [row] = await t.rows<{ changes: unknown }>(
      sql`SELECT changes FROM account_changes WHERE subject = 'vendor' AND subject_id = ${lakeside} ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.changes).toContainEqual({ field: 'type', from: 'IDX Vendor', to: 'VOW Vendor' });
    expect((await admin('PUT', '/api/admin/vendors/999999', newVendor({ code: 'ZZZ' }))).statusCode).toBe(
      404,
    );
  });

  it('links a sub-account to a primary one, and refuses links that would nest or loop', async () => {
    const linked = await admin(
      'PUT',
      `/api/admin/vendors/${lakeside}`,
      newVendor({ parentId: t.vendors.harbor }),
    );
    expect(linked.statusCode, linked.body).toBe(200);
    const harbor = (await admin('GET', `/api/admin/vendors/${t.vendors.harbor}`)).json<VendorDetail>();
    expect(harbor.subAccountList.map((s) => s.code)).toEqual(['LKS']);
    // The vendor's own dashboard counts it too.
    expect((await t.call(t.tokens.other, 'GET', '/api/portal/metadata')).json().subAccounts).toBe(1);

    const refusals: [string, number, Record<string, unknown>, string][] = [
      [
        `/api/admin/vendors/${lakeside}`,
        lakeside,
        newVendor({ parentId: lakeside }),
        VendorMessages.linkSelf,
      ],
      [
        `/api/admin/vendors/${lakeside}`,
        lakeside,
        newVendor({ parentId: 999999 }),
        VendorMessages.linkUnknown,
      ],
      [
        `/api/admin/vendors/${t.vendors.summit}`,
        t.vendors.summit,
        newVendor({ code: 'SWS', parentId: t.vendors.harbor }),
        VendorMessages.linkHasSubAccounts,
      ],
      [
        `/api/admin/vendors/${t.vendors.harbor}`,
        t.vendors.harbor,
        newVendor({ code: 'HIC', parentId: t.vendors.west }),
        VendorMessages.linkToSubAccount,
      ],
    ];
    for (const [url, , body, message] of refusals) {
      const res = await admin('PUT', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const created = await admin(
      'POST',
      '/api/admin/vendors',
      newVendor({ code: 'NEST', parentId: lakeside }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(VendorMessages.linkToSubAccount);

    const unlinked = await admin('PUT', `/api/admin/vendors/${lakeside}`, newVendor({ parentId: null }));
    expect(unlinked.statusCode).toBe(200);
    expect((await admin('GET', `/api/admin/vendors/${lakeside}`)).json().parent).toBeNull();
  });
});

describe('suspending a vendor', () => {
  it('stops its users acting for it at once, and reinstating gives it back; each step recorded', async () => {
    // The session is resolved (and cached) before the suspension.
    expect((await t.call(t.tokens.other, 'GET', '/api/portal/metadata')).statusCode).toBe(200);

    const res = await admin('POST', `/api/admin/vendors/${t.vendors.harbor}/suspend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: VendorMessages.suspended('HIC') });

    const refused = await t.call(t.tokens.other, 'GET', '/api/portal/metadata');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(Messages.vendorSuspended);
    // Their own account still works.
    expect((await t.call(t.tokens.other, 'GET', '/api/profile')).statusCode).toBe(200);
    // Staff still open the account.
    expect(
      (await t.call(t.tokens.admin, 'GET', '/api/portal/metadata', undefined, t.vendors.harbor)).statusCode,
    ).toBe(200);
    const listed = (await admin('GET', '/api/admin/vendors?status=suspended')).json<VendorList>();
    expect(listed.items.map((v) => v.code)).toEqual(['HIC']);

    const again = await admin('POST', `/api/admin/vendors/${t.vendors.harbor}/suspend`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VendorMessages.alreadySuspended);

    const back = await admin('POST', `/api/admin/vendors/${t.vendors.harbor}/reinstate`);
    expect(back.json()).toEqual({ message: VendorMessages.reinstated('HIC') });
    expect((await t.call(t.tokens.other, 'GET', '/api/portal/metadata')).statusCode).toBe(200);
    const twice = await admin('POST', `/api/admin/vendors/${t.vendors.harbor}/reinstate`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(VendorMessages.notSuspended);

    const history = (await admin('GET', `/api/admin/vendors/${t.vendors.harbor}/history`)).json();
    expect(history.slice(0, 2).map((h: { kind: string }) => h.kind)).toEqual([
      'vendor.reinstated',
      'vendor.suspended',
    ]);
    expect((await admin('POST', '/api/admin/vendors/999999/suspend')).statusCode).toBe(404);
  });
});
