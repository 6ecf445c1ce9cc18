import type { SafPreparedSignatory } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { PUBLIC_URL, latestMailTo, type TestContext } from '../../../test/helper.ts';

/** What these helpers need of a test app (the websites fixture's PortalTest has it). */
interface SigningTest extends Pick<TestContext, 'db' | 'inject'> {
  tokens: { demo: string };
  call(
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): ReturnType<TestContext['inject']>;
  rows<T>(query: ReturnType<typeof sql>): Promise<T[]>;
}

/** The token of the newest signing link mailed to `email`. */
export async function mailedSigningToken(t: Pick<TestContext, 'db'>, email: string): Promise<string> {
  const mail = await latestMailTo(t, email);
  const m = new RegExp(`${PUBLIC_URL}/sign/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
  if (!m?.[1]) throw new Error(`no signing link mailed to ${email}`);
  return m[1];
}

/** Active local agents whose offices have a broker with an email, each office once. */
export function agentsWithBrokers(t: SigningTest, limit = 8): Promise<{ agent: string; office: string }[]> {
  return t.rows(sql`
    SELECT DISTINCT ON (o.office_key) m.member_mls_id AS agent, o.office_key AS office
    FROM members m JOIN offices o ON o.office_key = m.office_key
    JOIN members b ON b.member_mls_id = o.office_broker_mls_id
    WHERE NOT m.reciprocal AND m.member_status = 'Active' AND m.member_mls_id <> b.member_mls_id
      AND coalesce(m.member_email, '') <> '' AND coalesce(b.member_email, '') <> ''
    ORDER BY o.office_key, m.member_mls_id
    LIMIT ${limit}`);
}

/**
 * Sends the site's Site Access Form as the demo vendor, prefilled as prepared; for a change request
 * when `request` is given (the form then names the terms it asks for).
 */
export async function sendForm(
  t: SigningTest,
  siteId: number,
  request?: number,
): Promise<{ documentId: number; signatories: SafPreparedSignatory[] }> {
  const [type] = await t.rows<{ id: number }>(sql`SELECT id FROM document_types WHERE name = 'saf'`);
  const query = request === undefined ? '' : `&request=${request}`;
  const prepared = await t.call(
    t.tokens.demo,
    'GET',
    `/api/documenttype/${type!.id}/sign?website=${siteId}${query}`,
  );
  if (prepared.statusCode !== 200) throw new Error(`not prepared: ${prepared.statusCode} ${prepared.body}`);
  const signatories = prepared.json() as SafPreparedSignatory[];
  const res = await t.call(t.tokens.demo, 'POST', `/api/documenttype/${type!.id}/sign`, {
    fields: { domainName: 'x' },
    id: siteId,
    type: 'website',
    signatures: signatories,
    ...(request === undefined ? {} : { request }),
  });
  if (res.statusCode !== 200) throw new Error(`not sent: ${res.statusCode} ${res.body}`);
  return { documentId: res.json().documentId, signatories };
}

/** Opens a signing link, consents and signs with a typed name. */
export async function signWith(
  t: Pick<TestContext, 'inject'>,
  token: string,
  fullName: string,
): Promise<void> {
  const open = await t.inject({ method: 'GET', url: `/api/sign/${token}` });
  if (open.statusCode !== 200) throw new Error(`link not opened: ${open.statusCode}`);
  const consent = await t.inject({
    method: 'POST',
    url: `/api/sign/${token}/consent`,
    payload: { consent: true },
  });
  if (consent.statusCode !== 200) throw new Error(`no consent: ${consent.statusCode} ${consent.body}`);
  const res = await t.inject({
    method: 'POST',
    url: `/api/sign/${token}`,
    payload: { fullName, signature: { kind: 'typed' } },
  });
  if (res.statusCode !== 200) throw new Error(`not signed: ${res.statusCode} ${res.body}`);
}

/** Sends a form and has every signatory sign it, each link read before the next mail goes out. */
export async function formSignedByAll(t: SigningTest, siteId: number, request?: number): Promise<number> {
  const { documentId, signatories } = await sendForm(t, siteId, request);
  const links = [];
  for (const s of signatories) links.push(await mailedSigningToken(t, s.email));
  for (const [i, s] of signatories.entries()) await signWith(t, links[i]!, s.name);
  return documentId;
}
