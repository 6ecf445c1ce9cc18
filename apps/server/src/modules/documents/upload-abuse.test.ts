import http from 'node:http';
import { DocumentMessages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupDocs, type DocsTest } from './test-fixture.ts';
import { multipart, samples, type Part } from './test-multipart.ts';

/**
 * The upload abuse table: each case is refused with its message, and leaves no row, no staged file
 * and no stored object. The size limit is 0.05 MB here (50,000 bytes).
 */

let t: DocsTest;
beforeAll(async () => {
  t = await setupDocs({ MAX_UPLOAD_MB: '0.05' });
});
afterAll(async () => t?.close());

const type = () => ({ name: 'documentType', value: String(t.types.w9) });
const file = (filename: string, data: Buffer | string = samples.pdf()): Part => ({
  name: 'file',
  file: { filename, data },
});

interface Case {
  name: string;
  parts: () => Part[];
  options?: { truncateAt?: number; omitEnd?: boolean };
  status: number;
  message: string;
}

const cases: Case[] = [
  {
    name: 'a bad extension',
    parts: () => [file('setup.exe'), type()],
    status: 400,
    message: DocumentMessages.extension,
  },
  {
    name: 'a 129-character name',
    parts: () => [file(`${'a'.repeat(125)}.pdf`), type()],
    status: 400,
    message: DocumentMessages.nameTooLong,
  },
  {
    name: '../ in the name',
    parts: () => [file('../../etc/report.pdf'), type()],
    status: 400,
    message: DocumentMessages.nameInvalid,
  },
  {
    name: 'a backslash in the name',
    parts: () => [file('..\\..\\report.pdf'), type()],
    status: 400,
    message: DocumentMessages.nameInvalid,
  },
  {
    name: 'NUL in the name',
    parts: () => [file('report\u0000.pdf'), type()],
    status: 400,
    message: DocumentMessages.nameInvalid,
  },
  {
    name: 'a control character in the name',
    parts: () => [file('report\u0007.pdf'), type()],
    status: 400,
    message: DocumentMessages.nameInvalid,
  },
  {
    name: 'a double extension',
    parts: () => [file('invoice.exe.pdf'), type()],
    status: 400,
    message: DocumentMessages.doubleExtension,
  },
  {
    name: 'wrong magic bytes (a PNG named .pdf)',
    parts: () => [file('scan.pdf', samples.png()), type()],
    status: 400,
    message: DocumentMessages.contentMismatch('pdf'),
  },
  {
    name: 'an HTML page named .pdf',
    parts: () => [file('page.pdf', '<html><script>alert(1)</script></html>'), type()],
    status: 400,
    message: DocumentMessages.contentMismatch('pdf'),
  },
  {
    name: 'a binary file named .txt',
    parts: () => [file('notes.txt', Buffer.from([0x41, 0x00, 0x42, 0x43])), type()],
    status: 400,
    message: DocumentMessages.contentMismatch('txt'),
  },
  {
    name: 'a PDF named .csv',
    parts: () => [file('list.csv', samples.pdf()), type()],
    status: 400,
    message: DocumentMessages.contentMismatch('csv'),
  },
  {
    name: 'an empty file',
    parts: () => [file('empty.pdf', Buffer.alloc(0)), type()],
    status: 400,
    message: DocumentMessages.empty,
  },
  {
    name: 'a file over the size limit',
    parts: () => [file('big.pdf', samples.pdf(60_000)), type()],
    status: 413,
    message: DocumentMessages.tooLarge(0.05),
  },
  {
    name: 'a file one byte over the limit',
    parts: () => [
      file('edge.pdf', Buffer.concat([samples.pdf(), Buffer.alloc(50_001 - samples.pdf().length, 0x20)])),
      type(),
    ],
    status: 413,
    message: DocumentMessages.tooLarge(0.05),
  },
  {
    name: 'a missing type',
    parts: () => [file('w9.pdf')],
    status: 400,
    message: DocumentMessages.typeRequired,
  },
  {
    name: 'an empty type',
    parts: () => [file('w9.pdf'), { name: 'documentType', value: '' }],
    status: 400,
    message: DocumentMessages.typeRequired,
  },
  {
    name: 'a type that does not exist',
    parts: () => [file('w9.pdf'), { name: 'documentType', value: '999999' }],
    status: 400,
    message: DocumentMessages.typeUnknown,
  },
  {
    name: 'a messaging type',
    parts: () => [file('w9.pdf'), { name: 'documentType', value: String(t.types.attachment) }],
    status: 400,
    message: DocumentMessages.typeUnknown,
  },
  {
    name: 'a website type without a website',
    parts: () => [
      file('shot.png', samples.png()),
      { name: 'documentType', value: String(t.types.screenshot) },
    ],
    status: 400,
    message: DocumentMessages.typeNotForVendor,
  },
  {
    name: 'a vendor type on a website',
    parts: () => [file('w9.pdf'), type(), { name: 'website', value: String(t.sites.summit) }],
    status: 400,
    message: DocumentMessages.typeNotForWebsite,
  },
  {
    name: "another vendor's website",
    parts: () => [
      file('shot.png', samples.png()),
      { name: 'documentType', value: String(t.types.screenshot) },
      { name: 'website', value: String(t.sites.harbor) },
    ],
    status: 404,
    message: 'Website not found',
  },
  {
    name: 'a missing file part',
    parts: () => [type()],
    status: 400,
    message: DocumentMessages.fileRequired,
  },
  {
    name: 'two file parts',
    parts: () => [file('one.pdf'), file('two.pdf'), type()],
    status: 400,
    message: DocumentMessages.oneFile,
  },
  {
    name: 'a truncated multipart body (cut inside the file)',
    parts: () => [type(), file('cut.pdf', samples.pdf(20_000))],
    options: { truncateAt: 10_000 },
    status: 400,
    message: DocumentMessages.truncated,
  },
  {
    name: 'a body without its closing boundary',
    parts: () => [type(), file('cut.pdf', samples.pdf(200))],
    options: { omitEnd: true },
    status: 400,
    message: DocumentMessages.truncated,
  },
];

describe('upload abuse', () => {
  it.each(cases)('refuses $name', async (c) => {
    const res = await t.upload(t.tokens.demo, c.parts(), c.options);
    expect(res.statusCode, res.body).toBe(c.status);
    expect(res.json()).toEqual({ code: c.status, message: c.message });
    expect(await t.leftovers()).toEqual({ rows: 0, staged: [], objects: [] });
  });

  it('refuses a body that is not multipart', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/documents',
      headers: t.auth(t.tokens.demo),
      payload: { file: 'x', documentType: t.types.w9 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DocumentMessages.fileRequired);
  });

  it('accepts a file exactly at the limit, then nothing is left of the refused ones', async () => {
    const data = Buffer.concat([samples.pdf(), Buffer.alloc(50_000 - samples.pdf().length, 0x20)]);
    const res = await t.upload(t.tokens.demo, [file('edge.pdf', data), type()]);
    expect(res.statusCode, res.body).toBe(200);
    const left = await t.leftovers();
    expect(left).toMatchObject({ rows: 1, staged: [] });
    expect(left.objects).toHaveLength(1);
  });

  it('needs multipart only here: another route refuses a multipart body', async () => {
    const body = multipart([type()]);
    const res = await t.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: { ...t.auth(t.tokens.demo), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
  });

  it('removes the stored object again when the row cannot be written', async () => {
    const before = await t.leftovers();
    await t.db.execute(sql`CREATE FUNCTION refuse_documents() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'documents are refused'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER refuse_documents BEFORE INSERT ON documents
      FOR EACH ROW EXECUTE FUNCTION refuse_documents()`);
    try {
      const res = await t.upload(t.tokens.demo, [file('w9.pdf'), type()]);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, message: 'Internal server error' });
      expect(await t.leftovers()).toEqual(before);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_documents ON documents`);
      await t.db.execute(sql`DROP FUNCTION refuse_documents()`);
    }
  });

  it('refuses an upload far over the limit over a real connection, with the whole body sent', async () => {
    // 40 MB to a 0.05 MB limit through a socket, every byte written before the answer counts, as a
    // browser reads it; that Chromium gets its answer is proved by upload-file-page.spec.ts.
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const body = multipart([type(), file('huge.pdf', samples.pdf(40_000_000))]);
    const before = await t.leftovers();
    // The answer counts once the body has been sent in full, as a browser reads it only then.
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      let sent = false;
      let answered: { status: number; text: string } | null = null;
      const settle = () => sent && answered && resolve(answered);
      const req = http.request(
        {
          host: address.hostname,
          port: address.port,
          method: 'POST',
          path: '/api/documents',
          headers: {
            ...t.auth(t.tokens.demo),
            ...body.headers,
            'content-length': body.payload.length,
            connection: 'close',
          },
          timeout: 20_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            answered = { status: res.statusCode ?? 0, text };
            settle();
          });
        },
      );
      req.on('finish', () => {
        sent = true;
        settle();
      });
      req.on('timeout', () => req.destroy(new Error('the body was not read, or no answer, within 20 s')));
      req.on('error', reject);
      req.end(body.payload);
    });
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.text) as { message: string }).message).toBe(DocumentMessages.tooLarge(0.05));
    expect(await t.leftovers()).toEqual(before);
  });
});
