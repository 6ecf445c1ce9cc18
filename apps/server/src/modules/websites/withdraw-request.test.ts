import {
  RequestWithdrawMessages,
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
 * A pending domain or agent change is withdrawn like a termination request: the request closes as
 * withdrawn, the site keeps its domain or agent, History says so, and a new request may be sent.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const demo = () => t.tokens.demo;

async function activeSite(): Promise<{ id: number; domain: string }> {
  const domain = freshDomain('withdraw');
  const res = await t.call(demo(), 'POST', '/api/portal/websites', {
    domainName: domain,
    memberNumber: t.agents.local[5],
    products: [1],
    startDate: '2021-05-24',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  await forceStatus(t.db, id, 'Active');
  return { id, domain };
}

async function site(id: number): Promise<WebsiteDetail> {
  const res = await t.call(demo(), 'GET', `/api/portal/websites/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return websiteDetailSchema.parse(res.json());
}
const history = async (id: number) =>
  (await t.call(demo(), 'GET', `/api/website/${id}/changelog`)).json() as HistoryEntry[];
const requestStatuses = async (id: number) =>
  (
    (await t.call(demo(), 'GET', `/api/portal/websites/${id}/requests`)).json() as {
      kind: string;
      status: string;
    }[]
  ).map((r) => `${r.kind}:${r.status}`);

const requestDomain = (id: number, domainName: string) =>
  t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change`, { domainName, reason: 'Rebranded.' });
const requestAgent = (id: number, memberNumber: string) =>
  t.call(demo(), 'POST', `/api/portal/websites/${id}/agent-change`, { memberNumber, reason: 'Moved.' });

describe('withdrawing a Domain Change Request', () => {
  it('closes it as withdrawn; the site keeps its domain, History says so, and a new one may be sent', async () => {
    const { id, domain } = await activeSite();
    const to = freshDomain('asked');
    expect((await requestDomain(id, to)).statusCode).toBe(201);

    const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = websiteDetailSchema.parse(res.json());
    expect(answer.domainName).toBe(domain);
    expect(answer.pendingRequests).toEqual([]);
    expect((await site(id)).pendingRequests).toEqual([]);
    expect(await requestStatuses(id)).toEqual(['domain:withdrawn']);
    expect((await history(id))[0]).toMatchObject({
      kind: 'website.domain_change_withdrawn',
      description: RequestWithdrawMessages.withdrawn.domain,
      user: { username: 'demo' },
      changes: [{ path: ['domainName'], from: domain, to }],
    });

    // The requested domain is free again, and a new request may be sent.
    expect((await requestDomain(id, to)).statusCode).toBe(201);
    expect((await site(id)).pendingRequests.map((r) => r.kind)).toEqual(['domain']);
  });

  it('leaves a pending agent change alone', async () => {
    const { id } = await activeSite();
    expect((await requestDomain(id, freshDomain('both'))).statusCode).toBe(201);
    expect((await requestAgent(id, t.agents.local[6]!)).statusCode).toBe(201);
    const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(websiteDetailSchema.parse(res.json()).pendingRequests.map((r) => r.kind)).toEqual(['agent']);
  });
});

describe('withdrawing an Agent Change Request', () => {
  it('closes it as withdrawn; the site keeps its agent, History names both agents', async () => {
    const { id } = await activeSite();
    const before = await site(id);
    const next = t.agents.local[7]!;
    expect((await requestAgent(id, next)).statusCode).toBe(201);

    const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/agent-change/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = websiteDetailSchema.parse(res.json());
    expect(answer.memberNumber).toBe(before.memberNumber);
    expect(answer.pendingRequests).toEqual([]);
    expect(await requestStatuses(id)).toEqual(['agent:withdrawn']);
    const [m] = await t.rows<{ first: string; last: string }>(
      sql`SELECT member_first_name AS first, member_last_name AS last FROM members WHERE member_mls_id = ${next}`,
    );
    expect((await history(id))[0]).toMatchObject({
      kind: 'website.agent_change_withdrawn',
      description: RequestWithdrawMessages.withdrawn.agent,
      changes: [
        {
          path: ['memberNumber'],
          from: agentWithNumber(before.firstName, before.lastName, before.memberNumber),
          to: agentWithNumber(m!.first, m!.last, next),
        },
      ],
    });
    expect((await requestAgent(id, next)).statusCode).toBe(201);
  });
});

describe('refusals', () => {
  it.each(['domain', 'agent'] as const)(
    'nothing %s pending: 409 with a clear message, nothing written',
    async (kind) => {
      const { id } = await activeSite();
      const entries = (await history(id)).length;
      const path = kind === 'domain' ? 'domain-change' : 'agent-change';
      const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/${path}/withdraw`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 409, message: RequestWithdrawMessages.nothingPending[kind] });
      expect((await history(id)).length).toBe(entries);
    },
  );

  it('the read-only role may not withdraw (403); the request stays pending', async () => {
    const { id } = await activeSite();
    expect((await requestDomain(id, freshDomain('viewer'))).statusCode).toBe(201);
    for (const path of ['domain-change', 'agent-change']) {
      const res = await t.call(t.tokens.viewer, 'POST', `/api/portal/websites/${id}/${path}/withdraw`);
      expect(res.statusCode).toBe(403);
    }
    expect((await site(id)).pendingRequests.map((r) => r.kind)).toEqual(['domain']);
  });

  it("another vendor's site is not found (404); its request stays pending", async () => {
    const { id } = await activeSite();
    expect((await requestAgent(id, t.agents.local[8]!)).statusCode).toBe(201);
    for (const path of ['domain-change', 'agent-change']) {
      const res = await t.call(t.tokens.other, 'POST', `/api/portal/websites/${id}/${path}/withdraw`);
      expect(res.statusCode).toBe(404);
    }
    expect((await site(id)).pendingRequests.map((r) => r.kind)).toEqual(['agent']);
  });

  it('a malformed id is a 400, an unknown one a 404', async () => {
    expect((await t.call(demo(), 'POST', '/api/portal/websites/abc/domain-change/withdraw')).statusCode).toBe(
      400,
    );
    expect(
      (await t.call(demo(), 'POST', '/api/portal/websites/999999/agent-change/withdraw')).statusCode,
    ).toBe(404);
  });

  it('MLS staff may withdraw for the vendor', async () => {
    const { id } = await activeSite();
    expect((await requestDomain(id, freshDomain('staff'))).statusCode).toBe(201);
    const res = await t.call(
      t.tokens.admin,
      'POST',
      `/api/portal/websites/${id}/domain-change/withdraw`,
      undefined,
      t.vendors.summit,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await history(id))[0]).toMatchObject({
      kind: 'website.domain_change_withdrawn',
      user: { username: 'admin' },
    });
  });
});
