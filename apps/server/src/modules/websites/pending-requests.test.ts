import {
  REQUEST_PENDING_MESSAGES,
  WebsiteMessages,
  agentWithNumber,
  websiteDetailSchema,
  type HistoryEntry,
  type WebsiteDetail,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDomain, setupPortal, type PortalTest } from './test-fixture.ts';
import { forceStatus } from '../../../test/licence.ts';

/**
 * A change request is pending, not done: the site carries it (kind, date, reason, what is asked
 * for) until MLS staff decide it, a second one of the kind is refused, and History says requested.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const demo = () => t.tokens.demo;
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function activeSite(): Promise<number> {
  const res = await t.call(demo(), 'POST', '/api/portal/websites', {
    domainName: freshDomain('pending'),
    memberNumber: t.agents.local[3],
    products: [1],
    startDate: '2021-05-24',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  await forceStatus(t.db, id, 'Active');
  return id;
}

async function site(id: number, token = demo()): Promise<WebsiteDetail> {
  const res = await t.call(token, 'GET', `/api/portal/websites/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return websiteDetailSchema.parse(res.json());
}
const history = async (id: number) =>
  (await t.call(demo(), 'GET', `/api/website/${id}/changelog`)).json() as HistoryEntry[];
const rowsOf = async (id: number) => {
  const [row] = await t.rows<{ requests: number; entries: number }>(
    sql`SELECT (SELECT count(*)::int FROM website_requests WHERE website_id = ${id}) AS requests,
      (SELECT count(*)::int FROM website_changes WHERE website_id = ${id}) AS entries`,
  );
  return row;
};

describe('pending requests on the site', () => {
  it('a Domain Change Request shows on the site, for every role, until decided; a second is refused', async () => {
    const id = await activeSite();
    expect((await site(id)).pendingRequests).toEqual([]);
    const to = freshDomain('renamed');
    const sent = await t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change`, {
      domainName: to,
      reason: 'The brokerage renamed itself.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    for (const token of [demo(), t.tokens.viewer]) {
      const { domainName, pendingRequests } = await site(id, token);
      expect(domainName).not.toBe(to);
      expect(pendingRequests).toEqual([
        {
          id: expect.any(Number),
          kind: 'domain',
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          reason: 'The brokerage renamed itself.',
          requested: to,
          user: { username: 'demo', firstName: 'Dana', lastName: 'Whitfield' },
          // A domain change needs no new Site Access Form.
          newForm: null,
        },
      ]);
    }
    const before = await rowsOf(id);
    const again = await t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change`, {
      domainName: to,
      reason: 'The brokerage renamed itself.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 409,
      message: `${WebsiteMessages.domainChangeFailed}: ${REQUEST_PENDING_MESSAGES.domain}`,
    });
    expect(await rowsOf(id)).toEqual(before);
    // History says requested, with the reason; the domain itself is not changed.
    expect((await history(id))[0]).toMatchObject({
      kind: 'website.domain_change_requested',
      description: 'Domain change requested',
      changes: [
        { path: ['domainName'], to },
        { path: ['reason'], to: 'The brokerage renamed itself.' },
      ],
    });
  });

  it('an Agent Change Request shows the requested agent by name and member number; a second is refused', async () => {
    const id = await activeSite();
    const next = t.agents.local[9]!;
    const sent = await t.call(demo(), 'POST', `/api/portal/websites/${id}/agent-change`, {
      memberNumber: next,
      reason: 'The agent moved office.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [m] = await t.rows<{ first: string; last: string }>(
      sql`SELECT member_first_name AS first, member_last_name AS last FROM members WHERE member_mls_id = ${next}`,
    );
    const { pendingRequests, memberNumber } = await site(id);
    expect(memberNumber).toBe(t.agents.local[3]);
    expect(pendingRequests).toMatchObject([
      {
        kind: 'agent',
        reason: 'The agent moved office.',
        requested: agentWithNumber(m!.first, m!.last, next),
      },
    ]);
    const before = await rowsOf(id);
    const again = await t.call(demo(), 'POST', `/api/portal/websites/${id}/agent-change`, {
      memberNumber: next,
      reason: 'The agent moved office.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `${WebsiteMessages.agentChangeFailed}: ${REQUEST_PENDING_MESSAGES.agent}`,
    );
    expect(await rowsOf(id)).toEqual(before);
  });

  it('a termination request is pending until withdrawn, and decided when MLS staff terminate', async () => {
    const id = await activeSite();
    const termDate = later(14);
    const sent = await t.call(demo(), 'POST', `/api/portal/websites/${id}/termination`, {
      termDate,
      reason: 'The agent retires.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await site(id)).pendingRequests).toMatchObject([
      { kind: 'termination', requested: termDate, reason: 'The agent retires.' },
    ]);
    // A second one is refused: the site is no longer Active.
    const again = await t.call(demo(), 'POST', `/api/portal/websites/${id}/termination`, { termDate });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(WebsiteMessages.terminationNotActive);

    const withdrawn = await t.call(demo(), 'POST', `/api/portal/websites/${id}/termination/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await site(id)).pendingRequests).toEqual([]);
    const requests = (await t.call(demo(), 'GET', `/api/portal/websites/${id}/requests`)).json();
    expect(requests).toMatchObject([{ kind: 'termination', status: 'withdrawn' }]);

    await t.call(demo(), 'POST', `/api/portal/websites/${id}/termination`, { termDate, reason: '' });
    const current = await site(id);
    const { pendingRequests: _p, ...body } = current;
    const terminated = await t.call(
      t.tokens.admin,
      'PUT',
      '/api/portal/websites',
      { ...body, status: 'Inactive' },
      t.vendors.summit,
    );
    expect(terminated.statusCode, terminated.body).toBe(200);
    expect((await site(id)).pendingRequests).toEqual([]);
    const decided = (await t.call(demo(), 'GET', `/api/portal/websites/${id}/requests`)).json();
    expect(decided.map((r: { status: string }) => r.status)).toEqual(['approved', 'withdrawn']);
  });
});

describe('History written for people', () => {
  it('reads products by name, statuses by display name and agents by name, old entries included', async () => {
    const id = await activeSite();
    const agent = t.agents.local[3]!;
    // An entry as older versions wrote it: raw ids and wire values.
    await t.rows(sql`INSERT INTO website_changes (website_id, vendor_id, kind, description, username, changes)
      VALUES (${id}, ${t.vendors.summit}, 'website.updated', 'Website updated', 'demo', ${JSON.stringify([
        { path: ['status'], from: 'Pending Activation', to: 'Pending Termination' },
        { path: ['memberNumber'], from: null, to: agent },
        { path: ['products'], from: [1], to: [2] },
        { path: ['reciprocal'], from: false, to: true },
      ])}::jsonb)`);
    const [m] = await t.rows<{ first: string; last: string }>(
      sql`SELECT member_first_name AS first, member_last_name AS last FROM members WHERE member_mls_id = ${agent}`,
    );
    expect((await history(id))[0]!.changes).toEqual([
      { path: ['status'], from: 'Active (Pending)', to: 'Inactive (Pending)' },
      { path: ['memberNumber'], from: null, to: agentWithNumber(m!.first, m!.last, agent) },
      { path: ['products'], from: ['IDX Website'], to: ['IDX Team Website'] },
      { path: ['reciprocal'], from: 'No', to: 'Yes' },
    ]);
  });
});
