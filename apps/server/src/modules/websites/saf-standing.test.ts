import {
  DocumentMessages,
  SafOutOfDateMessages,
  TEAM_PRODUCT_ID,
  safStandingText,
  safTermsKey,
  type DocumentInfo,
  WebsiteMessages,
  type WebsiteDetail,
} from '@vp/contract';
import { SAF_COVER_CASES } from '@vp/contract/saf-terms-cases';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPaperSaf } from '../documents/test-fixture.ts';
import {
  agentsWithBrokers as agentsWithBrokersOf,
  formSignedByAll,
  mailedSigningToken,
  sendForm,
  signWith,
} from '../signatures/test-fixture.ts';
import { createSite, setupPortal, type PortalTest } from './test-fixture.ts';

/**
 * Where a site stands with its Site Access Form, and activation held to it: only a form signed by
 * everyone, not voided, in the site's current licensing round, for its current agent and brokers
 * (or one signed on paper and uploaded by MLS staff) lets a site become Active.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
}, 60_000);
afterAll(async () => t?.close());

const agentsWithBrokers = () => agentsWithBrokersOf(t);

const newSite = (agent: string, products = [1]) => createSite(t, agent, products, 'round');

/** The site as the API answers it, checked against the SQL rule that lists and figures use. */
async function site(id: number): Promise<WebsiteDetail> {
  const detail = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json() as WebsiteDetail;
  // The database's rule (the missing-documents flag of a Pending Activation site) agrees.
  const [row] = await t.rows<{ counts: boolean; missing: boolean; status: string }>(
    sql`SELECT website_has_counting_saf(w.id, w.pending_since) AS counts, w.missing_documents AS missing,
      w.status FROM websites w WHERE w.id = ${id}`,
  );
  expect(row!.counts).toBe(detail.saf.state === 'signed');
  if (row!.status === 'Pending Activation') expect(row!.missing).toBe(!row!.counts);
  return detail;
}

const send = (id: number) => sendForm(t, id);
const linkOf = (email: string) => mailedSigningToken(t, email);
const sign = (token: string, fullName: string) => signWith(t, token, fullName);
const signedByAll = (id: number) => formSignedByAll(t, id);

const activate = async (id: number) =>
  t.call(
    t.tokens.admin,
    'PUT',
    '/api/portal/websites',
    { ...inputOf(await site(id)), status: 'Active' },
    t.vendors.summit,
  );

function inputOf(s: WebsiteDetail) {
  return {
    rowKey: s.rowKey,
    domainName: s.domainName,
    memberNumber: s.memberNumber,
    reciprocal: s.reciprocal,
    status: s.status,
    startDate: s.startDate,
    termDate: s.termDate,
    dba: s.dba,
    products: s.products,
    version: s.version,
  };
}

describe('a site signed through the portal', () => {
  it('stands at not sent, out for signature, signed, and is then activated', async () => {
    const [first] = await agentsWithBrokers();
    const id = await newSite(first!.agent);
    expect((await site(id)).saf).toEqual({ state: 'not-sent', signed: 0, total: 0, paper: false });

    const { signatories } = await send(id);
    expect((await site(id)).saf).toEqual({ state: 'out-for-signature', signed: 0, total: 2, paper: false });
    const links = [await linkOf(signatories[0]!.email), await linkOf(signatories[1]!.email)];
    await sign(links[0]!, signatories[0]!.name);
    expect((await site(id)).saf).toMatchObject({ state: 'out-for-signature', signed: 1, total: 2 });
    const early = await activate(id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(WebsiteMessages.activationNeedsSaf);

    await sign(links[1]!, signatories[1]!.name);
    expect((await site(id)).saf).toEqual({ state: 'signed', signed: 2, total: 2, paper: false });
    const res = await activate(id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await site(id)).status).toBe('Active');
  });

  it('stands at declined after a decline, at not sent once voided, and is not activated on either', async () => {
    const [, { agent }] = (await agentsWithBrokers()) as [unknown, { agent: string }];
    const id = await newSite(agent);
    const { documentId, signatories } = await send(id);
    const token = await linkOf(signatories[0]!.email);
    const declined = await t.inject({
      method: 'POST',
      url: `/api/sign/${token}/decline`,
      payload: { reason: 'No' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await site(id)).saf.state).toBe('declined');
    expect((await activate(id)).statusCode).toBe(409);
    const voided = await t.call(t.tokens.demo, 'PUT', `/api/document/${documentId}/signatures/void`, {
      reason: 'x',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await site(id)).saf.state).toBe('not-sent');
    expect((await activate(id)).statusCode).toBe(409);
  });

  it('no longer counts once the agent is swapped in Pending Activation, nor once it is voided', async () => {
    const [, , a, b] = await agentsWithBrokers();
    const id = await newSite(a!.agent);
    const documentId = await signedByAll(id);
    expect((await site(id)).saf.state).toBe('signed');
    const swap = await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', {
      ...inputOf(await site(id)),
      memberNumber: b!.agent,
    });
    expect(swap.statusCode, swap.body).toBe(200);
    expect((await site(id)).saf.state).toBe('not-sent');
    const refused = await activate(id);
    expect(refused.statusCode).toBe(409);
    expect((await site(id)).status).toBe('Pending Activation');

    // Back to the agent it was signed for, the form counts again, until it is voided.
    const back = await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', {
      ...inputOf(await site(id)),
      memberNumber: a!.agent,
    });
    expect(back.statusCode).toBe(200);
    expect((await site(id)).saf.state).toBe('signed');
    const voided = await t.call(t.tokens.demo, 'PUT', `/api/document/${documentId}/signatures/void`, {
      reason: 'x',
    });
    expect(voided.statusCode).toBe(200);
    expect((await activate(id)).statusCode).toBe(409);
  });

  it('refuses an activation that swaps the agent in the same save', async () => {
    const [, , , , a, b] = await agentsWithBrokers();
    const id = await newSite(a!.agent);
    await signedByAll(id);
    const res = await t.call(
      t.tokens.admin,
      'PUT',
      '/api/portal/websites',
      { ...inputOf(await site(id)), memberNumber: b!.agent, status: 'Active' },
      t.vendors.summit,
    );
    expect(res.statusCode).toBe(409);
    expect(await site(id)).toMatchObject({ status: 'Pending Activation', memberNumber: a!.agent });
  });

  it('5 (outside review). a team gaining an office needs a new form, and every screen says so', async () => {
    const [a, b] = await agentsWithBrokers();
    const id = await newSite(a!.agent, [TEAM_PRODUCT_ID]);
    const documentId = await signedByAll(id);
    expect((await site(id)).saf.state).toBe('signed');
    const team = (await t.call(t.tokens.demo, 'GET', `/api/websites/${id}/team`)).json();
    const put = await t.call(t.tokens.demo, 'PUT', `/api/websites/${id}/team`, {
      siteId: id,
      primary: team.primary,
      memberIds: [...team.memberIds, b!.agent],
      version: team.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    const [office] = await t.rows<{ name: string }>(
      sql`SELECT office_name AS name FROM offices WHERE office_key = ${b!.office}`,
    );
    expect((await site(id)).saf).toMatchObject({
      state: 'not-sent',
      outOfDate: [SafOutOfDateMessages.officeGained(office!.name)],
    });
    expect(safStandingText((await site(id)).saf, 'Pending Activation')).toBe('Signed form out of date');
    // Files shows the form as signed but out of date, and History has the team's change.
    const files = (
      await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}/documents`)
    ).json() as DocumentInfo[];
    expect(files.find((d) => d.rowKey === documentId)).toMatchObject({ approved: true, outOfDate: true });
    const history = (await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json() as {
      kind: string;
    }[];
    expect(history[0]?.kind).toBe('team.member_added');
    expect((await activate(id)).statusCode).toBe(409);

    // The member leaves again: the form covers the team as it is, and counts once more.
    const now = (await t.call(t.tokens.demo, 'GET', `/api/websites/${id}/team`)).json();
    await t.call(t.tokens.demo, 'PUT', `/api/websites/${id}/team`, {
      siteId: id,
      primary: now.primary,
      memberIds: now.memberIds.filter((m: string) => m !== b!.agent),
      version: now.version,
    });
    expect((await site(id)).saf).toEqual({ state: 'signed', signed: 2, total: 2, paper: false });
    const after = (
      await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}/documents`)
    ).json() as DocumentInfo[];
    expect(after.find((d) => d.rowKey === documentId)?.outOfDate).toBe(false);
  });

  it('3 (outside review). counts only for the products it was signed for', async () => {
    const [, , , , , , a] = await agentsWithBrokers();
    const id = await newSite(a!.agent, [1]);
    const documentId = await signedByAll(id);
    expect((await site(id)).saf.state).toBe('signed');

    // The vendor switches the product before activation: the IDX form does not cover a VOW site.
    const vow = await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', {
      ...inputOf(await site(id)),
      products: [3],
    });
    expect(vow.statusCode, vow.body).toBe(200);
    expect((await site(id)).saf).toEqual({
      state: 'not-sent',
      signed: 0,
      total: 0,
      paper: false,
      outOfDate: [SafOutOfDateMessages.products('IDX Website', 'VOW Website')],
    });
    const files = (
      await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}/documents`)
    ).json() as DocumentInfo[];
    expect(files.find((d) => d.rowKey === documentId)).toMatchObject({ approved: true, outOfDate: true });
    const refused = await activate(id);
    expect(refused.statusCode).toBe(409);
    expect((await site(id)).status).toBe('Pending Activation');

    // Back to the product it was signed for, it counts again and is no longer out of date.
    await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', { ...inputOf(await site(id)), products: [1] });
    expect((await site(id)).saf).toEqual({ state: 'signed', signed: 2, total: 2, paper: false });
    const again = (
      await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}/documents`)
    ).json() as DocumentInfo[];
    expect(again.find((d) => d.rowKey === documentId)?.outOfDate).toBe(false);
    expect((await activate(id)).statusCode).toBe(200);
  });
});

describe('the database’s rule of which changes need a new form', () => {
  it('agrees with the contract’s, case by case', async () => {
    for (const { name, signed, now, changes } of SAF_COVER_CASES) {
      const [row] = await t.rows<{ covers: boolean }>(
        sql`SELECT saf_covers(${safTermsKey(signed)}, ${safTermsKey(now)}) AS covers`,
      );
      expect(row!.covers, name).toBe(changes.length === 0);
    }
  });
});

describe('a Site Access Form signed on paper', () => {
  it('is uploaded by MLS staff only, on a website, and then counts', async () => {
    const [first] = await agentsWithBrokers();
    const id = await newSite(first!.agent);
    const byVendor = await uploadPaperSaf(t, t.tokens.demo, t.vendors.summit, id);
    expect(byVendor.statusCode).toBe(400);
    expect(byVendor.json().message).toBe(DocumentMessages.signedInPortal);
    const byViewer = await uploadPaperSaf(t, t.tokens.viewer, t.vendors.summit, id);
    expect(byViewer.statusCode).toBe(403);
    const [harborSite] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.harbor} ORDER BY id LIMIT 1`,
    );
    const otherVendor = await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, harborSite!.id);
    expect(otherVendor.statusCode).toBe(404);
    expect((await site(id)).saf.state).toBe('not-sent');

    const res = await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().document).toMatchObject({ approved: true, voided: false, signatureRequired: true });
    expect((await site(id)).saf).toMatchObject({ state: 'signed', paper: true });
    const entries = (await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json();
    expect(entries[0].description).toMatch(/signed on paper/);
    expect((await activate(id)).statusCode).toBe(200);
  });

  it('is refused while a form is out for signature on the site', async () => {
    const [, { agent }] = (await agentsWithBrokers()) as [unknown, { agent: string }];
    const id = await newSite(agent);
    await send(id);
    const res = await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DocumentMessages.paperWhileOut);
  });
});
