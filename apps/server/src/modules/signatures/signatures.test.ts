import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  DocumentMessages,
  SafMessages,
  SealedCopyMessages,
  SigningLinkMessages,
  TEAM_PRODUCT_ID,
  VerifyMessages,
  type DocumentSignatureStatus,
  type SafPreparedSignatory,
  type VerifyResult,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, latestMailTo, setup } from '../../../test/helper.ts';
import { generateSelfSigned } from './certificate.ts';
import { createSite, setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { mailedSigningToken } from './test-fixture.ts';
import { MAILS_PER_RECIPIENT_PER_DAY, RESENDS_PER_FORM_PER_DAY } from './mail-limits.ts';

/**
 * The Site Access Form ceremony through the API: prepare, send, the mailed links, open, consent,
 * sign, and the sealed PDF checked by tools we did not write (poppler's pdfsig and pdftotext, qpdf)
 * and by node-forge; refusals of every kind of dead link; access by role and vendor.
 */

for (const tool of ['pdfsig', 'pdftotext', 'qpdf']) {
  if (spawnSync('which', [tool]).status !== 0)
    throw new Error(`${tool} is missing: install poppler-utils and qpdf (npm test does it)`);
}

let t: PortalTest;
let safType: number;
let work: string;

beforeAll(async () => {
  t = await setupPortal();
  const [row] = await t.rows<{ id: number }>(sql`SELECT id FROM document_types WHERE name = 'saf'`);
  safType = row!.id;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-saf-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** An active local agent whose office has a broker with a name and an email. */
async function agentWithBroker(
  skip: string[] = [],
): Promise<{ agent: string; broker: string; office: string }> {
  const rows = await t.rows<{ agent: string; broker: string; office: string }>(sql`
    SELECT m.member_mls_id AS agent, b.member_mls_id AS broker, o.office_key AS office
    FROM members m JOIN offices o ON o.office_key = m.office_key
    JOIN members b ON b.member_mls_id = o.office_broker_mls_id
    WHERE NOT m.reciprocal AND m.member_status = 'Active' AND m.member_mls_id <> b.member_mls_id
      AND coalesce(m.member_email, '') <> '' AND coalesce(b.member_email, '') <> ''
    ORDER BY m.member_mls_id`);
  const pick = rows.find((r) => !skip.includes(r.office) && !skip.includes(r.agent));
  if (!pick) throw new Error('the seed has no agent with a broker');
  return pick;
}

const newSite = (agent: string, products = [1]) => createSite(t, agent, products, 'saf');

const prepare = (site: number, token = t.tokens.demo) =>
  t.call(token, 'GET', `/api/documenttype/${safType}/sign?website=${site}`);

async function prepared(site: number): Promise<SafPreparedSignatory[]> {
  const res = await prepare(site);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const sendBody = (site: number, signatures: SafPreparedSignatory[]) => ({
  fields: { domainName: 'x' },
  id: site,
  type: 'website',
  signatures,
});

async function send(site: number): Promise<{ documentId: number; signatories: SafPreparedSignatory[] }> {
  const signatories = await prepared(site);
  const res = await t.call(
    t.tokens.demo,
    'POST',
    `/api/documenttype/${safType}/sign`,
    sendBody(site, signatories),
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(SafMessages.sent);
  return { documentId: res.json().documentId, signatories };
}

const linkOf = (email: string) => mailedSigningToken(t, email);

const UA = 'Mozilla/5.0 (SAF test)';
const pub = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.inject({
    method,
    url,
    headers: { 'user-agent': UA },
    remoteAddress: '203.0.113.7',
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/* A real PNG, made here: a short stroke on a transparent canvas. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function signaturePng(width = 120, height = 40, bitDepth = 8, idat?: Buffer): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = 6; // RGBA
  const pixel = (4 * bitDepth) / 8;
  const raw = Buffer.alloc((width * pixel + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const onStroke = Math.abs(y - (height / 2 + Math.sin(x / 8) * (height / 4))) < 2;
      if (onStroke && bitDepth === 8) raw.writeUInt32BE(0x102040ff, y * (width * 4 + 1) + 1 + x * 4);
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat ?? zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function signBy(token: string, fullName: string, drawn: boolean) {
  expect((await pub('GET', `/api/sign/${token}`)).statusCode).toBe(200);
  expect((await pub('POST', `/api/sign/${token}/consent`, { consent: true })).statusCode).toBe(200);
  return pub('POST', `/api/sign/${token}`, {
    fullName,
    signature: drawn ? { kind: 'drawn', image: signaturePng() } : { kind: 'typed' },
  });
}

const status = async (documentId: number, token = t.tokens.demo) => {
  const res = await t.call(token, 'GET', `/api/document/${documentId}/signatures/status`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DocumentSignatureStatus;
};

async function storedBytes(
  documentId: number,
): Promise<{ bytes: Buffer; sha256: string; unsealed: string | null; key: string }> {
  const [doc] = await t.rows<{ storage_key: string; sha256: string; unsealed_sha256: string | null }>(
    sql`SELECT storage_key, sha256, unsealed_sha256 FROM documents WHERE id = ${documentId}`,
  );
  const bytes = fs.readFileSync(path.join(t.config.filesDir, doc!.storage_key));
  return { bytes, sha256: doc!.sha256, unsealed: doc!.unsealed_sha256, key: doc!.storage_key };
}

async function verify(bytes: Buffer, name = 'file.pdf'): Promise<VerifyResult> {
  const boundary = `----saf${crypto.randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.inject({
    method: 'POST',
    url: '/api/verify',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The PDF signature checked with node-forge: digest over the ByteRange, and the RSA signature. */
function forgeVerify(pdf: Buffer): { ok: boolean; subject: string; coversAll: boolean } {
  const at = pdf.lastIndexOf('/ByteRange');
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    pdf.toString('latin1', at, at + 100),
  )!;
  const [a, b, c, d] = m.slice(1).map(Number) as [number, number, number, number];
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const hex = pdf.toString('latin1', a + b + 1, c - 1).replace(/(?:00)+$/, '');
  const p7 = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(forge.util.hexToBytes(hex)),
  ) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const cert = p7.certificates[0]!;
  const attrs = p7.rawCapture.authenticatedAttributes;
  // The message digest attribute must be the SHA-256 of the signed byte ranges.
  let digestOk = false;
  for (const attr of attrs) {
    const [oid, set] = attr.value as forge.asn1.Asn1[];
    if (forge.asn1.derToOid(oid!.value as string) === forge.pki.oids.messageDigest) {
      const value = ((set!.value as forge.asn1.Asn1[])[0]!.value as string) ?? '';
      digestOk = Buffer.from(value, 'binary').equals(crypto.createHash('sha256').update(signed).digest());
    }
  }
  // The signature is over the DER of the attributes as a SET.
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs);
  const md = forge.md.sha256.create();
  md.update(forge.asn1.toDer(set).getBytes());
  const sigOk = (cert.publicKey as forge.pki.rsa.PublicKey).verify(
    md.digest().getBytes(),
    p7.rawCapture.signature,
  );
  return {
    ok: digestOk && sigOk,
    subject: cert.subject.getField('CN')?.value as string,
    coversAll: a === 0 && c + d === pdf.length,
  };
}

describe('the Site Access Form ceremony', () => {
  it('prepares, sends, is signed by each signatory through their link, and ends sealed', async () => {
    const { agent, broker } = await agentWithBroker();
    await t.rows(
      sql`UPDATE members SET member_first_name = 'Zoë', member_last_name = 'Łukasiewicz' WHERE member_mls_id = ${agent}`,
    );
    await t.rows(
      sql`UPDATE members SET member_first_name = 'Олег', member_last_name = 'Ξενόπουλος' WHERE member_mls_id = ${broker}`,
    );
    const site = await newSite(agent);

    const signatories = await prepared(site);
    expect(signatories.map((s) => [s.signatory, s.name, s.canOverride])).toEqual([
      ['Broker', 'Олег Ξενόπουλος', false],
      ['Agent', 'Zoë Łukasiewicz', false],
    ]);
    const { documentId } = await send(site);

    // The unsigned form is stored as a signature-required SAF document of the site.
    const [doc] = await t.rows<Record<string, unknown>>(
      sql`SELECT type_id, website_id, signature_required, approved, content_type FROM documents WHERE id = ${documentId}`,
    );
    expect(doc).toMatchObject({
      type_id: safType,
      website_id: site,
      signature_required: true,
      approved: false,
      content_type: 'application/pdf',
    });
    const before = await storedBytes(documentId);
    expect(before.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Tokens are stored only as hashes.
    const brokerToken = await linkOf(signatories[0]!.email);
    const agentToken = await linkOf(signatories[1]!.email);
    const hashes = await t.rows<{ token_hash: string }>(sql`SELECT token_hash FROM signers ORDER BY id`);
    expect(hashes.map((h) => h.token_hash)).toContain(
      crypto.createHash('sha256').update(brokerToken).digest('hex'),
    );
    expect(hashes.some((h) => h.token_hash === brokerToken)).toBe(false);

    expect((await status(documentId)).steps).toEqual([
      expect.objectContaining({ description: 'Sent for signature to 2 signatories', completed: true }),
      { date: null, description: 'Waiting for signatures (0 of 2 signed)', completed: false },
    ]);

    // The public page: the view, the PDF itself.
    const view = await pub('GET', `/api/sign/${brokerToken}`);
    expect(view.json()).toMatchObject({ signatory: 'Broker', name: 'Олег Ξενόπουλος', consented: false });
    const file = await pub('GET', `/api/sign/${brokerToken}/document`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(before.bytes)).toBe(true);

    // Signing needs consent first.
    const early = await pub('POST', `/api/sign/${brokerToken}`, {
      fullName: 'Олег Ξενόπουλος',
      signature: { kind: 'typed' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SigningLinkMessages.consentRequired);

    const first = await signBy(brokerToken, 'Олег Ξενόπουλος', false);
    expect(first.json()).toEqual({ message: SigningLinkMessages.signed, completed: false });
    expect((await status(documentId)).steps[1]!.description).toBe('Waiting for signatures (1 of 2 signed)');
    const last = await signBy(agentToken, 'Zoë Łukasiewicz', true);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toEqual({ message: SigningLinkMessages.signed, completed: true });

    const done = await status(documentId);
    expect(done.steps[1]).toMatchObject({ description: 'Signed by all parties', completed: true });
    expect(done.signers.map((s) => s.state)).toEqual(['signed', 'signed']);

    const sealed = await storedBytes(documentId);
    expect(sealed.unsealed).toBe(before.sha256);
    expect(crypto.createHash('sha256').update(sealed.bytes).digest('hex')).toBe(sealed.sha256);
    const [after] = await t.rows<{ approved: boolean; sealed_at: Date | null }>(
      sql`SELECT approved, sealed_at FROM documents WHERE id = ${documentId}`,
    );
    expect(after!.approved).toBe(true);
    expect(after!.sealed_at).not.toBeNull();
    // The unsealed copy is gone from storage.
    expect(fs.existsSync(path.join(t.config.filesDir, before.key))).toBe(false);

    // Tools we did not write.
    const sealedPath = path.join(work, 'sealed.pdf');
    fs.writeFileSync(sealedPath, sealed.bytes);
    const sig = execFileSync('pdfsig', [sealedPath]).toString();
    expect(sig).toMatch(/Signature Validation: Signature is Valid\./);
    expect(sig).toMatch(/Total document signed/);
    expect(sig).toMatch(/adbe\.pkcs7\.detached/);
    expect(spawnSync('qpdf', ['--check', sealedPath]).status).toBe(0);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', sealedPath, '-']).toString();
    for (const expected of [
      'Site Access Form',
      'Zoë Łukasiewicz',
      'Олег Ξενόπουλος',
      'Certificate of completion',
      before.sha256,
      'consented',
      '203.0.113.7',
      UA,
      `Check this file at ${PUBLIC_URL}/verify`,
    ])
      expect(text).toContain(expected);

    const inProcess = forgeVerify(sealed.bytes);
    expect(inProcess).toEqual({ ok: true, subject: 'Vendor Portal', coversAll: true });

    const good = await verify(sealed.bytes);
    expect(good).toMatchObject({ result: 'sealed', message: VerifyMessages.sealed, sha256: sealed.sha256 });
    expect(good.document?.signers.map((s) => s.name)).toEqual(['Олег Ξενόπουλος', 'Zoë Łukasiewicz']);
    const cert = await t.inject({ method: 'GET', url: '/api/verify/certificate' });
    expect(good.document?.certificate.sha256Fingerprint).toBe(cert.json().sha256Fingerprint);

    // One changed byte (inside the signed range) breaks the seal for every checker.
    const changed = Buffer.from(sealed.bytes);
    const textAt = changed.indexOf('/Producer');
    expect(textAt).toBeGreaterThan(0);
    changed[textAt + 3] = changed[textAt + 3]! ^ 0x01;
    const changedPath = path.join(work, 'changed.pdf');
    fs.writeFileSync(changedPath, changed);
    expect(forgeVerify(changed).ok).toBe(false);
    expect(spawnSync('pdfsig', [changedPath]).stdout.toString()).not.toMatch(/Signature is Valid/);
    expect((await verify(changed)).result).toBe('altered');

    // Other files.
    expect((await verify(before.bytes)).result).toBe('unknown');
    expect((await verify(Buffer.from('hello, not a pdf'))).result).toBe('not-pdf');

    // Each signer's first look is recorded once, however often the page is opened.
    const opened = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM signature_events e JOIN signature_requests r ON r.id = e.request_id WHERE r.document_id = ${documentId} AND e.kind = 'opened'`,
    );
    expect(opened[0]!.n).toBe(2);

    // The whole walk is in the site's History.
    const kinds = (
      (await t.call(t.tokens.demo, 'GET', `/api/website/${site}/changelog`)).json() as { kind: string }[]
    ).map((e) => e.kind);
    for (const k of ['saf.sent', 'saf.opened', 'saf.consented', 'saf.signed', 'saf.completed'])
      expect(kinds).toContain(k);

    // The sealed form cannot be deleted by the vendor, but it can be revoked by voiding it.
    const del = await t.call(t.tokens.demo, 'DELETE', `/api/document/${documentId}`);
    expect(del.statusCode).toBe(409);
    const revoked = await t.call(t.tokens.demo, 'PUT', `/api/document/${documentId}/signatures/void`, {
      reason: 'Licence ended',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const [revokedDoc] = await t.rows<{ voided: boolean; approved: boolean }>(
      sql`SELECT voided, approved FROM documents WHERE id = ${documentId}`,
    );
    expect(revokedDoc).toEqual({ voided: true, approved: false });
  }, 60_000);
});

/** The text of a PDF as poppler's pdftotext reads it, with runs of white space as one space. */
function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(work, name);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString().replace(/\s+/g, ' ');
}

interface RosterFacts {
  name: string;
  key: string;
  number: string;
  license: string;
  office: string;
  officeId: string;
}

async function rosterFacts(memberNumber: string): Promise<RosterFacts> {
  const [row] = await t.rows<RosterFacts>(sql`
    SELECT m.member_first_name || ' ' || m.member_last_name AS name, m.member_key AS key,
      m.member_mls_id AS number, m.member_state_license AS license, o.office_name AS office,
      o.office_mls_id AS "officeId"
    FROM members m JOIN offices o ON o.office_key = m.office_key WHERE m.member_mls_id = ${memberNumber}`);
  return row!;
}

/** Every mail in the outbox to `to`, oldest first. */
async function mailsTo(to: string) {
  return t.rows<{ subject: string; text: string }>(
    sql`SELECT subject, text FROM outbox WHERE "to" = ${to} ORDER BY id`,
  );
}

const VENDOR_PEOPLE = ['demo@summitweb.example', 'viewer@summitweb.example', 'newbie@summitweb.example'];

describe('what the form states', () => {
  it('prints each identifier of the agent, the broker and the office as the roster has it', async () => {
    const { agent, broker } = await agentWithBroker();
    const site = await newSite(agent);
    const { documentId } = await send(site);
    const text = pdfText((await storedBytes(documentId)).bytes, 'facts.pdf');
    for (const m of [await rosterFacts(agent), await rosterFacts(broker)]) {
      // The MLS ID is the member's key; the member number has its own label.
      expect(text).toContain(
        `${m.name}, MLS ID ${m.key}, Member # ${m.number}, License # ${m.license}, ` +
          `Office ${m.office} (Office MLS ID ${m.officeId})`,
      );
      expect(text).not.toContain(`MLS ID ${m.number}`);
    }
  }, 30_000);

  it('names under each broker of a team the team members of that office', async () => {
    const first = await agentWithBroker();
    const second = await agentWithBroker([first.office]);
    const site = await newSite(first.agent, [TEAM_PRODUCT_ID]);
    const team = await t.call(t.tokens.demo, 'PUT', `/api/websites/${site}/team`, {
      siteId: site,
      primary: first.agent,
      memberIds: [first.agent, second.agent],
      version: 1,
    });
    expect(team.statusCode, team.body).toBe(200);
    const { documentId } = await send(site);
    const text = pdfText((await storedBytes(documentId)).bytes, 'team.pdf');
    const [a1, b1, a2, b2] = await Promise.all(
      [first.agent, first.broker, second.agent, second.broker].map(rosterFacts),
    );
    const member = (m: RosterFacts) => `Team member ${m.name}, MLS ID ${m.key}, Member # ${m.number}`;
    const broker = (m: RosterFacts) => `Broker ${m.name}, MLS ID ${m.key}`;
    // Each broker's line is followed by the members of their office, and only those.
    const at = (s: string) => text.indexOf(s);
    for (const s of [broker(b1!), member(a1!), broker(b2!), member(a2!)]) expect(at(s), s).toBeGreaterThan(0);
    expect(at(broker(b1!))).toBeLessThan(at(member(a1!)));
    expect(at(member(a1!))).toBeLessThan(at(broker(b2!)));
    expect(at(broker(b2!))).toBeLessThan(at(member(a2!)));
  }, 30_000);
});

describe('who hears what became of the form', () => {
  it('mails the vendor at a decline, and marks the others not needed', async () => {
    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    const { documentId, signatories } = await send(site);
    const [brokerRow, agentRow] = signatories;
    const before = await Promise.all(VENDOR_PEOPLE.map(async (to) => (await mailsTo(to)).length));
    const token = await linkOf(brokerRow!.email);
    const res = await pub('POST', `/api/sign/${token}/decline`, { reason: 'Wrong office on the form' });
    expect(res.statusCode, res.body).toBe(200);
    await latestMailTo(t, VENDOR_PEOPLE[0]!);

    const [domain] = await t.rows<{ d: string }>(
      sql`SELECT domain_name AS d FROM websites WHERE id = ${site}`,
    );
    for (const [i, to] of VENDOR_PEOPLE.entries()) {
      const mails = await mailsTo(to);
      expect(mails.length, to).toBe(before[i]! + 1);
      const mail = mails.at(-1)!;
      expect(mail.subject).toBe(`Site Access Form declined for ${domain!.d}`);
      expect(mail.text).toContain(`${brokerRow!.name} (Broker) <${brokerRow!.email}> declined`);
      expect(mail.text).toContain('Their reason: Wrong office on the form');
      expect(mail.text).toContain(`${PUBLIC_URL}/websites?site=${site}`);
    }
    // Not another vendor's users, nor MLS staff.
    for (const to of ['owen.park@harboridx.example', 'admin@mls.example'])
      expect((await mailsTo(to)).some((m) => m.subject.includes(domain!.d))).toBe(false);

    const after = await status(documentId);
    expect(after.signers.map((s) => [s.state, s.declinedBy])).toEqual([
      ['declined', null],
      ['not-needed', brokerRow!.name],
    ]);
    expect(after.signers[1]!.name).toBe(agentRow!.name);
  }, 30_000);

  it('mails the vendor a link into the portal and each signer a sealed copy when the last one signs', async () => {
    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    const { documentId, signatories } = await send(site);
    const tokens = await Promise.all(signatories.map((s) => linkOf(s.email)));
    expect((await signBy(tokens[0]!, signatories[0]!.name, false)).statusCode).toBe(200);
    // Nothing is announced before the last signature.
    expect((await mailsTo(signatories[0]!.email)).every((m) => !m.subject.startsWith('Signed by everyone')));
    expect((await signBy(tokens[1]!, signatories[1]!.name, true)).json().completed).toBe(true);
    await latestMailTo(t, VENDOR_PEOPLE[0]!);
    const [domain] = await t.rows<{ d: string }>(
      sql`SELECT domain_name AS d FROM websites WHERE id = ${site}`,
    );

    for (const to of VENDOR_PEOPLE) {
      const mail = (await mailsTo(to)).at(-1)!;
      expect(mail.subject).toBe(`Site Access Form signed by everyone for ${domain!.d}`);
      expect(mail.text).toContain(`${PUBLIC_URL}/websites?site=${site}`);
      // Linked, not carried: no download link that works without an account goes to the vendor.
      expect(mail.text).not.toContain('/api/signed/');
    }

    const sealed = await storedBytes(documentId);
    const copyTokens: string[] = [];
    for (const s of signatories) {
      const mail = (await mailsTo(s.email)).at(-1)!;
      expect(mail.subject).toBe(`Signed by everyone: Site Access Form for ${domain!.d}`);
      const m = new RegExp(`${PUBLIC_URL}/api/signed/([A-Za-z0-9_-]{43})`).exec(mail.text);
      expect(m, mail.text).not.toBeNull();
      copyTokens.push(m![1]!);
      const res = await pub('GET', `/api/signed/${m![1]}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.rawPayload.equals(sealed.bytes)).toBe(true);
    }
    expect(new Set(copyTokens).size).toBe(2);
    // Only the hashes are kept.
    const hashes = (
      await t.rows<{ h: string }>(
        sql`SELECT s.copy_hash AS h FROM signers s JOIN signature_requests r ON r.id = s.request_id WHERE r.document_id = ${documentId}`,
      )
    ).map((r) => r.h);
    expect(hashes.sort()).toEqual(
      copyTokens.map((c) => crypto.createHash('sha256').update(c).digest('hex')).sort(),
    );

    // A wrong link, a signing link, and an expired one are not found.
    for (const bad of ['B'.repeat(43), 'short', tokens[0]!]) {
      const res = await pub('GET', `/api/signed/${bad}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SealedCopyMessages.notFound);
    }
    await t.rows(
      sql`UPDATE signers SET copy_expires_at = now() - interval '1 second' WHERE copy_hash = ${hashes[0]!}`,
    );
    const expired = copyTokens.find(
      (c) => crypto.createHash('sha256').update(c).digest('hex') === hashes[0],
    )!;
    expect((await pub('GET', `/api/signed/${expired}`)).statusCode).toBe(404);
    // A form revoked by voiding no longer hands out copies.
    const other = copyTokens.find((c) => c !== expired)!;
    expect((await pub('GET', `/api/signed/${other}`)).statusCode).toBe(200);
    await t.call(t.tokens.demo, 'PUT', `/api/document/${documentId}/signatures/void`, { reason: 'Ended' });
    expect((await pub('GET', `/api/signed/${other}`)).statusCode).toBe(404);
  }, 60_000);

  it('names signers in History by name and role, and marks a reminder as one', async () => {
    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    const { documentId, signatories } = await send(site);
    const [domain] = await t.rows<{ d: string }>(
      sql`SELECT domain_name AS d FROM websites WHERE id = ${site}`,
    );
    const first = (await mailsTo(signatories[1]!.email)).at(-1)!;
    expect(first.subject).toBe(`Please sign the Site Access Form for ${domain!.d}`);
    expect(
      (await t.call(t.tokens.demo, 'PUT', `/api/document/${documentId}/signatures/resend`)).statusCode,
    ).toBe(200);
    const reminder = (await latestMailTo(t, signatories[1]!.email))!;
    expect(reminder.subject).toBe(`Reminder: Please sign the Site Access Form for ${domain!.d}`);

    const token = await linkOf(signatories[1]!.email);
    expect((await signBy(token, signatories[1]!.name, false)).statusCode).toBe(200);
    const entries = (await t.call(t.tokens.demo, 'GET', `/api/website/${site}/changelog`)).json() as {
      kind: string;
      user: { username: string; firstName: string; lastName: string };
    }[];
    const signed = entries.find((e) => e.kind === 'saf.signed')!;
    expect(signed.user).toEqual({ username: `${signatories[1]!.name} (Agent)`, firstName: '', lastName: '' });
    expect(JSON.stringify(entries.map((e) => e.user))).not.toContain(signatories[1]!.email);
  }, 30_000);
});

describe('uploads of the form', () => {
  it('refuses a SAF uploaded as a file: it is signed in the portal', async () => {
    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    const boundary = 'x-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\n${safType}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="website"\r\n\r\n${site}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="saf.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...t.auth(t.tokens.demo), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(DocumentMessages.signedInPortal);
    const [n] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM documents WHERE website_id = ${site}`,
    );
    expect(n!.n).toBe(0);
  });
});

describe('a drawn signature', () => {
  it('is read only from a usable link, within its size, and decoded only when its header passes', async () => {
    const { agent } = await agentWithBroker();
    const { signatories } = await send(await newSite(agent));
    const token = await linkOf(signatories[0]!.email);
    expect((await pub('POST', `/api/sign/${token}/consent`, { consent: true })).statusCode).toBe(200);
    const signWith = (image: string) =>
      pub('POST', `/api/sign/${token}`, {
        fullName: signatories[0]!.name,
        signature: { kind: 'drawn', image },
      });
    const refused = { code: 400, message: SigningLinkMessages.signatureRequired };

    // The body limit of a usable link's call is a drawn signature's size.
    const padded = (bytes: number) =>
      t.inject({
        method: 'POST',
        url: `/api/sign/${token}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ fullName: 'A B', pad: 'x'.repeat(bytes) }),
      });
    const fits = await padded(450 * 1024);
    expect(fits.statusCode).toBe(400);
    expect((await padded(600 * 1024)).statusCode).toBe(413);

    // 16 bits a sample, or more pixels than any pad has: refused from the header alone.
    expect((await signWith(signaturePng(120, 40, 16))).json()).toEqual(refused);
    expect((await signWith(signaturePng(2000, 1001))).json()).toEqual(refused);
    // A header that passes over data that cannot be decoded: refused by the decoder.
    expect((await signWith(signaturePng(120, 40, 8, Buffer.from('not zlib at all')))).json()).toEqual(
      refused,
    );
    // The real one is signed.
    const signed = await signWith(signaturePng());
    expect(signed.statusCode, signed.body).toBe(200);
  }, 60_000);
});

describe('signing links that cannot be used', () => {
  const expectRefused = async (token: string, code: number, message: string) => {
    const calls = [
      pub('GET', `/api/sign/${token}`),
      pub('GET', `/api/sign/${token}/document`),
      pub('POST', `/api/sign/${token}/consent`, { consent: true }),
      pub('POST', `/api/sign/${token}`, { fullName: 'Some One', signature: { kind: 'typed' } }),
      pub('POST', `/api/sign/${token}/decline`, { reason: 'no' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(code);
      expect(res.json().message).toBe(message);
    }
  };

  it('answers wrong, used, expired, resent, voided and declined links with their own message', async () => {
    await expectRefused('A'.repeat(43), 404, SigningLinkMessages.invalid);
    await expectRefused('nonsense', 404, SigningLinkMessages.invalid);

    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    const { documentId, signatories } = await send(site);
    const brokerToken = await linkOf(signatories[0]!.email);
    const agentToken = await linkOf(signatories[1]!.email);

    // Used: the broker signed; the link is single-use.
    expect((await signBy(brokerToken, signatories[0]!.name, false)).statusCode).toBe(200);
    await expectRefused(brokerToken, 410, SigningLinkMessages.used);

    // Expired, judged by the database clock.
    await t.rows(
      sql`UPDATE signers SET token_expires_at = now() - interval '1 minute' WHERE status <> 'signed' AND request_id = (SELECT id FROM signature_requests WHERE document_id = ${documentId})`,
    );
    await expectRefused(agentToken, 410, SigningLinkMessages.expired);

    // A resend issues a new link and kills the old one.
    const resent = await t.call(t.tokens.demo, 'PUT', `/api/document/${documentId}/signatures/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe(SafMessages.resent);
    const fresh = await linkOf(signatories[1]!.email);
    expect(fresh).not.toBe(agentToken);
    await expectRefused(agentToken, 404, SigningLinkMessages.invalid);
    expect((await pub('GET', `/api/sign/${fresh}`)).statusCode).toBe(200);

    // Void kills every link at once; the document is voided and not approved.
    const voided = await t.call(t.tokens.demo, 'PUT', `/api/document/${documentId}/signatures/void`, {
      reason: 'Wrong agent',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().message).toBe(SafMessages.voided);
    await expectRefused(fresh, 410, SigningLinkMessages.voided);
    const st = await status(documentId);
    expect(st.steps[1]).toMatchObject({ description: SafMessages.voidStep, completed: true });
    const [doc] = await t.rows<{ voided: boolean; approved: boolean }>(
      sql`SELECT voided, approved FROM documents WHERE id = ${documentId}`,
    );
    expect(doc).toEqual({ voided: true, approved: false });
    const live = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM signers WHERE token_hash NOT LIKE 'spent:%' AND request_id = (SELECT id FROM signature_requests WHERE document_id = ${documentId})`,
    );
    expect(live[0]!.n).toBe(0);
    // Nothing left to resend or void.
    const resendVoided = await t.call(t.tokens.demo, 'PUT', `/api/document/${documentId}/signatures/resend`);
    expect(resendVoided.statusCode).toBe(409);
    expect(resendVoided.json().message).toBe(SafMessages.notPending);
    const voidAgain = await t.call(t.tokens.demo, 'PUT', `/api/document/${documentId}/signatures/void`, {
      reason: 'again',
    });
    expect(voidAgain.statusCode).toBe(409);
    expect(voidAgain.json().message).toBe(SafMessages.alreadyVoided);

    // Void & Resend: a new form can be sent for the site once the old one is void. While it is out
    // for signature it cannot be deleted: voiding first tells its signers it was withdrawn.
    const again = await send(site);
    const del = await t.call(t.tokens.demo, 'DELETE', `/api/document/${again.documentId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(DocumentMessages.voidBeforeDelete);
    const declineToken = await linkOf(signatories[0]!.email);
    const otherToken = await linkOf(signatories[1]!.email);
    const declined = await pub('POST', `/api/sign/${declineToken}/decline`, { reason: 'Not our office' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().message).toBe(SigningLinkMessages.declinedDone);
    await expectRefused(declineToken, 410, SigningLinkMessages.declined);
    // The other signer is told someone else declined, not that they did.
    await expectRefused(otherToken, 410, SigningLinkMessages.declinedByOther);
    const dst = await status(again.documentId);
    expect(dst.steps[1]).toMatchObject({
      description: expect.stringMatching(/^Declined by .+: Not our office$/),
      completed: false,
    });
    // The file list says the form was declined.
    const listed = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${site}/documents`)).json() as {
      rowKey: number;
      declined: boolean;
    }[];
    expect(listed.find((d) => d.rowKey === again.documentId)?.declined).toBe(true);
    expect(listed.find((d) => d.rowKey === documentId)?.declined).toBe(false);
    // A declined form cannot be resent.
    const resendDeclined = await t.call(
      t.tokens.demo,
      'PUT',
      `/api/document/${again.documentId}/signatures/resend`,
    );
    expect(resendDeclined.statusCode).toBe(409);

    // A declined form is still the site's SAF: it can be voided (Void, or Void & Resend), and then
    // its links say so.
    const voidDeclined = await t.call(
      t.tokens.demo,
      'PUT',
      `/api/document/${again.documentId}/signatures/void`,
      {
        reason: 'Broker changed',
      },
    );
    expect(voidDeclined.statusCode, voidDeclined.body).toBe(200);
    expect((await status(again.documentId)).steps[1]).toMatchObject({
      description: SafMessages.voidStep,
      completed: true,
    });
    const [declinedDoc] = await t.rows<{ voided: boolean }>(
      sql`SELECT voided FROM documents WHERE id = ${again.documentId}`,
    );
    expect(declinedDoc!.voided).toBe(true);
    await expectRefused(otherToken, 410, SigningLinkMessages.voided);
    // Then a fresh form can go out for the site.
    await send(site);

    const kinds = (
      (await t.call(t.tokens.demo, 'GET', `/api/website/${site}/changelog`)).json() as { kind: string }[]
    ).map((e) => e.kind);
    for (const k of ['saf.resent', 'saf.voided', 'saf.declined']) expect(kinds).toContain(k);
  }, 60_000);

  it('stops one address that floods the signing calls', async () => {
    const guess = () => t.inject({ method: 'GET', url: '/api/sign/guess', remoteAddress: '198.51.100.9' });
    const codes: number[] = [];
    // Counted per calendar minute: a minute may turn during the burst, so allow for a second one.
    while (codes.length < 602 && codes.at(-1) !== 429) codes.push((await guess()).statusCode);
    expect(codes.slice(0, 300).every((c) => c === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another address is not held back.
    expect((await pub('GET', '/api/sign/guess')).statusCode).toBe(404);
  }, 60_000);

  it('seals once when the last two signatories sign at the same time', async () => {
    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    const { documentId, signatories } = await send(site);
    const tokens = await Promise.all(signatories.map((s) => linkOf(s.email)));
    for (const token of tokens) await pub('POST', `/api/sign/${token}/consent`, { consent: true });
    const results = await Promise.all(
      tokens.map((token, i) =>
        pub('POST', `/api/sign/${token}`, { fullName: signatories[i]!.name, signature: { kind: 'typed' } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().completed).sort()).toEqual([false, true]);
    expect((await status(documentId)).steps[1]).toMatchObject({
      description: 'Signed by all parties',
      completed: true,
    });
    const completed = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM signature_events e JOIN signature_requests r ON r.id = e.request_id WHERE r.document_id = ${documentId} AND e.kind = 'completed'`,
    );
    expect(completed[0]!.n).toBe(1);
  }, 30_000);

  it('refuses a drawn signature that is not a real PNG', async () => {
    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    const { signatories } = await send(site);
    const token = await linkOf(signatories[0]!.email);
    await pub('POST', `/api/sign/${token}/consent`, { consent: true });
    for (const image of [
      'data:image/png;base64,AAAA',
      `data:image/png;base64,${Buffer.from('GIF89a-not-png-at-all-but-long-enough-xxxxxxxx').toString('base64')}`,
    ]) {
      const res = await pub('POST', `/api/sign/${token}`, {
        fullName: 'Some One',
        signature: { kind: 'drawn', image },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SigningLinkMessages.signatureRequired);
    }
    // The link still works after the refusals.
    expect((await pub('GET', `/api/sign/${token}`)).statusCode).toBe(200);
  }, 30_000);

  it('signs once when the same link is submitted twice at the same time', async () => {
    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    const { documentId, signatories } = await send(site);
    const token = await linkOf(signatories[0]!.email);
    await pub('POST', `/api/sign/${token}/consent`, { consent: true });
    const body = { fullName: signatories[0]!.name, signature: { kind: 'typed' } };
    const results = await Promise.all([
      pub('POST', `/api/sign/${token}`, body),
      pub('POST', `/api/sign/${token}`, body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const signed = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM signature_events e JOIN signature_requests r ON r.id = e.request_id WHERE r.document_id = ${documentId} AND e.kind = 'signed'`,
    );
    expect(signed[0]!.n).toBe(1);
  }, 30_000);
});

describe('sending refusals', () => {
  it('refuses a second pending form, changed fixed signatories, a non-SAF type and leaves nothing behind', async () => {
    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    const counts = async () =>
      (
        await t.rows<{ d: number; r: number; f: number }>(
          sql`SELECT (SELECT count(*)::int FROM documents) AS d, (SELECT count(*)::int FROM signature_requests) AS r, (SELECT count(*)::int FROM signers) AS f`,
        )
      )[0]!;
    const files = () =>
      fs
        .readdirSync(t.config.filesDir, { recursive: true })
        .filter((f) => fs.statSync(path.join(t.config.filesDir, String(f))).isFile()).length;

    const signatories = await prepared(site);
    const changed = signatories.map((s, i) => (i === 0 ? { ...s, email: 'someone.else@example.com' } : s));
    const before = { ...(await counts()), files: files() };
    const res = await t.call(
      t.tokens.demo,
      'POST',
      `/api/documenttype/${safType}/sign`,
      sendBody(site, changed),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SafMessages.notOverridable);
    const mismatch = await t.call(
      t.tokens.demo,
      'POST',
      `/api/documenttype/${safType}/sign`,
      sendBody(site, signatories.slice(0, 1)),
    );
    expect(mismatch.json().message).toBe(SafMessages.signatoriesMismatch);
    expect({ ...(await counts()), files: files() }).toEqual(before);

    await send(site);
    const mid = { ...(await counts()), files: files() };
    const second = await t.call(
      t.tokens.demo,
      'POST',
      `/api/documenttype/${safType}/sign`,
      sendBody(site, signatories),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(SafMessages.alreadyPending);
    expect({ ...(await counts()), files: files() }).toEqual(mid);

    const [other] = await t.rows<{ id: number }>(
      sql`SELECT id FROM document_types WHERE NOT signature_required AND NOT messaging LIMIT 1`,
    );
    const notSaf = await t.call(t.tokens.demo, 'GET', `/api/documenttype/${other!.id}/sign?website=${site}`);
    expect(notSaf.statusCode).toBe(400);
    expect(notSaf.json().message).toBe(SafMessages.notSafType);

    const [inactive] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE status = 'Inactive' AND vendor_id = ${t.vendors.summit} LIMIT 1`,
    );
    const inactiveRes = await prepare(inactive!.id);
    expect(inactiveRes.statusCode).toBe(409);
    expect(inactiveRes.json().message).toBe(SafMessages.siteInactive);
  }, 60_000);

  it('lets the vendor fill in a signatory the roster lacks an email for', async () => {
    const { agent } = await agentWithBroker();
    await t.rows(sql`UPDATE members SET member_email = NULL WHERE member_mls_id = ${agent}`);
    const site = await newSite(agent);
    const signatories = await prepared(site);
    const agentRow = signatories.find((s) => s.signatory === 'Agent')!;
    expect(agentRow).toMatchObject({ canOverride: true, email: '' });
    const filled = signatories.map((s) =>
      s.signatory === 'Agent' ? { ...s, email: 'agent.filled@example.com', name: '王伟' } : s,
    );
    const res = await t.call(
      t.tokens.demo,
      'POST',
      `/api/documenttype/${safType}/sign`,
      sendBody(site, filled),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await linkOf('agent.filled@example.com')).toHaveLength(43);
  }, 30_000);
});

describe('signing mails', () => {
  it('resend a form at most three times a day, and reach one address about one website at most eight times', async () => {
    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    let { documentId } = await send(site);
    const resend = (id: number) => t.call(t.tokens.demo, 'PUT', `/api/document/${id}/signatures/resend`);
    for (let i = 0; i < RESENDS_PER_FORM_PER_DAY; i++)
      expect((await resend(documentId)).statusCode).toBe(200);
    const tooMany = await resend(documentId);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe(SafMessages.resendLimit(RESENDS_PER_FORM_PER_DAY));

    // Voiding and sending again is a new form, but the same people about the same website.
    const voidAndSend = async (id: number) => {
      const voided = await t.call(t.tokens.demo, 'PUT', `/api/document/${id}/signatures/void`, {
        reason: 'Sent again',
      });
      expect(voided.statusCode, voided.body).toBe(200);
      return t.call(
        t.tokens.demo,
        'POST',
        `/api/documenttype/${safType}/sign`,
        sendBody(site, await prepared(site)),
      );
    };
    const mailed = 1 + RESENDS_PER_FORM_PER_DAY;
    for (let n = mailed; n < MAILS_PER_RECIPIENT_PER_DAY; n++) {
      const again = await voidAndSend(documentId);
      expect(again.statusCode, again.body).toBe(200);
      documentId = again.json().documentId as number;
    }
    const refused = await voidAndSend(documentId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/ has been sent as many signing mails for this website today /);
    // Another website's form still goes to the same broker.
    const { agent: neighbour } = await agentWithBroker();
    expect((await send(await newSite(neighbour))).documentId).toBeGreaterThan(0);
  }, 60_000);
});

describe('team sites', () => {
  it('asks the broker of every office among the team and the primary agent, on one form', async () => {
    const first = await agentWithBroker();
    const second = await agentWithBroker([first.office]);
    const site = await newSite(first.agent, [TEAM_PRODUCT_ID]);
    const team = await t.call(t.tokens.demo, 'PUT', `/api/websites/${site}/team`, {
      siteId: site,
      primary: first.agent,
      memberIds: [first.agent, second.agent],
      version: 1,
    });
    expect(team.statusCode, team.body).toBe(200);
    const signatories = await prepared(site);
    const brokers = await t.rows<{ mls: string; name: string }>(
      sql`SELECT member_mls_id AS mls, member_first_name || ' ' || member_last_name AS name FROM members WHERE member_mls_id IN (${first.broker}, ${second.broker})`,
    );
    expect(
      signatories
        .filter((s) => s.signatory.startsWith('Broker'))
        .map((s) => s.name)
        .sort(),
    ).toEqual(brokers.map((b) => b.name).sort());
    expect(signatories.filter((s) => s.signatory === 'Agent')).toHaveLength(1);
    expect(signatories.at(-1)!.signatory).toBe('Agent');
  }, 30_000);
});

describe('access', () => {
  it('hides another vendor’s forms, keeps the read-only role to reads, and refuses anonymous calls', async () => {
    const { agent } = await agentWithBroker();
    const site = await newSite(agent);
    const signatories = await prepared(site);
    const { documentId } = await send(site);
    const calls = [
      ['GET', `/api/documenttype/${safType}/sign?website=${site}`, undefined, false],
      ['POST', `/api/documenttype/${safType}/sign`, sendBody(site, signatories), true],
      ['GET', `/api/document/${documentId}/signatures/status`, undefined, false],
      ['PUT', `/api/document/${documentId}/signatures/resend`, undefined, true],
      ['PUT', `/api/document/${documentId}/signatures/void`, { reason: 'x' }, true],
    ] as const;
    for (const [method, url, body, write] of calls) {
      expect((await t.call(t.tokens.other, method, url, body)).statusCode, `${method} ${url} other`).toBe(
        404,
      );
      expect((await t.call(t.tokens.viewer, method, url, body)).statusCode, `${method} ${url} viewer`).toBe(
        write ? 403 : 200,
      );
      const anon = await t.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
    }
  }, 30_000);
});

describe('verify and the sealing certificate', () => {
  it('asks for a PDF in the file field', async () => {
    const json = await t.inject({ method: 'POST', url: '/api/verify', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(VerifyMessages.fileRequired);
    const boundary = '----safempty';
    const empty = await t.inject({
      method: 'POST',
      url: '/api/verify',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n\r\n--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(VerifyMessages.fileRequired);
  });

  it('shows the generated self-signed certificate: the portal as subject, ten years valid', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/verify/certificate' });
    expect(res.statusCode).toBe(200);
    const cert = res.json() as { subject: string; issuer: string; validFrom: string; validTo: string };
    expect(cert.subject).toContain('CN=Vendor Portal');
    expect(cert.issuer).toBe(cert.subject);
    const years = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / (365.25 * 24 * 3600 * 1000);
    expect(Math.round(years)).toBe(10);
    // Generated into the data directory, not the repository.
    expect(fs.existsSync(path.join(t.config.dataDir, 'signing', 'seal.p12'))).toBe(true);
    expect(t.config.dataDir.startsWith(os.tmpdir())).toBe(true);
  });

  it('uses the P12 named by SIGNING_P12 when it is set', async () => {
    const own = generateSelfSigned('Example MLS Document Signing');
    const file = path.join(work, 'own.p12');
    fs.writeFileSync(file, own.p12);
    const other = await setup({ env: { SIGNING_P12: file, SIGNING_P12_PASSWORD: own.password } });
    try {
      const res = await other.inject({ method: 'GET', url: '/api/verify/certificate' });
      expect(res.statusCode).toBe(200);
      expect(res.json().subject).toContain('CN=Example MLS Document Signing');
    } finally {
      await other.close();
    }
  }, 60_000);
});
