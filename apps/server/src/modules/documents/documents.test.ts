import crypto from 'node:crypto';
import { DocumentMessages, documentListSchema, uploadResponseSchema } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql.ts';
import { setupDocs, type DocsTest } from './test-fixture.ts';
import { ooxml, samples, zipOf } from './test-multipart.ts';

let t: DocsTest;
beforeAll(async () => {
  t = await setupDocs();
});
afterAll(async () => t?.close());

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('POST /api/documents', () => {
  it('stores a vendor-level file: row, object and answer agree', async () => {
    const data = samples.pdf(2000);
    const res = await t.upload(t.tokens.demo, [
      { name: 'file', file: { filename: 'W-9 2026.pdf', data } },
      { name: 'documentType', value: String(t.types.w9) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = uploadResponseSchema.parse(res.json());
    expect(body.message).toBe('Upload successfully');
    expect(body.document).toMatchObject({
      label: 'W-9 2026.pdf',
      size: data.length,
      typeId: t.types.w9,
      typeString: 'W-9',
      contentType: 'application/pdf',
      websiteId: null,
      approved: false,
      voided: false,
      sha256: sha(data),
      uploadedBy: expect.any(String),
    });
    const left = await t.leftovers();
    expect(left.staged).toEqual([]);
    expect(left.objects).toHaveLength(1);
    const list = await t.inject({ method: 'GET', url: '/api/documents', headers: t.auth(t.tokens.demo) });
    // The answer is the document exactly as the list shows it.
    expect(documentListSchema.parse(list.json()).find((d) => d.rowKey === body.document.rowKey)).toEqual(
      body.document,
    );
  });
});

async function uploadAs(token: string, filename: string, data: Buffer, typeId: number, website?: number) {
  const res = await t.upload(token, [
    { name: 'file', file: { filename, data } },
    { name: 'documentType', value: String(typeId) },
    ...(website ? [{ name: 'website', value: String(website) }] : []),
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return uploadResponseSchema.parse(res.json()).document;
}

describe('website documents', () => {
  it('lists a site upload under the site, not among the vendor-level ones, and writes History', async () => {
    const doc = await uploadAs(
      t.tokens.demo,
      'home page.png',
      samples.png(),
      t.types.screenshot,
      t.sites.summit,
    );
    expect(doc.websiteId).toBe(t.sites.summit);
    const site = await t.inject({
      method: 'GET',
      url: `/api/portal/websites/${t.sites.summit}/documents`,
      headers: t.auth(t.tokens.demo),
    });
    expect(site.statusCode).toBe(200);
    expect(documentListSchema.parse(site.json())).toEqual([doc]);
    const own = await t.inject({ method: 'GET', url: '/api/documents', headers: t.auth(t.tokens.demo) });
    expect(own.json().map((d: { rowKey: number }) => d.rowKey)).not.toContain(doc.rowKey);
    const history = await t.inject({
      method: 'GET',
      url: `/api/website/${t.sites.summit}/changelog`,
      headers: t.auth(t.tokens.demo),
    });
    expect(history.body).toContain('document.uploaded');
    expect(history.body).toContain('home page.png');
  });

  it('stores and shows a name without the invisible characters that would make it read as another', async () => {
    // Shown as it came, the right-to-left override makes this text file read "invoicetxt.png".
    const doc = await uploadAs(
      t.tokens.demo,
      'invoice\u202Egnp.txt',
      samples.txt(),
      t.types.screenshot,
      t.sites.summit,
    );
    expect(doc.label).toBe('invoicegnp.txt');
    expect(doc.contentType).toBe('text/plain; charset=utf-8');
    const other = await uploadAs(t.tokens.demo, '\uFEFFw\u200B9\u2066\u2028.pdf', samples.pdf(), t.types.w9);
    expect(other.label).toBe('w9.pdf');
    const [row] = await rowsOf<{ label: string }>(
      t.db,
      sql`SELECT label FROM documents WHERE id = ${doc.rowKey}`,
    );
    expect(row!.label).toBe('invoicegnp.txt');
    const site = await t.inject({
      method: 'GET',
      url: `/api/portal/websites/${t.sites.summit}/documents`,
      headers: t.auth(t.tokens.demo),
    });
    expect(documentListSchema.parse(site.json()).map((d) => d.label)).toContain('invoicegnp.txt');
    const history = await t.inject({
      method: 'GET',
      url: `/api/website/${t.sites.summit}/changelog`,
      headers: t.auth(t.tokens.demo),
    });
    expect(history.body).toContain('invoicegnp.txt');
    expect(history.body).not.toMatch(/\\u202e|\u202E/i);
    const file = await t.inject({
      method: 'GET',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.demo),
    });
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="invoicegnp.txt"; filename*=UTF-8\'\'invoicegnp.txt',
    );
  });

  it('accepts each binary kind whose content matches, and text', async () => {
    for (const [name, data] of [
      ['scan.jpg', samples.jpg()],
      ['scan.jpeg', samples.jpg()],
      ['logo.gif', samples.gif()],
      ['old.doc', samples.cfb()],
      ['old.xls', samples.cfb()],
      ['notes.txt', samples.txt()],
      ['offices.csv', samples.csv()],
    ] as const) {
      const doc = await uploadAs(t.tokens.demo, name, data, t.types.other);
      expect(doc.sha256, name).toBe(sha(data));
    }
  });

  it('tells the Office Open XML kinds apart, even when their parts lie past the first bytes', async () => {
    for (const kind of ['docx', 'xlsx', 'pptx'] as const) {
      const doc = await uploadAs(t.tokens.demo, `office.${kind}`, ooxml(kind), t.types.other);
      expect(doc.contentType).toContain('openxmlformats');
    }
    for (const [name, data, ext] of [
      ['sheet.xlsx', ooxml('docx'), 'xlsx'],
      ['letter.docx', zipOf({ 'readme.txt': 'just a zip' }), 'docx'],
      ['old.doc', ooxml('docx'), 'doc'],
    ] as const) {
      const res = await t.upload(t.tokens.demo, [
        { name: 'file', file: { filename: name, data } },
        { name: 'documentType', value: String(t.types.other) },
      ]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(DocumentMessages.contentMismatch(ext));
    }
  });

  it('lets MLS staff upload for a vendor', async () => {
    const doc = await uploadAs(t.tokens.admin, 'insurance.pdf', samples.pdf(), t.types.insurance);
    const res = await t.inject({
      method: 'GET',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.demo),
    });
    expect(res.statusCode).toBe(200);
  });

  it('publishes document.changed after the upload and the delete', async () => {
    const seen: string[] = [];
    const off = t.app.ctx.bus.subscribe('document.changed', (e) => seen.push(`${e.action}:${e.documentId}`));
    const doc = await uploadAs(t.tokens.demo, 'other.pdf', samples.pdf(), t.types.other);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.demo),
    });
    off();
    expect(del.json()).toEqual({ message: 'Delete completed' });
    expect(seen).toEqual([`created:${doc.rowKey}`, `deleted:${doc.rowKey}`]);
  });
});

describe('GET /api/document/:id', () => {
  it('streams the file with its type, an RFC 5987 name, nosniff and a private cache', async () => {
    const data = samples.pdf(5000);
    const name = "Zürich 'Übersicht' (東京) — W-9.pdf";
    const doc = await uploadAs(t.tokens.demo, name, data, t.types.w9);
    const res = await t.inject({
      method: 'GET',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.demo),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/private/);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toBe(
      "attachment; filename=\"Z_rich '_bersicht' (__) _ W-9.pdf\"; filename*=UTF-8''Z%C3%BCrich%20%27%C3%9Cbersicht%27%20%28%E6%9D%B1%E4%BA%AC%29%20%E2%80%94%20W-9.pdf",
    );
    // The encoded name decodes back to the name as uploaded.
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe(name);
    expect(sha(res.rawPayload)).toBe(sha(data));
  });

  it('serves text with its charset', async () => {
    const doc = await uploadAs(t.tokens.demo, 'list.csv', samples.csv(), t.types.other);
    const res = await t.inject({
      method: 'GET',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.demo),
    });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe(samples.csv().toString());
  });
});

describe('DELETE /api/document/:id', () => {
  it('removes the row, the object and writes History for a site document', async () => {
    const doc = await uploadAs(
      t.tokens.demo,
      'old shot.png',
      samples.png(),
      t.types.screenshot,
      t.sites.summit,
    );
    const before = await t.leftovers();
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.demo),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: DocumentMessages.deleted });
    const after = await t.leftovers();
    expect(after.rows).toBe(before.rows - 1);
    expect(after.objects).toHaveLength(before.objects.length - 1);
    const again = await t.inject({
      method: 'GET',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.demo),
    });
    expect(again.statusCode).toBe(404);
    const history = await t.inject({
      method: 'GET',
      url: `/api/website/${t.sites.summit}/changelog`,
      headers: t.auth(t.tokens.demo),
    });
    expect(history.body).toContain('document.deleted');
  });

  it('keeps a signed document from vendors (409), while MLS staff may remove it', async () => {
    const doc = await uploadAs(t.tokens.demo, 'signed.pdf', samples.pdf(), t.types.other);
    await t.db.execute(
      sql`UPDATE documents SET signature_required = true, approved = true, sealed_at = now() WHERE id = ${doc.rowKey}`,
    );
    const vendor = await t.inject({
      method: 'DELETE',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.demo),
    });
    expect(vendor.statusCode).toBe(409);
    expect(vendor.json().message).toBe(DocumentMessages.signedCannotBeDeleted);
    const staff = await t.inject({
      method: 'DELETE',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.admin, t.vendors.summit),
    });
    expect(staff.statusCode).toBe(200);
  });
});

describe('document types', () => {
  it('lists the Files tab types, without the messaging ones', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/documenttypes',
      headers: t.auth(t.tokens.viewer),
    });
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { type: string }[]).map((x) => x.type);
    expect(names).toEqual(expect.arrayContaining(['SAF', 'W-9', 'Website Screenshot', 'Other']));
    expect(names).not.toContain('Attachment');
    const saf = (res.json() as { type: string; scope: string; signatureRequired: boolean }[]).find(
      (x) => x.type === 'SAF',
    );
    expect(saf).toMatchObject({ scope: 'website', signatureRequired: true, requiredForSites: true });
  });

  it('finds a type by its internal name, or 404', async () => {
    const saf = await t.inject({
      method: 'GET',
      url: '/api/documenttypes/required?name=saf',
      headers: t.auth(t.tokens.demo),
    });
    expect(saf.statusCode).toBe(200);
    expect(saf.json()).toMatchObject({ id: t.types.saf, name: 'saf', type: 'SAF' });
    const none = await t.inject({
      method: 'GET',
      url: '/api/documenttypes/required?name=nope',
      headers: t.auth(t.tokens.demo),
    });
    expect(none.statusCode).toBe(404);
    const blank = await t.inject({
      method: 'GET',
      url: '/api/documenttypes/required?name=',
      headers: t.auth(t.tokens.demo),
    });
    expect(blank.statusCode).toBe(400);
  });

  it('lets MLS staff add and rename messaging types; a taken name is 409', async () => {
    const list = await t.inject({
      method: 'GET',
      url: '/api/documenttypes/messaging',
      headers: t.auth(t.tokens.demo),
    });
    expect(list.json()).toEqual(expect.arrayContaining([{ id: t.types.attachment, type: 'Attachment' }]));
    const added = await t.inject({
      method: 'POST',
      url: '/api/documenttypes/messaging',
      headers: t.auth(t.tokens.admin),
      payload: { type: '  Audit Finding ' },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ type: 'Audit Finding' });
    const id = added.json().id as number;
    const dup = await t.inject({
      method: 'POST',
      url: '/api/documenttypes/messaging',
      headers: t.auth(t.tokens.admin),
      payload: { type: 'attachment' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(DocumentMessages.typeNameTaken);
    const renamed = await t.inject({
      method: 'PUT',
      url: `/api/documenttypes/messaging/${id}`,
      headers: t.auth(t.tokens.admin),
      payload: { type: 'Audit Report' },
    });
    expect(renamed.json()).toEqual({ id, type: 'Audit Report' });
    const clash = await t.inject({
      method: 'PUT',
      url: `/api/documenttypes/messaging/${id}`,
      headers: t.auth(t.tokens.admin),
      payload: { type: 'Compliance Notice' },
    });
    expect(clash.statusCode).toBe(409);
    // A Files tab type is not a messaging type to rename.
    const filesType = await t.inject({
      method: 'PUT',
      url: `/api/documenttypes/messaging/${t.types.w9}`,
      headers: t.auth(t.tokens.admin),
      payload: { type: 'Renamed' },
    });
    expect(filesType.statusCode).toBe(404);
    const empty = await t.inject({
      method: 'POST',
      url: '/api/documenttypes/messaging',
      headers: t.auth(t.tokens.admin),
      payload: { type: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(DocumentMessages.typeNameRequired);
  });

  it.each(['demo', 'viewer'] as const)('refuses messaging type writes to %s (403)', async (who) => {
    const post = await t.inject({
      method: 'POST',
      url: '/api/documenttypes/messaging',
      headers: t.auth(t.tokens[who]),
      payload: { type: 'Mine' },
    });
    expect(post.statusCode).toBe(403);
    const put = await t.inject({
      method: 'PUT',
      url: `/api/documenttypes/messaging/${t.types.attachment}`,
      headers: t.auth(t.tokens[who]),
      payload: { type: 'Mine' },
    });
    expect(put.statusCode).toBe(403);
  });
});
