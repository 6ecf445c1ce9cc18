import { metadataSchema } from '@vp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, tickets, vendors, websites } from '../../db/schema.ts';
import { setup, type TestContext } from '../../../test/helper.ts';

let t: TestContext;
let demo: string;
let viewer: string;
beforeAll(async () => {
  t = await setup();
  [demo, viewer] = await Promise.all([t.login('demo'), t.login('viewer')]);
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
      missingDocs: 0,
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

describe('GET /api/products', () => {
  it('lists the products', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/products', headers: t.auth(viewer) });
    expect(res.json()).toEqual([
      { id: 1, name: 'IDX Website' },
      { id: 2, name: 'IDX Team Website' },
      { id: 3, name: 'VOW Website' },
    ]);
  });
});

describe('POST /api/ticket', () => {
  const ticket = {
    subject: 'Cannot find an agent',
    category: 'Problem',
    message: 'Searching for Smith shows nothing.',
  };

  it('stores the feedback and mails it to the support address, also for a read-only user', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: t.auth(viewer),
      payload: ticket,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      message: 'Thank you! Your feedback has been sent.',
    });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, res.json().id));
    expect(row).toMatchObject({ subject: ticket.subject, category: 'Problem', message: ticket.message });
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'support@mls.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(ticket.subject);
    expect(mails[0]!.text).toContain(ticket.message);
  });

  it.each([
    [{ ...ticket, subject: '  ' }, 'Please enter a subject.'],
    [{ ...ticket, category: 'Complaint' }, 'Please select a category.'],
    [{ subject: 'x', category: 'Other' }, 'Please enter a message.'],
    [{ ...ticket, subject: 'x'.repeat(201) }, 'Subject cannot be more than 200 characters.'],
  ])('refuses %j with 400', async (payload, message) => {
    const res = await t.inject({ method: 'POST', url: '/api/ticket', headers: t.auth(demo), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });
});
