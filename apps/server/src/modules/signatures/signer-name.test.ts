import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  SafMessages,
  SigningLinkMessages,
  type DocumentSignatureStatus,
  type SafPreparedSignatory,
  type VerifyResult,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { mailedSigningToken } from './test-fixture.ts';

/**
 * The signer's typed name: the form records the signatory it was sent to, keeps the typed name as
 * what they typed, and signs a name unlike the signatory's only once the signer has confirmed it.
 * History, the sealed PDF and Verify name the signatory, with the typed name where it differs.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

/**
 * A new site of an active local agent whose office's broker has a name and an email, with its Site
 * Access Form sent to the signatories the portal prepares (broker first), and their mailed links.
 */
async function sentSaf() {
  const [pick] = await t.rows<{ agent: string }>(sql`
    SELECT m.member_mls_id AS agent
    FROM members m JOIN offices o ON o.office_key = m.office_key
    JOIN members b ON b.member_mls_id = o.office_broker_mls_id
    WHERE NOT m.reciprocal AND m.member_status = 'Active' AND m.member_mls_id <> b.member_mls_id
      AND coalesce(m.member_email, '') <> '' AND coalesce(b.member_email, '') <> ''
    ORDER BY m.member_mls_id LIMIT 1`);
  const [type] = await t.rows<{ id: number }>(sql`SELECT id FROM document_types WHERE name = 'saf'`);
  const site = await createSite(t, pick!.agent, [1], 'saf');
  const prepared = await t.call(t.tokens.demo, 'GET', `/api/documenttype/${type!.id}/sign?website=${site}`);
  expect(prepared.statusCode, prepared.body).toBe(200);
  const signatories = prepared.json() as SafPreparedSignatory[];
  const sent = await t.call(t.tokens.demo, 'POST', `/api/documenttype/${type!.id}/sign`, {
    fields: { domainName: 'x' },
    id: site,
    type: 'website',
    signatures: signatories,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json().message).toBe(SafMessages.sent);
  const tokens = await Promise.all(signatories.map((s) => mailedSigningToken(t, s.email)));
  return { site, documentId: sent.json().documentId as number, signatories, tokens };
}

const pub = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

async function ready(token: string) {
  expect((await pub('GET', `/api/sign/${token}`)).statusCode).toBe(200);
  expect((await pub('POST', `/api/sign/${token}/consent`, { consent: true })).statusCode).toBe(200);
}

const sign = (token: string, fullName: string, confirmName?: boolean) =>
  pub('POST', `/api/sign/${token}`, {
    fullName,
    signature: { kind: 'typed' },
    ...(confirmName === undefined ? {} : { confirmName }),
  });

async function history(site: number): Promise<{ kind: string; description: string; user: unknown }[]> {
  return (await t.call(t.tokens.demo, 'GET', `/api/website/${site}/changelog`)).json();
}

async function sealedBytes(documentId: number): Promise<Buffer> {
  const [doc] = await t.rows<{ storage_key: string }>(
    sql`SELECT storage_key FROM documents WHERE id = ${documentId} AND sealed_at IS NOT NULL`,
  );
  return fs.readFileSync(path.join(t.config.filesDir, doc!.storage_key));
}

async function verify(bytes: Buffer): Promise<VerifyResult> {
  const boundary = `----name${crypto.randomBytes(6).toString('hex')}`;
  const res = await t.inject({
    method: 'POST',
    url: '/api/verify',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-name-'));
  try {
    const file = path.join(dir, 'sealed.pdf');
    fs.writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the signer's typed name", () => {
  it('refuses a name unlike the signatory’s until the signer confirms it, and records the signatory', async () => {
    const { site, documentId, signatories, tokens } = await sentSaf();
    const [broker, agent] = signatories;
    await ready(tokens[0]!);

    for (const confirm of [undefined, false]) {
      const refused = await sign(tokens[0]!, 'Mallory Impostor', confirm);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual({ code: 400, message: SigningLinkMessages.nameMismatch(broker!.name) });
    }
    // Nothing was signed: the link still works and the signer is not marked signed.
    expect((await pub('GET', `/api/sign/${tokens[0]}`)).statusCode).toBe(200);
    expect((await history(site)).some((e) => e.kind === 'saf.signed')).toBe(false);

    const confirmed = await sign(tokens[0]!, 'Mallory Impostor', true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The agent types their own name in capitals, accents left out: it resembles, no confirmation.
    await ready(tokens[1]!);
    const plain = agent!.name.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase();
    const last = await sign(tokens[1]!, plain);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().completed).toBe(true);

    const signed = (await history(site)).filter((e) => e.kind === 'saf.signed').map((e) => e.description);
    expect(signed).toEqual(
      expect.arrayContaining([
        `Site Access Form signed by ${broker!.signatory} ${broker!.name} (typed: Mallory Impostor)`,
        `Site Access Form signed by ${agent!.signatory} ${agent!.name}`,
      ]),
    );
    // Nobody named by the typed name acted: History's signers are the signatories.
    expect(JSON.stringify((await history(site)).map((e) => e.user))).not.toContain('Mallory');

    const status = (
      await t.call(t.tokens.demo, 'GET', `/api/document/${documentId}/signatures/status`)
    ).json() as DocumentSignatureStatus;
    expect(status.signers.map((s) => s.name)).toEqual([broker!.name, agent!.name]);

    const bytes = await sealedBytes(documentId);
    const text = pdfText(bytes);
    expect(text).toContain(`Signed by ${broker!.name} (typed: Mallory Impostor)`);
    expect(text).toContain(`${broker!.signatory}: ${broker!.name} <${broker!.email}>, signed (typed)`);
    expect(text).toContain('typed: Mallory Impostor');
    expect(text).not.toContain(`typed: ${plain}`);

    const result = await verify(bytes);
    expect(result.result).toBe('sealed');
    expect(result.document?.signers.map(({ name, typedName }) => ({ name, typedName }))).toEqual([
      { name: broker!.name, typedName: 'Mallory Impostor' },
      { name: agent!.name, typedName: null },
    ]);
  }, 60_000);

  it('signs a name in another order or with an initial without asking, and shows what was typed', async () => {
    const { site, signatories, tokens } = await sentSaf();
    const broker = signatories[0]!;
    const words = broker.name.split(/\s+/);
    const reordered = `${words.at(-1)}, ${words.slice(0, -1).join(' ')}`;
    await ready(tokens[0]!);
    const res = await sign(tokens[0]!, reordered);
    expect(res.statusCode, res.body).toBe(200);
    const signed = (await history(site)).find((e) => e.kind === 'saf.signed')!;
    expect(signed.description).toBe(
      `Site Access Form signed by ${broker.signatory} ${broker.name} (typed: ${reordered})`,
    );
    // The agent signs with the first name as an initial ("J. Lee").
    const agent = signatories[1]!;
    const agentWords = agent.name.split(/\s+/);
    const withInitial = `${agentWords[0]![0]}. ${agentWords.slice(1).join(' ')}`;
    await ready(tokens[1]!);
    const res2 = await sign(tokens[1]!, withInitial);
    expect(res2.statusCode, res2.body).toBe(200);
    const agentSigned = (await history(site))
      .filter((e) => e.kind === 'saf.signed')
      .map((e) => e.description);
    expect(agentSigned).toContain(
      `Site Access Form signed by ${agent.signatory} ${agent.name} (typed: ${withInitial})`,
    );
  }, 60_000);

  it('checks a usable link before the name: a used link is gone, whatever the name', async () => {
    const { signatories, tokens } = await sentSaf();
    await ready(tokens[0]!);
    expect((await sign(tokens[0]!, signatories[0]!.name)).statusCode).toBe(200);
    const again = await sign(tokens[0]!, 'Mallory Impostor');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(SigningLinkMessages.used);
  }, 60_000);
});
