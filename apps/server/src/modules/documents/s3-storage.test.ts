import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { DocumentMessages, uploadResponseSchema } from '@vp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStorageKey } from '../../platform/storage.ts';
import { runOrphanSweep } from './index.ts';
import { setupDocs, type DocsTest } from './test-fixture.ts';
import { samples } from './test-multipart.ts';

/**
 * The same upload, download, delete and sweep path with S3-compatible storage: a local s3rver on a
 * random port, with its data in a temporary directory.
 */

let t: DocsTest;
let s3: S3rver;
let s3Dir: string;
beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir });
  const { port } = await s3.run();
  t = await setupDocs({
    S3_URL: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'vp-documents',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    MAX_UPLOAD_MB: '1',
    ORPHAN_GRACE_SECONDS: '0',
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.app.ctx.storage.list()) keys.push(o.key);
  return keys.sort();
}

describe('documents on S3', () => {
  it('uses S3 storage', () => {
    expect(t.app.ctx.storage.kind).toBe('s3');
  });

  it('uploads, downloads and deletes through the bucket', async () => {
    const data = samples.pdf(300_000);
    const res = await t.upload(t.tokens.demo, [
      { name: 'file', file: { filename: 'W-9 São Paulo.pdf', data } },
      { name: 'documentType', value: String(t.types.w9) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const doc = uploadResponseSchema.parse(res.json()).document;
    expect(doc.sha256).toBe(sha(data));
    const keys = await bucketKeys();
    expect(keys).toHaveLength(1);
    expect((await t.leftovers()).staged).toEqual([]);

    const down = await t.inject({
      method: 'GET',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.demo),
    });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toContain("filename*=UTF-8''W-9%20S%C3%A3o%20Paulo.pdf");
    expect(sha(down.rawPayload)).toBe(sha(data));

    const del = await t.inject({
      method: 'DELETE',
      url: `/api/document/${doc.rowKey}`,
      headers: t.auth(t.tokens.demo),
    });
    expect(del.statusCode).toBe(200);
    expect(await bucketKeys()).toEqual([]);
  });

  it('leaves no object for a refused upload', async () => {
    for (const [name, data, status, message] of [
      ['fake.pdf', samples.png(), 400, DocumentMessages.contentMismatch('pdf')],
      ['huge.pdf', samples.pdf(1_100_000), 413, DocumentMessages.tooLarge(1)],
    ] as const) {
      const res = await t.upload(t.tokens.demo, [
        { name: 'file', file: { filename: name, data } },
        { name: 'documentType', value: String(t.types.w9) },
      ]);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await bucketKeys()).toEqual([]);
    expect(await t.leftovers()).toMatchObject({ rows: 0, staged: [] });
  });

  it('sweeps an object no row holds and keeps those that have one', async () => {
    const res = await t.upload(t.tokens.demo, [
      { name: 'file', file: { filename: 'kept.pdf', data: samples.pdf() } },
      { name: 'documentType', value: String(t.types.w9) },
    ]);
    expect(res.statusCode).toBe(200);
    const [kept] = await bucketKeys();
    const orphan = newStorageKey(t.vendors.summit);
    await t.app.ctx.storage.putBuffer(orphan, samples.pdf(), 'application/pdf');
    expect(await bucketKeys()).toHaveLength(2);
    const swept = await runOrphanSweep(t.app.ctx);
    expect(swept.objects).toBe(1);
    expect(await bucketKeys()).toEqual([kept]);
  });
});
