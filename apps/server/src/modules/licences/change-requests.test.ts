import {
  DeclinedMessages,
  LicenceMessages,
  QueueMessages,
  RequestWithdrawMessages,
  SafNewFormMessages,
  TEAM_PRODUCT_ID,
  WebsiteServerMessages,
  type HistoryEntry,
  type QueuePage,
  type Team,
  type WebsiteDetail,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/sql.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forceStatus } from '../../../test/licence.ts';
import { agentsWithBrokers, formSignedByAll, sendForm } from '../signatures/test-fixture.ts';
import { createSite, readSite, saveSite, setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/**
 * Product and team changes of a licensed site go through the MLS as requests, as domain and agent
 * changes do; a change whose new terms the site's signed form does not cover carries its own form
 * round, and staff approve once a form for them counts (or record which paper form covers them).
 */

let t: PortalTest;
let agents: { agent: string; office: string }[];
beforeAll(async () => {
  t = await setupPortal();
  agents = await agentsWithBrokers(t, 12);
});
afterAll(async () => t?.close());

const detail = async (id: number) => (await readSite(t, id)) as WebsiteDetail;
const admin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(t.tokens.admin, method, url, body);

/** A site licensed by a real activation: its form signed by everyone, then activated by staff. */
async function licensedSite(agent: string, products = [1]): Promise<number> {
  const id = await createSite(t, agent, products, 'change');
  await formSignedByAll(t, id);
  const site = await readSite(t, id);
  const res = await admin('POST', `/api/admin/websites/${id}/activate`, { version: site.version });
  if (res.statusCode !== 200) throw new Error(`not activated: ${res.body}`);
  return id;
}

const pending = async (id: number, kind: string) =>
  (await detail(id)).pendingRequests.find((r) => r.kind === kind);

const currentLicence = async (id: number) =>
  (
    await t.rows<{ granted_by: string; form_kind: string; form_note: string; terms: { products: number[] } }>(
      sql`SELECT granted_by, form_kind, form_note, terms FROM licences WHERE website_id = ${id} AND ended_at IS NULL`,
    )
  )[0];

const history = async (id: number) =>
  ((await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json() as HistoryEntry[]).map(
    (e) => e.kind,
  );

describe('a product change of a licensed site', () => {
  it('is refused as a save, asked for as a request, and approved once a form for it counts', async () => {
    const id = await licensedSite(agents[0]!.agent);
    const save = await saveSite(t, id, { products: [3] });
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe(WebsiteServerMessages.useRequest('product'));

    const asked = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/product-change`, {
      products: [3],
      reason: 'The brokerage offers a VOW now.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = await pending(id, 'product');
    expect(request).toMatchObject({
      requested: 'VOW Website',
      reason: 'The brokerage offers a VOW now.',
      newForm: {
        changes: [SafNewFormMessages.products('IDX Website', 'VOW Website')],
        saf: { state: 'not-sent' },
      },
    });
    // A second one waits for the first.
    const again = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/product-change`, {
      products: [1, 3],
    });
    expect(again.statusCode).toBe(409);

    const queue = (await admin('GET', '/api/admin/queue?kind=product')).json() as QueuePage;
    const item = queue.items.find((i) => i.siteId === id)!;
    expect(item).toMatchObject({ requested: 'VOW Website', blockers: [QueueMessages.needsForm] });
    const early = await admin('POST', `/api/admin/requests/${request!.id}/approve`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(QueueMessages.needsForm);

    // The vendor sends the amended form from the request; the site's own standing is untouched.
    const formId = await formSignedByAll(t, id, request!.id);
    expect((await detail(id)).saf.state).toBe('signed');
    expect((await pending(id, 'product'))?.newForm?.saf.state).toBe('signed');
    const files = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}/documents`)).json() as {
      rowKey: number;
      outOfDate: boolean;
    }[];
    expect(files.find((f) => f.rowKey === formId)?.outOfDate).toBe(false);

    const approved = await admin('POST', `/api/admin/requests/${request!.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await readSite(t, id)).products).toEqual([3]);
    expect(await currentLicence(id)).toMatchObject({
      granted_by: 'change approval',
      form_kind: 'portal',
      terms: { products: [3] },
    });
    expect(await history(id)).toEqual(
      expect.arrayContaining([
        'website.product_change_requested',
        'website.product_change_approved',
        'website.licence_granted',
      ]),
    );
    // The vendor's other users were told of the request and of the decision.
    const told = (await t.call(t.tokens.viewer, 'GET', '/api/notifications?pageSize=100')).json() as {
      items: { siteId: number | null; content: string }[];
    };
    const about = told.items.filter((n) => n.siteId === id).map((n) => n.content);
    expect(about.some((c) => c.includes('Product change requested'))).toBe(true);
    expect(about.some((c) => c.includes('Product change approved'))).toBe(true);
  });

  it('is refused before activation, for the team product, for the same products and for bad input', async () => {
    const pa = await createSite(t, agents[1]!.agent, [1], 'change');
    const early = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${pa}/product-change`, {
      products: [3],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(WebsiteServerMessages.productChangeNotLicensed);

    const id = await licensedSite(agents[1]!.agent);
    const ask = (body: unknown, token = t.tokens.demo) =>
      t.call(token, 'POST', `/api/portal/websites/${id}/product-change`, body);
    expect((await ask({ products: [1, TEAM_PRODUCT_ID] })).json().message).toBe(
      WebsiteServerMessages.productChangeTeam,
    );
    expect((await ask({ products: [1] })).json().message).toBe(WebsiteServerMessages.productChangeSame);
    expect((await ask({ products: [] })).statusCode).toBe(400);
    expect((await ask({ products: [987] })).statusCode).toBe(400);
    expect((await ask({ products: 'VOW' })).statusCode).toBe(400);
    expect((await ask({ products: [3] }, t.tokens.viewer)).statusCode).toBe(403);
    expect((await ask({ products: [3] }, t.tokens.other)).statusCode).toBe(404);
    const anonymous = await t.inject({
      method: 'POST',
      url: `/api/portal/websites/${id}/product-change`,
      payload: { products: [3] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await detail(id)).pendingRequests).toEqual([]);
  });

  it('is withdrawn by the vendor and declined by staff with the site unchanged', async () => {
    const id = await licensedSite(agents[2]!.agent);
    const ask = () =>
      t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/product-change`, { products: [1, 3] });
    expect((await ask()).statusCode).toBe(201);
    const withdrawn = await t.call(
      t.tokens.demo,
      'POST',
      `/api/portal/websites/${id}/product-change/withdraw`,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((withdrawn.json() as WebsiteDetail).pendingRequests).toEqual([]);
    const twice = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/product-change/withdraw`);
    expect(twice.json().message).toBe(RequestWithdrawMessages.nothingPending.product);

    expect((await ask()).statusCode).toBe(201);
    const request = (await pending(id, 'product'))!;
    const declined = await admin('POST', `/api/admin/requests/${request.id}/decline`, {
      reason: 'A VOW needs the broker’s own agreement.',
    });
    expect(declined.statusCode).toBe(200);
    expect((await readSite(t, id)).products).toEqual([1]);
    // The Website tab says who declined, when, why, and what to do next, until a new request goes.
    expect((await detail(id)).declined).toEqual([
      {
        what: 'product',
        title: DeclinedMessages.title.product,
        requested: 'IDX Website, VOW Website',
        by: expect.any(String),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        reason: 'A VOW needs the broker’s own agreement.',
        next: DeclinedMessages.next.product,
      },
    ]);
    expect((await ask()).statusCode).toBe(201);
    expect((await detail(id)).declined).toEqual([]);
    expect(await history(id)).toEqual(
      expect.arrayContaining(['website.product_change_withdrawn', 'website.product_change_declined']),
    );
  });
});

describe('a team change of a licensed team site', () => {
  const team = async (id: number) =>
    (await t.call(t.tokens.demo, 'GET', `/api/websites/${id}/team`)).json() as Team;
  const sameOffice = async (office: string, not: string[]) => {
    const [row] = await t.rows<{ n: string }>(
      sql`SELECT member_mls_id AS n FROM members WHERE office_key = ${office} AND member_status = 'Active'
        AND NOT reciprocal AND member_mls_id <> ALL(${textArray(not)}) ORDER BY member_mls_id LIMIT 1`,
    );
    return row!.n;
  };

  it('of an office already on the form needs no new form, and is approved as it stands', async () => {
    const lead = agents[3]!;
    const id = await licensedSite(lead.agent, [TEAM_PRODUCT_ID]);
    const before = await team(id);
    const put = await t.call(t.tokens.demo, 'PUT', `/api/websites/${id}/team`, {
      siteId: id,
      primary: before.primary,
      memberIds: [...before.memberIds, await sameOffice(lead.office, before.memberIds)],
      version: before.version,
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(WebsiteServerMessages.useRequest('team'));

    const colleague = await sameOffice(lead.office, before.memberIds);
    const asked = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/team-change`, {
      memberIds: [...before.memberIds, colleague],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = (await pending(id, 'team'))!;
    expect(request.newForm).toBeNull();
    expect(request.requested).toMatch(/^Adds .*\(#/);
    expect((await admin('POST', `/api/admin/requests/${request.id}/approve`, {})).statusCode).toBe(200);
    expect((await team(id)).memberIds).toContain(colleague);
    expect(await currentLicence(id)).toMatchObject({ granted_by: 'change approval', form_kind: 'portal' });
  });

  it('of another office needs a form, or staff’s record of the paper form that covers it', async () => {
    const id = await licensedSite(agents[4]!.agent, [TEAM_PRODUCT_ID]);
    const before = await team(id);
    expect(
      (
        await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/team-change`, {
          memberIds: [...before.memberIds, agents[5]!.agent],
        })
      ).statusCode,
    ).toBe(201);
    const request = (await pending(id, 'team'))!;
    expect(request.newForm?.changes).toHaveLength(1);
    expect(request.newForm?.changes[0]).toMatch(/^The broker of .* has not signed for this website$/);
    // The request's form goes out to the new office's broker as well.
    const { signatories } = await sendForm(t, id, request.id);
    expect(signatories.filter((s) => s.signatory.startsWith('Broker'))).toHaveLength(2);
    expect((await pending(id, 'team'))?.newForm?.saf.state).toBe('out-for-signature');

    const blank = await admin('POST', `/api/admin/requests/${request.id}/approve`, { paperForm: '  ' });
    expect(blank.statusCode).toBe(400);
    const paper = await admin('POST', `/api/admin/requests/${request.id}/approve`, {
      paperForm: 'Signed on paper by both brokers on 2026-11-20.',
    });
    expect(paper.statusCode, paper.body).toBe(200);
    expect((await team(id)).memberIds).toContain(agents[5]!.agent);
    expect(await currentLicence(id)).toMatchObject({
      form_kind: 'paper',
      form_note: 'Signed on paper by both brokers on 2026-11-20.',
    });
  });

  it('keeps the primary, and is for licensed team sites only', async () => {
    const id = await licensedSite(agents[6]!.agent, [TEAM_PRODUCT_ID]);
    const ask = (site: number, memberIds: string[]) =>
      t.call(t.tokens.demo, 'POST', `/api/portal/websites/${site}/team-change`, { memberIds });
    expect((await ask(id, [agents[7]!.agent])).json().message).toBe(WebsiteServerMessages.teamChangePrimary);
    expect((await ask(id, (await team(id)).memberIds)).json().message).toBe(
      WebsiteServerMessages.teamChangeSame,
    );
    expect((await ask(id, [])).statusCode).toBe(400);
    const single = await licensedSite(agents[8]!.agent);
    expect((await ask(single, [agents[8]!.agent, agents[9]!.agent])).statusCode).toBe(409);
  });
});

describe('a licensed site with no signed form on file', () => {
  it('needs a form for any change of its terms, and reads as signed on paper once staff record one', async () => {
    const id = await createSite(t, agents[2]!.agent, [1], 'unformed');
    await forceStatus(t.db, id, 'Active');
    expect((await detail(id)).saf.state).toBe('not-sent');
    await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/product-change`, { products: [1, 3] });
    const request = (await pending(id, 'product'))!;
    expect(request.newForm?.changes).toEqual([SafNewFormMessages.noForm]);
    const approved = await admin('POST', `/api/admin/requests/${request.id}/approve`, {
      paperForm: 'Broker signed on paper for IDX and VOW, 2026-11-02.',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await detail(id)).saf).toEqual({ state: 'signed', signed: 0, total: 0, paper: true });
  });
});

describe('an agent change of a licensed site', () => {
  it('needs a form for the new agent before staff approve it', async () => {
    const id = await licensedSite(agents[10]!.agent);
    await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/agent-change`, {
      memberNumber: agents[11]!.agent,
    });
    const request = (await pending(id, 'agent'))!;
    expect(request.newForm?.changes.some((c) => c.startsWith('The form names agent'))).toBe(true);
    expect((await admin('POST', `/api/admin/requests/${request.id}/approve`)).statusCode).toBe(409);
    await formSignedByAll(t, id, request.id);
    expect((await admin('POST', `/api/admin/requests/${request.id}/approve`)).statusCode).toBe(200);
    expect((await readSite(t, id)).memberNumber).toBe(agents[11]!.agent);
    expect(await currentLicence(id)).toMatchObject({ granted_by: 'change approval', form_kind: 'portal' });
  });
});

describe('a licence held without a signed form on file', () => {
  it('waits in the queue for staff to record what covers it', async () => {
    const id = await createSite(t, agents[0]!.agent, [1], 'recorded');
    await forceStatus(t.db, id, 'Active');
    const [licence] = await t.rows<{ id: number }>(
      sql`SELECT id FROM licences WHERE website_id = ${id} AND ended_at IS NULL AND form_kind = 'none'`,
    );
    const domain = (await readSite(t, id)).domainName;
    const queue = (await admin('GET', `/api/admin/queue?kind=licence&search=${domain}`)).json() as QueuePage;
    expect(queue.items.find((i) => i.siteId === id)).toMatchObject({
      kind: 'licence',
      licenceId: licence!.id,
    });

    const path = `/api/admin/licences/${licence!.id}/review`;
    expect((await t.call(t.tokens.demo, 'POST', path, { note: 'x' })).statusCode).toBe(404);
    expect((await admin('POST', path, { note: '' })).statusCode).toBe(400);
    const reviewed = await admin('POST', path, { note: 'Paper form of 2024, MLS archive box 12.' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().message).toBe(QueueMessages.licenceReviewed);
    expect((await admin('POST', path, { note: 'again' })).statusCode).toBe(404);
    const after = (await admin('GET', `/api/admin/queue?kind=licence&search=${domain}`)).json() as QueuePage;
    expect(after.items.some((i) => i.siteId === id)).toBe(false);
    const entries = (
      await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)
    ).json() as HistoryEntry[];
    expect(entries.map((e) => e.description)).toContain(
      LicenceMessages.reviewed('Paper form of 2024, MLS archive box 12.'),
    );
  });
});
