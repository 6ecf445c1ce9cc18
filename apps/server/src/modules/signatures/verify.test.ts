import crypto from 'node:crypto';
import net from 'node:net';
import { VerifyMessages, type VerifyResult } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { VERIFY_AT_ONCE_PER_ADDRESS, VERIFY_MAX_BYTES } from './routes.ts';

/**
 * /api/verify reads no more than a sealed form needs, a few at a time, and tells a voided or
 * replaced Site Access Form from one that still stands.
 */

let t: PortalTest;
let port = 0;
let safType = 0;

beforeAll(async () => {
  t = await setupPortal();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
  const [row] = await t.rows<{ id: number }>(sql`SELECT id FROM document_types WHERE name = 'saf'`);
  safType = row!.id;
}, 60_000);
afterAll(async () => t?.close());

function multipart(bytes: Buffer): { body: Buffer; type: string } {
  const boundary = `----verify${crypto.randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="saf.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function verify(bytes: Buffer): Promise<VerifyResult> {
  const { body, type } = multipart(bytes);
  const res = await t.inject({
    method: 'POST',
    url: '/api/verify',
    headers: { 'content-type': type },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A Site Access Form of `site` recorded as sealed, with the hash of `bytes`. */
async function sealedForm(site: number, bytes: Buffer, createdAt: string): Promise<number> {
  const sha = crypto.createHash('sha256').update(bytes).digest('hex');
  const [doc] = await t.rows<{ id: number }>(sql`
    INSERT INTO documents (vendor_id, website_id, type_id, label, storage_key, size, sha256, content_type,
      signature_required, approved, saf_parties, sealed_at, created_at)
    VALUES (${t.vendors.summit}, ${site}, ${safType}, 'Site Access Form.pdf', ${`verify/${sha}`},
      ${bytes.length}, ${sha}, 'application/pdf', true, true, '', ${createdAt}::timestamptz, ${createdAt}::timestamptz)
    RETURNING id`);
  const [request] = await t.rows<{ id: number }>(sql`
    INSERT INTO signature_requests (document_id, vendor_id, website_id, status, finished_at, created_at)
    VALUES (${doc!.id}, ${t.vendors.summit}, ${site}, 'completed', ${createdAt}::timestamptz, ${createdAt}::timestamptz)
    RETURNING id`);
  await t.rows(sql`
    INSERT INTO signers (request_id, position, signatory, name, email, status, signed_name, signed_at)
    VALUES (${request!.id}, 1, 'Broker', 'Bea Broker', 'bea@broker.test', 'signed', 'Bea Broker', ${createdAt}::timestamptz)`);
  return doc!.id;
}

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);

describe('a sealed form that no longer stands', () => {
  it('says sealed, then superseded once a newer form counts, then voided', async () => {
    const site = await createSite(t, t.agents.local[0]!, [1], 'verify');
    const first = pdf(`first ${site}`);
    const firstId = await sealedForm(site, first, '2026-01-05T10:00:00Z');
    expect(await verify(first)).toMatchObject({ result: 'sealed', message: VerifyMessages.sealed });

    // A newer form that is still out for signature replaces nothing yet.
    const pending = pdf(`pending ${site}`);
    const pendingId = await sealedForm(site, pending, '2026-02-05T10:00:00Z');
    await t.rows(sql`UPDATE signature_requests SET status = 'pending' WHERE document_id = ${pendingId}`);
    expect((await verify(first)).result).toBe('sealed');

    await sealedForm(site, pdf(`second ${site}`), '2026-03-05T10:00:00Z');
    const replaced = await verify(first);
    expect(replaced).toMatchObject({ result: 'superseded', message: VerifyMessages.superseded });
    expect(replaced.document?.domainName).toBeTruthy();

    await t.rows(sql`UPDATE documents SET voided = true WHERE id = ${firstId}`);
    expect(await verify(first)).toMatchObject({ result: 'voided', message: VerifyMessages.voided });
  });
});

/** Sends raw HTTP and returns what came back by the time the server closed the connection. */
function raw(head: string, body: Buffer | string = ''): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('error', () => undefined);
    socket.once('connect', () => {
      socket.write(head);
      if (body.length) socket.write(body);
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, 5000);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

describe('the verify body', () => {
  it('answers 400 to a body that is not well-formed multipart', async () => {
    const shapes: { type: string; payload: string }[] = [
      { type: 'multipart/form-data', payload: 'no boundary at all' },
      {
        type: 'multipart/form-data; boundary=b',
        payload: '--b\r\nContent-Disposition: form-data; name="file"',
      },
      { type: 'multipart/form-data; boundary=b', payload: 'garbage without any boundary line' },
    ];
    for (const shape of shapes) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/verify',
        headers: { 'content-type': shape.type },
        payload: shape.payload,
      });
      expect(res.statusCode, `${shape.type}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: VerifyMessages.fileRequired });
    }
  });

  it('refuses a body declared larger than the limit with 413 before reading it, and closes', async () => {
    const { text, closed } = await raw(
      `POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${VERIFY_MAX_BYTES * 4}\r\n\r\n`,
      Buffer.alloc(64 * 1024, 0x61),
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain(VerifyMessages.tooLarge(VERIFY_MAX_BYTES / 1024 / 1024));
    expect(closed).toBe(true);
  });

  it('refuses a chunked body that does not say its length, and closes', async () => {
    const { text, closed } = await raw(
      'POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n',
      '10000\r\n' + 'a'.repeat(0x10000) + '\r\n',
    );
    expect(text).toMatch(/^HTTP\/1\.1 411 /);
    expect(text).toContain(VerifyMessages.lengthRequired);
    expect(closed).toBe(true);
  });

  it('runs only a few verifications from one address at a time', async () => {
    // Verifications that have declared a body and are still sending it hold their places.
    const { body, type } = multipart(pdf('held'));
    const holders = Array.from({ length: VERIFY_AT_ONCE_PER_ADDRESS }, () => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('error', () => undefined);
      socket.once('connect', () =>
        socket.write(
          `POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`,
        ),
      );
      return socket;
    });
    await new Promise((r) => setTimeout(r, 300));
    const { text } = await raw(
      `POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      body,
    );
    expect(text).toMatch(/^HTTP\/1\.1 429 /);
    expect(text).toContain(VerifyMessages.busy);
    for (const s of holders) s.destroy();
    await new Promise((r) => setTimeout(r, 200));
    const again = await raw(
      `POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      body,
    );
    expect(again.text).toMatch(/^HTTP\/1\.1 200 /);
  });
});
