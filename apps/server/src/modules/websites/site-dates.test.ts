import { WebsiteMessages, type Website } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from './rules.ts';
import { freshDomain, setupPortal, type PortalTest } from './test-fixture.ts';
import { forceStatus } from '../../../test/licence.ts';

/**
 * The date rules of a site: a term date is never before the start date, Pending Termination needs a
 * term date of today or later, and a move into Pending Activation clears the term date and starts
 * the site again today. A refused save writes nothing, History included.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const demo = () => t.tokens.demo;
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createSite(startDate = '2021-05-24'): Promise<number> {
  const res = await t.call(demo(), 'POST', '/api/portal/websites', {
    domainName: freshDomain('dates'),
    memberNumber: t.agents.local[7],
    products: [1],
    startDate,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const getSite = async (id: number) =>
  (await t.call(demo(), 'GET', `/api/portal/websites/${id}`)).json() as Website;

function saveBody(site: Website, changes: Partial<Website>) {
  const next = { ...site, ...changes };
  return {
    rowKey: next.rowKey,
    domainName: next.domainName,
    memberNumber: next.memberNumber,
    reciprocal: next.reciprocal,
    status: next.status,
    startDate: next.startDate,
    termDate: next.termDate,
    dba: next.dba,
    products: next.products,
    version: next.version,
  };
}

async function snapshot(id: number) {
  const [row] = await t.rows<{ site: unknown; entries: number }>(
    sql`SELECT (SELECT row_to_json(w) FROM websites w WHERE w.id = ${id}) AS site,
      (SELECT count(*)::int FROM website_changes WHERE website_id = ${id}) AS entries`,
  );
  return row;
}

async function expectRefused(id: number, token: string, body: unknown, message: string, vendor?: number) {
  const before = await snapshot(id);
  const res = await t.call(token, 'PUT', '/api/portal/websites', body, vendor);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ code: 400, message });
  expect(await snapshot(id)).toEqual(before);
}

describe('term date and start date', () => {
  it('refuses a term date before the start date, for the vendor and for MLS staff', async () => {
    const id = await createSite();
    const site = await getSite(id);
    await expectRefused(
      id,
      demo(),
      saveBody(site, { status: 'Pending Termination', termDate: '2000-01-01' }),
      WebsiteMessages.termBeforeStart,
    );
    await expectRefused(
      id,
      t.tokens.admin,
      saveBody(site, { status: 'Pending Termination', termDate: '2000-01-01' }),
      WebsiteMessages.termBeforeStart,
      t.vendors.summit,
    );
  });

  it('Pending Termination needs a term date of today or later, moving into it and while in it', async () => {
    // Only a licensed site moves into Pending Termination.
    const id = await createSite();
    await forceStatus(t.db, id, 'Active');
    const site = await getSite(id);
    await expectRefused(
      id,
      demo(),
      saveBody(site, { status: 'Pending Termination', termDate: daysFromNow(-2) }),
      WebsiteMessages.termDateInPast,
    );
    await expectRefused(
      id,
      demo(),
      saveBody(site, { status: 'Pending Termination', termDate: null }),
      WebsiteMessages.termDateRequired,
    );
    const ok = await t.call(
      demo(),
      'PUT',
      '/api/portal/websites',
      saveBody(site, { status: 'Pending Termination', termDate: today() }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const inIt = await getSite(id);
    await expectRefused(
      id,
      demo(),
      saveBody(inIt, { termDate: daysFromNow(-2) }),
      WebsiteMessages.termDateInPast,
    );
    await expectRefused(id, demo(), saveBody(inIt, { termDate: null }), WebsiteMessages.termDateRequired);
    const later = await t.call(
      demo(),
      'PUT',
      '/api/portal/websites',
      saveBody(inIt, { termDate: daysFromNow(5) }),
    );
    expect(later.statusCode, later.body).toBe(200);
    expect((later.json() as Website).termDate).toBe(daysFromNow(5));
  });

  it('a termination request refuses a term date before the start date', async () => {
    const id = await createSite(daysFromNow(20));
    await forceStatus(t.db, id, 'Active');
    const before = await snapshot(id);
    const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/termination`, {
      termDate: daysFromNow(10),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: WebsiteMessages.termBeforeStart });
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('at most ten years ahead', () => {
  const yearsAhead = (years: number, days = 0) => {
    const d = new Date();
    d.setUTCFullYear(d.getUTCFullYear() + years);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };

  it('refuses a new site starting more than ten years from today, and takes one within them', async () => {
    const domainName = freshDomain('far');
    const body = { domainName, memberNumber: t.agents.local[7], products: [1] };
    const far = await t.call(demo(), 'POST', '/api/portal/websites', {
      ...body,
      startDate: yearsAhead(10, 2),
    });
    expect(far.statusCode, far.body).toBe(400);
    expect(far.json()).toEqual({ code: 400, message: WebsiteMessages.startDateTooFar });
    const [row] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM websites WHERE domain_name = ${domainName}`,
    );
    expect(row!.n).toBe(0);
    const near = await t.call(demo(), 'POST', '/api/portal/websites', { ...body, startDate: yearsAhead(9) });
    expect(near.statusCode, near.body).toBe(201);
  });

  it('refuses a start or term date more than ten years ahead on save, for the vendor and MLS staff', async () => {
    const id = await createSite();
    const site = await getSite(id);
    await expectRefused(
      id,
      demo(),
      saveBody(site, { startDate: '9999-12-31' }),
      WebsiteMessages.startDateTooFar,
    );
    await forceStatus(t.db, id, 'Active');
    const licensed = await getSite(id);
    await expectRefused(
      id,
      t.tokens.admin,
      saveBody(licensed, { status: 'Pending Termination', termDate: yearsAhead(10, 2) }),
      WebsiteMessages.termDateTooFar,
      t.vendors.summit,
    );
    const ok = await t.call(
      demo(),
      'PUT',
      '/api/portal/websites',
      saveBody(licensed, { status: 'Pending Termination', termDate: yearsAhead(10, -1) }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a termination request refuses a term date more than ten years ahead', async () => {
    const id = await createSite();
    await forceStatus(t.db, id, 'Active');
    const before = await snapshot(id);
    const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/termination`, {
      termDate: yearsAhead(25),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: WebsiteMessages.termDateTooFar });
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('back to Pending Activation', () => {
  /**
   * A never-activated site left Inactive with a term date, as MLS staff could end one before
   * licences were kept (a site is Pending Termination only under a licence now).
   */
  async function inactiveSite(): Promise<number> {
    const id = await createSite();
    await forceStatus(t.db, id, 'Inactive');
    await t.db.execute(sql`UPDATE websites SET term_date = ${daysFromNow(3)} WHERE id = ${id}`);
    const inactive = await getSite(id);
    expect(inactive).toMatchObject({ status: 'Inactive', activated: false, termDate: daysFromNow(3) });
    return id;
  }

  it('clears the term date, even when the client sends the stale one back, and keeps a given start date', async () => {
    const id = await inactiveSite();
    const site = await getSite(id);
    const res = await t.call(
      demo(),
      'PUT',
      '/api/portal/websites',
      saveBody(site, { status: 'Pending Activation', startDate: daysFromNow(2) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Pending Activation',
      termDate: null,
      startDate: daysFromNow(2),
    });
  });

  it('starts today when no start date is sent', async () => {
    const id = await inactiveSite();
    const {
      startDate: _s,
      termDate: _t,
      ...body
    } = saveBody(await getSite(id), { status: 'Pending Activation' });
    const res = await t.call(demo(), 'PUT', '/api/portal/websites', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Pending Activation', termDate: null, startDate: today() });
  });

  it('refuses a new term date in Pending Activation', async () => {
    const id = await inactiveSite();
    await expectRefused(
      id,
      demo(),
      saveBody(await getSite(id), { status: 'Pending Activation', termDate: daysFromNow(40) }),
      WebsiteMessages.termDateLocked,
    );
  });
});
