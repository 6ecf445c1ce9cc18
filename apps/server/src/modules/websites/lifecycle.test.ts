import { WebsiteMessages, historyEntrySchema, type HistoryEntry, type WebsiteDetail } from '@vp/contract';
import { uploadPaperSaf } from '../documents/test-fixture.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDomain, setupPortal, type PortalTest } from './test-fixture.ts';
import { forceStatus } from '../../../test/licence.ts';

/**
 * A site's life: it is activated only with a Site Access Form signed in its current licensing round
 * for its current parties; an Inactive (or terminating) site starts a new round in Pending
 * Activation and needs a new form; a termination is withdrawn back to Active; deleting is for
 * never-activated sites and keeps the record; History is never erased.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const demo = () => t.tokens.demo;

async function createSite(memberNumber = t.agents.local[5]): Promise<number> {
  const res = await t.call(demo(), 'POST', '/api/portal/websites', {
    domainName: freshDomain('life'),
    memberNumber,
    products: [1],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const getSite = async (id: number, token = demo()) =>
  (await t.call(token, 'GET', `/api/portal/websites/${id}`)).json() as WebsiteDetail;

const activate = async (id: number) =>
  t.call(
    t.tokens.admin,
    'PUT',
    '/api/portal/websites',
    saveBody(await getSite(id), 'Active'),
    t.vendors.summit,
  );

async function paperSaf(id: number) {
  const res = await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, id);
  expect(res.statusCode, res.body).toBe(200);
}

/** A site activated by MLS staff on a SAF signed on paper, then sent to Pending Termination by its vendor. */
async function terminatingSite(): Promise<number> {
  const id = await createSite();
  await paperSaf(id);
  const activated = await activate(id);
  expect(activated.statusCode, activated.body).toBe(200);
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const term = await t.call(demo(), 'POST', `/api/portal/websites/${id}/termination`, { termDate: later });
  expect(term.statusCode, term.body).toBe(200);
  return id;
}

const history = async (id: number, token = demo(), vendor?: number) => {
  const res = await t.call(token, 'GET', `/api/website/${id}/changelog`, undefined, vendor);
  return { status: res.statusCode, entries: res.statusCode === 200 ? (res.json() as HistoryEntry[]) : [] };
};

function saveBody(site: WebsiteDetail, status: WebsiteDetail['status']) {
  return {
    rowKey: site.rowKey,
    domainName: site.domainName,
    memberNumber: site.memberNumber,
    reciprocal: site.reciprocal,
    status,
    startDate: site.startDate,
    termDate: site.termDate,
    dba: site.dba,
    products: site.products,
    version: site.version,
  };
}

describe('a site that was Active', () => {
  it.each([
    ['Inactive', 'vendor'],
    ['Inactive', 'admin'],
    ['Pending Termination', 'vendor'],
    ['Pending Termination', 'admin'],
  ] as const)(
    'starts a new licensing round from %s (%s): today, no term date, a new agent, History kept',
    async (from, who) => {
      const id = await terminatingSite();
      if (from === 'Inactive') {
        const end = await t.call(
          t.tokens.admin,
          'PUT',
          '/api/portal/websites',
          saveBody(await getSite(id), 'Inactive'),
          t.vendors.summit,
        );
        expect(end.statusCode, end.body).toBe(200);
      }
      const before = await history(id);
      const site = await getSite(id);
      expect(site).toMatchObject({ status: from, activated: true, saf: { state: 'signed', paper: true } });
      const [token, vendor] = who === 'vendor' ? [demo(), undefined] : [t.tokens.admin, t.vendors.summit];
      const res = await t.call(
        token,
        'PUT',
        '/api/portal/websites',
        {
          ...saveBody(site, 'Pending Activation'),
          startDate: undefined,
          termDate: undefined,
          memberNumber: t.agents.local[7],
        },
        vendor,
      );
      expect(res.statusCode, res.body).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      const after = await getSite(id);
      expect(after).toMatchObject({
        status: 'Pending Activation',
        termDate: null,
        memberNumber: t.agents.local[7],
        activated: true,
        // The form of the last round does not count for this one.
        saf: { state: 'not-sent' },
      });
      expect([today, new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)]).toContain(
        after.startDate,
      );
      const { entries } = await history(id);
      // The save, and the end of the licence when the site held one (Pending Termination).
      const added = from === 'Pending Termination' ? 2 : 1;
      expect(entries.length).toBe(before.entries.length + added);
      expect(entries.slice(added)).toEqual(before.entries);
      if (added === 2) expect(entries[0]!.kind).toBe('website.licence_ended');
      // Activating again needs a form of this round; the site is still never deleted.
      const refused = await activate(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(WebsiteMessages.activationNeedsSaf);
      expect((await t.call(demo(), 'DELETE', `/api/portal/websites/${id}`)).statusCode).toBe(409);
      await paperSaf(id);
      expect((await getSite(id)).saf).toMatchObject({ state: 'signed', paper: true });
      expect((await activate(id)).statusCode).toBe(200);
    },
  );

  it('keeps its agent in Pending Termination unless a new round starts', async () => {
    const id = await terminatingSite();
    const site = await getSite(id);
    const agentSwap = await t.call(demo(), 'PUT', '/api/portal/websites', {
      ...saveBody(site, 'Pending Termination'),
      memberNumber: t.agents.local[6],
    });
    expect(agentSwap.statusCode).toBe(400);
    expect((await getSite(id)).memberNumber).toBe(site.memberNumber);
  });

  it('withdraws its termination back to Active, clearing the term date, with a History entry', async () => {
    const id = await terminatingSite();
    const viewer = await t.call(t.tokens.viewer, 'POST', `/api/portal/websites/${id}/termination/withdraw`);
    expect(viewer.statusCode).toBe(403);
    const other = await t.call(t.tokens.other, 'POST', `/api/portal/websites/${id}/termination/withdraw`);
    expect(other.statusCode).toBe(404);

    const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/termination/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rowKey: id, status: 'Active', termDate: null, activated: true });
    const { entries } = await history(id);
    expect(historyEntrySchema.parse(entries[0])).toMatchObject({
      kind: 'website.termination_withdrawn',
      description: WebsiteMessages.terminationWithdrawn,
      changes: [
        { path: ['status'], from: 'Inactive (Pending)', to: 'Active' },
        { path: ['termDate'], to: null },
      ],
    });

    const again = await t.call(demo(), 'POST', `/api/portal/websites/${id}/termination/withdraw`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(WebsiteMessages.withdrawNotPending);
  });

  it('has nothing to withdraw when it never was Active', async () => {
    const id = await createSite();
    await forceStatus(t.db, id, 'Pending Termination');
    const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/termination/withdraw`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WebsiteMessages.withdrawNotPending);
  });
});

describe('deleting', () => {
  it('takes a never-activated site out of every list, keeping the record and its History for MLS staff', async () => {
    const id = await createSite();
    const res = await t.call(demo(), 'DELETE', `/api/portal/websites/${id}`);
    expect(res.statusCode).toBe(200);
    expect((await t.call(demo(), 'GET', `/api/portal/websites/${id}`)).statusCode).toBe(404);
    expect((await history(id)).status).toBe(404);
    expect((await history(id, t.tokens.admin, t.vendors.harbor)).status).toBe(404);

    const staff = await history(id, t.tokens.admin, t.vendors.summit);
    expect(staff.status).toBe(200);
    expect(staff.entries.map((e) => e.kind)).toEqual(['website.deleted', 'website.created']);
    const [kept] = await t.rows<{ domain_name: string; deleted_by: number }>(
      sql`SELECT domain_name, deleted_by FROM deleted_websites WHERE id = ${id}`,
    );
    expect(kept?.domain_name).toMatch(/^life-/);
  });
});

describe('History', () => {
  it('cannot be deleted, not even by a direct statement', async () => {
    await expect(t.db.execute(sql`DELETE FROM website_changes WHERE id = -1`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM website_changes`)).rejects.toThrow();
    const [row] = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM website_changes`);
    expect(row!.n).toBeGreaterThan(0);
  });
});

describe('agents', () => {
  it('only an agent with MLS status Active may be chosen, for a site, a change request or a team', async () => {
    const [inactive] = await t.rows<{ n: string; status: string }>(
      sql`SELECT member_mls_id AS n, member_status AS status FROM members
        WHERE member_status <> 'Active' AND NOT reciprocal ORDER BY member_mls_id LIMIT 1`,
    );
    expect(inactive).toBeDefined();
    const created = await t.call(demo(), 'POST', '/api/portal/websites', {
      domainName: freshDomain('inactive-agent'),
      memberNumber: inactive!.n,
      products: [1],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(WebsiteMessages.agentNotActive);

    const id = await createSite();
    await forceStatus(t.db, id, 'Active');
    const change = await t.call(demo(), 'POST', `/api/portal/websites/${id}/agent-change`, {
      memberNumber: inactive!.n,
      reason: '',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(
      `${WebsiteMessages.agentChangeFailed}: ${WebsiteMessages.agentNotActive}`,
    );
  });
});
