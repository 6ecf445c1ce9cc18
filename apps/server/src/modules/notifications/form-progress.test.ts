import type { SafPreparedSignatory } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedSigningToken } from '../signatures/test-fixture.ts';
import { createSite, setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/** Each step of a Site Access Form is told to the vendor's users: sent, signed, declined, completed, voided. */

let t: PortalTest;
let safType: number;
beforeAll(async () => {
  t = await setupPortal();
  const [row] = await t.rows<{ id: number }>(sql`SELECT id FROM document_types WHERE name = 'saf'`);
  safType = row!.id;
});
afterAll(async () => t?.close());

/** An active agent whose office's broker is someone else, both with an email. */
async function agent(skip: string[] = []): Promise<string> {
  const rows = await t.rows<{ agent: string }>(sql`
    SELECT m.member_mls_id AS agent FROM members m JOIN offices o ON o.office_key = m.office_key
    JOIN members b ON b.member_mls_id = o.office_broker_mls_id
    WHERE NOT m.reciprocal AND m.member_status = 'Active' AND m.member_mls_id <> b.member_mls_id
      AND coalesce(m.member_email, '') <> '' AND coalesce(b.member_email, '') <> ''
    ORDER BY m.member_mls_id`);
  return rows.find((r) => !skip.includes(r.agent))!.agent;
}

async function send(site: number): Promise<{ documentId: number; signatories: SafPreparedSignatory[] }> {
  const signatories = (
    await t.call(t.tokens.demo, 'GET', `/api/documenttype/${safType}/sign?website=${site}`)
  ).json();
  const res = await t.call(t.tokens.demo, 'POST', `/api/documenttype/${safType}/sign`, {
    fields: { domainName: 'x' },
    id: site,
    type: 'website',
    signatures: signatories,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { documentId: res.json().documentId, signatories };
}

const pub = (url: string, payload?: object) =>
  t.inject({ method: payload ? 'POST' : 'GET', url, ...(payload ? { payload } : {}) });

async function sign(email: string, name: string) {
  const token = await mailedSigningToken(t, email);
  expect((await pub(`/api/sign/${token}`)).statusCode).toBe(200);
  expect((await pub(`/api/sign/${token}/consent`, { consent: true })).statusCode).toBe(200);
  const res = await pub(`/api/sign/${token}`, { fullName: name, signature: { kind: 'typed' } });
  expect(res.statusCode, res.body).toBe(200);
}

const toViewer = (site: number) =>
  t.rows<{ topic: string; content: string }>(
    sql`SELECT n.topic, n.content FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE u.username = 'viewer' AND n.website_id = ${site} AND n.topic = 'forms.progress' ORDER BY n.id`,
  );

describe('Site Access Form progress', () => {
  it('sent, signed by each signer, completed; the sender is not told of their own step', async () => {
    const site = await createSite(t, await agent(), [1], 'form');
    const { signatories } = await send(site);
    for (const s of signatories) await sign(s.email, s.name);
    const steps = (await toViewer(site)).map((r) => r.content.replace(/^Summit Web Solutions: /, ''));
    expect(steps[0]).toMatch(/^The Site Access Form of form-\S+ was sent for signature by demo$/);
    expect(steps.slice(1, -1)).toHaveLength(signatories.length);
    for (const [i, s] of signatories.entries()) expect(steps[i + 1]).toContain(`was signed by ${s.name}`);
    expect(steps.at(-1)).toMatch(/is signed by all parties$/);
    const [demo] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE u.username = 'demo' AND n.website_id = ${site} AND n.content LIKE '%was sent for signature%'`,
    );
    expect(demo!.n).toBe(0);
  });

  it('declined by a signer, and voided', async () => {
    const first = await agent();
    const site = await createSite(t, await agent([first]), [1], 'declined');
    const { signatories } = await send(site);
    const token = await mailedSigningToken(t, signatories[0]!.email);
    expect((await pub(`/api/sign/${token}/decline`, { reason: 'Wrong office' })).statusCode).toBe(200);
    const declined = await toViewer(site);
    expect(declined.at(-1)!.content).toContain(`was declined by ${signatories[0]!.name}`);

    const other = await createSite(t, await agent([first]), [1], 'voided');
    const { documentId } = await send(other);
    const voided = await t.call(
      t.tokens.admin,
      'PUT',
      `/api/document/${documentId}/signatures/void`,
      { reason: 'Ended' },
      t.vendors.summit,
    );
    expect(voided.statusCode, voided.body).toBe(200);
    const steps = await toViewer(other);
    expect(steps.at(-1)!.content).toMatch(/was voided by MLS staff \(admin\)$/);
  });
});
