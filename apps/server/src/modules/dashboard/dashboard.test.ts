import { metadataSchema } from '@vp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors, websites } from '../../db/schema.ts';
import { setup, type TestContext } from '../../../test/helper.ts';

let t: TestContext;
let demo: string;
beforeAll(async () => {
  t = await setup();
  demo = await t.login('demo');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/portal/metadata', () => {
  it('computes the vendor summary from the database', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/portal/metadata', headers: t.auth(demo) });
    expect(res.statusCode).toBe(200);
    const m = metadataSchema.parse(res.json());
    const [summit] = await t.db.select().from(vendors).where(eq(vendors.code, 'SWS'));
    const sites = await t.db
      .select({ status: websites.status })
      .from(websites)
      .where(eq(websites.vendorId, summit!.id));
    const n = (s: string) => sites.filter((x) => x.status === s).length;
    expect(m).toMatchObject({
      vendorName: 'Summit Web Solutions',
      vendorCode: 'SWS',
      totalSites: sites.length,
      sitesActive: n('Active'),
      sitesInactive: n('Inactive'),
      sitesPendingActivation: n('Pending Activation'),
      sitesPendingTermination: n('Pending Termination'),
      subAccounts: 1,
      reciprocalAllowed: true,
      isProvider: true,
      // The Vendor License Agreement and the W-9 are not on file in the demo data.
      missingDocs: 2,
      missingDocTypes: ['Vendor License Agreement', 'W-9'],
    });
    expect(m.totalSites).toBeGreaterThanOrEqual(120);
    for (const field of [
      'sitesActive',
      'sitesInactive',
      'sitesPendingActivation',
      'sitesPendingTermination',
    ] as const) {
      expect(m[field]).toBeGreaterThan(0);
    }
  });

  it('differs between Summit and its West account', async () => {
    const [summit, west] = await Promise.all([
      t.inject({ method: 'GET', url: '/api/portal/metadata', headers: t.auth(demo) }),
      t.inject({ method: 'GET', url: '/api/portal/metadata', headers: t.auth(demo, await westId()) }),
    ]);
    expect(west.json().vendorName).toBe('Summit Web Solutions West');
    expect(west.json().totalSites).toBe(25);
    expect(west.json().totalSites).not.toBe(summit.json().totalSites);
    expect(west.json().reciprocalAllowed).toBe(false);
    expect(west.json().subAccounts).toBe(0);
  });

  it('needs a session', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/portal/metadata' });
    expect(res.statusCode).toBe(401);
  });
});

async function westId(): Promise<number> {
  const [row] = await t.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, 'SWS-W'));
  return row!.id;
}
