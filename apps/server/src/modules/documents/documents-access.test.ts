import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupDocs, type DocsTest } from './test-fixture.ts';
import { multipart, samples } from './test-multipart.ts';

/**
 * Every document call as another vendor (404), as the read-only role (403 on writes, 200 on reads
 * and downloads) and anonymously (401).
 */

let t: DocsTest;
let vendorDoc: number;
let siteDoc: number;
beforeAll(async () => {
  t = await setupDocs();
  const up = async (filename: string, data: Buffer, type: number, website?: number) => {
    const res = await t.upload(t.tokens.demo, [
      { name: 'file', file: { filename, data } },
      { name: 'documentType', value: String(type) },
      ...(website ? [{ name: 'website', value: String(website) }] : []),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().document.rowKey as number;
  };
  vendorDoc = await up('w9.pdf', samples.pdf(), t.types.w9);
  siteDoc = await up('shot.png', samples.png(), t.types.screenshot, t.sites.summit);
});
afterAll(async () => t?.close());

const upload = () =>
  multipart([
    { name: 'file', file: { filename: 'x.pdf', data: samples.pdf() } },
    { name: 'documentType', value: '1' },
  ]);

describe('another vendor', () => {
  it('gets 404 for every call on the demo vendor’s documents and site', async () => {
    const h = t.auth(t.tokens.other);
    for (const id of [vendorDoc, siteDoc]) {
      const get = await t.inject({ method: 'GET', url: `/api/document/${id}`, headers: h });
      expect(get.statusCode).toBe(404);
      const del = await t.inject({ method: 'DELETE', url: `/api/document/${id}`, headers: h });
      expect(del.statusCode).toBe(404);
    }
    const list = await t.inject({
      method: 'GET',
      url: `/api/portal/websites/${t.sites.summit}/documents`,
      headers: h,
    });
    expect(list.statusCode).toBe(404);
    const onSite = await t.upload(t.tokens.other, [
      { name: 'file', file: { filename: 'shot.png', data: samples.png() } },
      { name: 'documentType', value: String(t.types.screenshot) },
      { name: 'website', value: String(t.sites.summit) },
    ]);
    expect(onSite.statusCode).toBe(404);
    // Its own list holds none of them.
    const own = await t.inject({ method: 'GET', url: '/api/documents', headers: h });
    expect(own.json()).toEqual([]);
    // Nothing was removed.
    expect((await t.leftovers()).rows).toBe(2);
  });
});

describe('read-only role', () => {
  it('reads and downloads (200)', async () => {
    const h = t.auth(t.tokens.viewer);
    for (const url of [
      '/api/documents',
      `/api/portal/websites/${t.sites.summit}/documents`,
      `/api/document/${vendorDoc}`,
      `/api/document/${siteDoc}`,
      '/api/documenttypes',
      '/api/documenttypes/required?name=saf',
      '/api/documenttypes/messaging',
      '/api/documents/limits',
    ]) {
      const res = await t.inject({ method: 'GET', url, headers: h });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('reads the upload limit the server enforces', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/documents/limits',
      headers: t.auth(t.tokens.viewer),
    });
    expect(res.json()).toEqual({ maxBytes: t.config.maxUploadBytes });
  });

  it('cannot upload or delete (403), and nothing changes', async () => {
    const body = upload();
    const post = await t.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...t.auth(t.tokens.viewer), ...body.headers },
      payload: body.payload,
    });
    expect(post.statusCode).toBe(403);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/document/${vendorDoc}`,
      headers: t.auth(t.tokens.viewer),
    });
    expect(del.statusCode).toBe(403);
    const left = await t.leftovers();
    expect(left).toMatchObject({ rows: 2, staged: [] });
    expect(left.objects).toHaveLength(2);
  });
});

describe('anonymous', () => {
  it('gets 401 on every call', async () => {
    const body = upload();
    const calls = [
      { method: 'POST' as const, url: '/api/documents', headers: body.headers, payload: body.payload },
      { method: 'GET' as const, url: '/api/documents' },
      { method: 'GET' as const, url: `/api/portal/websites/${t.sites.summit}/documents` },
      { method: 'GET' as const, url: `/api/document/${vendorDoc}` },
      { method: 'DELETE' as const, url: `/api/document/${vendorDoc}` },
      { method: 'GET' as const, url: '/api/documenttypes' },
      { method: 'GET' as const, url: '/api/documenttypes/required?name=saf' },
      { method: 'GET' as const, url: '/api/documenttypes/messaging' },
      { method: 'GET' as const, url: '/api/documents/limits' },
      { method: 'POST' as const, url: '/api/documenttypes/messaging', payload: { type: 'X' } },
      {
        method: 'PUT' as const,
        url: `/api/documenttypes/messaging/${t.types.attachment}`,
        payload: { type: 'X' },
      },
    ];
    for (const c of calls) {
      const res = await t.inject(c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
    }
    expect((await t.leftovers()).staged).toEqual([]);
  });
});

describe('bad ids', () => {
  it('answers 400 for an id that is not one, and 404 for one that does not exist', async () => {
    const h = t.auth(t.tokens.demo);
    expect((await t.inject({ method: 'GET', url: '/api/document/abc', headers: h })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/document/99999999', headers: h })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: 'DELETE', url: '/api/document/0', headers: h })).statusCode).toBe(400);
  });
});
