import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { setup, type TestContext } from '../../../test/helper.ts';
import { rowsOf } from '../../db/sql.ts';
import { multipart, samples, type Part } from './test-multipart.ts';

/** The hand-written multipart bodies, for other modules' tests that upload. */
export { multipart, samples } from './test-multipart.ts';

/** A seeded app with the demo users logged in, the ids the document tests need, and upload helpers. */
export interface DocsTest extends TestContext {
  tokens: Record<'demo' | 'viewer' | 'admin' | 'other', string>;
  vendors: { summit: number; harbor: number };
  /** An Active site of the demo vendor, and one of the other vendor. */
  sites: { summit: number; harbor: number };
  types: Record<'saf' | 'w9' | 'license' | 'insurance' | 'screenshot' | 'other' | 'attachment', number>;
  upload(
    token: string,
    parts: Part[],
    options?: { truncateAt?: number; omitEnd?: boolean; vendor?: number },
  ): ReturnType<TestContext['inject']>;
  /** Rows in documents, files in staging, and stored objects (disk storage). */
  leftovers(): Promise<{ rows: number; staged: string[]; objects: string[] }>;
}

export async function setupDocs(env: NodeJS.ProcessEnv = {}): Promise<DocsTest> {
  const t = await setup({ env });
  const [demo, viewer, admin, other] = await Promise.all(
    ['demo', 'viewer', 'admin', 'other'].map((u) => t.login(u)),
  );
  const vendorRows = await rowsOf<{ id: number; code: string }>(t.db, sql`SELECT id, code FROM vendors`);
  const vid = (code: string) => vendorRows.find((v) => v.code === code)!.id;
  const site = async (vendorId: number) => {
    const [row] = await rowsOf<{ id: number }>(
      t.db,
      sql`SELECT id FROM websites WHERE vendor_id = ${vendorId} AND status = 'Active' ORDER BY id LIMIT 1`,
    );
    return row!.id;
  };
  const typeRows = await rowsOf<{ id: number; name: string | null; type: string }>(
    t.db,
    sql`SELECT id, name, type FROM document_types`,
  );
  const tid = (name: string) => typeRows.find((r) => r.name === name || r.type === name)!.id;
  const summit = vid('SWS');
  const harbor = vid('HIC');
  const filesDir = t.config.filesDir;
  const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  return {
    ...t,
    tokens: { demo: demo!, viewer: viewer!, admin: admin!, other: other! },
    vendors: { summit, harbor },
    sites: { summit: await site(summit), harbor: await site(harbor) },
    types: {
      saf: tid('saf'),
      w9: tid('w9'),
      license: tid('vendor_license'),
      insurance: tid('insurance'),
      screenshot: tid('screenshot'),
      other: tid('other'),
      attachment: tid('Attachment'),
    },
    upload(token, parts, options = {}) {
      const body = multipart(parts, options);
      return t.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { ...t.auth(token, options.vendor), ...body.headers },
        payload: body.payload,
      });
    },
    async leftovers() {
      const [row] = await rowsOf<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM documents`);
      const objects = list(filesDir)
        .filter((d) => /^v\d+$/.test(d))
        .flatMap((d) => list(path.join(filesDir, d)).map((f) => `${d}/${f}`));
      return { rows: row!.n, staged: list(path.join(filesDir, '.staging')), objects };
    },
  };
}

/** Uploads a Site Access Form signed on paper for a site, as MLS staff acting for its vendor. */
export async function uploadPaperSaf(
  t: TestContext,
  adminToken: string,
  vendorId: number,
  siteId: number,
  fileName = 'signed-saf.pdf',
) {
  const [saf] = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM document_types WHERE name = 'saf'`);
  const body = multipart([
    { name: 'documentType', value: String(saf!.id) },
    { name: 'website', value: String(siteId) },
    { name: 'file', file: { filename: fileName, data: samples.pdf(), type: 'application/pdf' } },
  ]);
  return t.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { ...t.auth(adminToken, vendorId), ...body.headers },
    payload: body.payload,
  });
}
