import crypto from 'node:crypto';
import { documentListSchema, metadataSchema } from '@vp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDocuments } from '../../db/seed/index.ts';
import { setupDocs, type DocsTest } from './test-fixture.ts';

/** The demo's documents, as a new embedded database gets them: stored files with matching rows. */

let t: DocsTest;
beforeAll(async () => {
  t = await setupDocs();
  await seedDemoDocuments(t.db, t.app.ctx.storage);
});
afterAll(async () => t?.close());

describe('demo documents', () => {
  it('give the demo vendor its W-9 and a site screenshot that download as stored', async () => {
    const own = documentListSchema.parse(
      (await t.inject({ method: 'GET', url: '/api/documents', headers: t.auth(t.tokens.demo) })).json(),
    );
    expect(own.map((d) => d.typeString)).toEqual(['W-9']);
    const site = documentListSchema.parse(
      (
        await t.inject({
          method: 'GET',
          url: `/api/portal/websites/${t.sites.summit}/documents`,
          headers: t.auth(t.tokens.demo),
        })
      ).json(),
    );
    expect(site.map((d) => d.typeString)).toEqual(['Website Screenshot']);
    for (const doc of [...own, ...site]) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/document/${doc.rowKey}`,
        headers: t.auth(t.tokens.demo),
      });
      expect(res.statusCode).toBe(200);
      expect(crypto.createHash('sha256').update(res.rawPayload).digest('hex')).toBe(doc.sha256);
    }
    expect((await t.leftovers()).objects).toHaveLength(2);
  });

  it('leave the Vendor License Agreement as the one missing vendor document', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/portal/metadata',
      headers: t.auth(t.tokens.demo),
    });
    expect(metadataSchema.parse(res.json()).missingDocs).toBe(1);
  });
});
