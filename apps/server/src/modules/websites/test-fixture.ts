import type { Website } from '@vp/contract';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { setup, type TestContext } from '../../../test/helper.ts';
import { rowsOf } from '../../db/sql.ts';

/** A seeded app with the demo users logged in, and the ids the website tests need. */
export interface PortalTest extends TestContext {
  tokens: Record<'demo' | 'viewer' | 'admin' | 'other', string>;
  vendors: { summit: number; west: number; harbor: number };
  call(
    token: string,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    vendor?: number,
  ): ReturnType<TestContext['inject']>;
  rows<T>(query: ReturnType<typeof sql>): Promise<T[]>;
  /** Member numbers of active own-roster agents, and of an active reciprocal agent. */
  agents: { local: string[]; reciprocal: string };
}

export async function setupPortal(options: Parameters<typeof setup>[0] = {}): Promise<PortalTest> {
  const t = await setup(options);
  const [demo, viewer, admin, other] = await Promise.all(
    ['demo', 'viewer', 'admin', 'other'].map((u) => t.login(u)),
  );
  const vendorRows = await rowsOf<{ id: number; code: string }>(t.db, sql`SELECT id, code FROM vendors`);
  const vid = (code: string) => vendorRows.find((v) => v.code === code)!.id;
  const local = await rowsOf<{ n: string }>(
    t.db,
    sql`SELECT member_mls_id AS n FROM members WHERE NOT reciprocal AND member_status = 'Active' ORDER BY member_mls_id LIMIT 40`,
  );
  const [recip] = await rowsOf<{ n: string }>(
    t.db,
    sql`SELECT member_mls_id AS n FROM members WHERE reciprocal AND member_status = 'Active' ORDER BY member_mls_id LIMIT 1`,
  );
  return {
    ...t,
    tokens: { demo: demo!, viewer: viewer!, admin: admin!, other: other! },
    vendors: { summit: vid('SWS'), west: vid('SWS-W'), harbor: vid('HIC') },
    call(token, method, url, payload, vendor) {
      return t.inject({
        method,
        url,
        headers: t.auth(token, vendor),
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      });
    },
    rows: (query) => rowsOf(t.db, query),
    agents: { local: local.map((r) => r.n), reciprocal: recip!.n },
  };
}

let domainSeq = 0;
/** A domain no seeded site uses. */
export function freshDomain(label = 'site'): string {
  domainSeq += 1;
  return `${label}-${process.pid}-${domainSeq}.example.com`;
}

/** A new Pending Activation site of the demo vendor for an agent; its id. */
export async function createSite(
  t: PortalTest,
  memberNumber: string,
  products: number[] = [1],
  label = 'site',
): Promise<number> {
  const res = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
    domainName: freshDomain(label),
    memberNumber,
    products,
  });
  if (res.statusCode !== 201) throw new Error(`site not created: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

/** A date `days` from today in the server's calendar (local time), as yyyy-mm-dd. */
export function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A site as `token`'s vendor reads it (the demo vendor's by default). */
export async function readSite(t: PortalTest, id: number, token = t.tokens.demo): Promise<Website> {
  const res = await t.call(token, 'GET', `/api/portal/websites/${id}`);
  if (res.statusCode !== 200) throw new Error(`site ${id} not read: ${res.statusCode} ${res.body}`);
  return res.json() as Website;
}

/** A save of the site as it is now with `changes`, by `token` (the demo vendor's user by default). */
export async function saveSite(
  t: PortalTest,
  id: number,
  changes: Partial<Website>,
  token = t.tokens.demo,
): ReturnType<PortalTest['call']> {
  const site = await readSite(t, id, token);
  return t.call(token, 'PUT', '/api/portal/websites', {
    rowKey: site.rowKey,
    domainName: site.domainName,
    memberNumber: site.memberNumber,
    status: site.status,
    startDate: site.startDate,
    termDate: site.termDate,
    dba: site.dba,
    products: site.products,
    version: site.version,
    ...changes,
  });
}
