import crypto from 'node:crypto';
import { DocumentMessages, documentListSchema, uploadResponseSchema } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupDocs, type DocsTest } from './test-fixture.ts';
import { samples } from './test-multipart.ts';

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
    expect(documentListSchema.parse(list.json()).map((d) => d.rowKey)).toContain(body.document.rowKey);
  });
});
