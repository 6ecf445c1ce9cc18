import {
  IMPORT_MAX_ROWS,
  ImportMessages,
  PrimitiveMessages,
  WebsiteMessages,
  WebsiteServerMessages,
  type ImportResult,
  type ImportRow,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intArray, textArray } from '../../db/sql.ts';
import { freshDomain, setupPortal, type PortalTest } from './test-fixture.ts';

let t: PortalTest;
let inactiveMember: string;
let harborDomain: string;
beforeAll(async () => {
  t = await setupPortal();
  const [inactive] = await t.rows<{ n: string }>(
    sql`SELECT member_mls_id AS n FROM members WHERE member_status <> 'Active' ORDER BY member_mls_id LIMIT 1`,
  );
  inactiveMember = inactive!.n;
  const [harbor] = await t.rows<{ d: string }>(
    sql`SELECT domain_name AS d FROM websites WHERE vendor_id = ${t.vendors.harbor} LIMIT 1`,
  );
  harborDomain = harbor!.d;
});
afterAll(async () => t?.close());

const CHECK = '/api/portal/websites/import/check';
const IMPORT = '/api/portal/websites/import';

let rowNo = 1;
function row(overrides: Partial<ImportRow> = {}): ImportRow {
  rowNo += 1;
  return {
    row: rowNo,
    domainName: freshDomain('imp'),
    memberNumber: t.agents.local[3]!,
    product: 'IDX Website',
    dba: 'Imported Homes',
    startDate: '',
    ...overrides,
  };
}

async function check(rows: ImportRow[], token = t.tokens.demo, vendor?: number): Promise<ImportResult> {
  const res = await t.call(token, 'POST', CHECK, { rows }, vendor);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportResult;
}

const messages = (r: ImportResult) => r.rows.map((x) => x.message);

describe('dry run', () => {
  it('answers ok for valid rows and creates nothing', async () => {
    const rows = [
      row(),
      row({ product: '1', startDate: '2027-01-15' }),
      row({ product: 'idx  team website' }),
    ];
    const before = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM websites`);
    const result = await check(rows);
    expect(result).toMatchObject({ valid: 3, invalid: 0, created: 0 });
    expect(result.rows).toEqual(rows.map((r) => ({ row: r.row, ok: true, message: '', siteId: null })));
    const after = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM websites`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('names each bad row with the message of the website modal', async () => {
    const dup = freshDomain('twice');
    const rows = [
      row({ domainName: '' }),
      row({ domainName: 'not a domain' }),
      row({ domainName: dup }),
      row({ domainName: `www.${dup}` }),
      row({ domainName: harborDomain.toUpperCase() }),
      row({ memberNumber: '' }),
      row({ memberNumber: 'NOBODY-1' }),
      row({ memberNumber: inactiveMember }),
      row({ product: '' }),
      row({ product: 'Gold Plan' }),
      row({ dba: 'x'.repeat(201) }),
      row({ startDate: 'next week' }),
      row({ startDate: '2027-02-30' }),
      row({ startDate: '2099-01-01' }),
      row({ startDate: '3/4/2027' }),
    ];
    const result = await check(rows);
    expect(messages(result)).toEqual([
      WebsiteMessages.domainRequired,
      WebsiteMessages.domainInvalid,
      '',
      ImportMessages.duplicateInFile(rows[2]!.row),
      WebsiteMessages.duplicateDomain,
      WebsiteMessages.agentRequired,
      WebsiteMessages.agentNotFound,
      WebsiteMessages.agentNotActive,
      WebsiteMessages.productRequired,
      ImportMessages.productUnknown('Gold Plan', ['IDX Website', 'IDX Team Website', 'VOW Website']),
      'DBA cannot be more than 200 characters.',
      ImportMessages.startDateFormat,
      PrimitiveMessages.dateInvalid,
      WebsiteMessages.startDateTooFar,
      '',
    ]);
    expect(result).toMatchObject({ valid: 2, invalid: 13, created: 0 });
  });

  it('refuses reciprocal agents for a vendor not allowed them, as the modal does', async () => {
    const rows = [row({ memberNumber: t.agents.reciprocal })];
    expect(messages(await check(rows))).toEqual(['']);
    expect(messages(await check(rows, t.tokens.demo, t.vendors.west))).toEqual([
      WebsiteMessages.reciprocalNotAllowed,
    ]);
  });

  it('names a domain reserved by a pending domain change request', async () => {
    const reserved = freshDomain('reserved');
    const [site] = await t.rows<{ id: number }>(
      sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit} LIMIT 1`,
    );
    await t.db
      .execute(sql`INSERT INTO website_requests (website_id, vendor_id, kind, status, payload, username)
      VALUES (${site!.id}, ${t.vendors.summit}, 'domain', 'pending',
        ${JSON.stringify({ domainName: reserved, reason: '' })}::jsonb, 'demo')`);
    expect(messages(await check([row({ domainName: reserved })]))).toEqual([
      WebsiteServerMessages.domainReserved,
    ]);
  });

  it('refuses a file of more than 5,000 rows, an empty one, formulas and huge cells with 400', async () => {
    const many = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => ({
      row: i + 2,
      domainName: `many-${i}.example.com`,
      memberNumber: '1',
      product: '1',
    }));
    for (const [rows, message] of [
      [many, ImportMessages.tooManyRowsSent],
      [[], ImportMessages.empty],
      [
        [row({ dba: '=HYPERLINK("http://x.example")' })],
        'Formulas are not accepted; please send their values.',
      ],
      [[row({ dba: 'x'.repeat(1001) })], 'A cell holds at most 1,000 characters.'],
    ] as const) {
      for (const url of [CHECK, IMPORT]) {
        const res = await t.call(t.tokens.demo, 'POST', url, { rows });
        expect(res.statusCode, `${url} ${message}`).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
  });
});

describe('import', () => {
  async function sitesNamed(domains: string[]) {
    return t.rows<{
      id: number;
      domain_name: string;
      vendor_id: number;
      status: string;
      dba: string;
      start_date: string;
      products: number[];
    }>(
      sql`SELECT id, domain_name, vendor_id, status, dba, start_date::text AS start_date, products FROM websites
        WHERE domain_name = ANY(${textArray(domains)}) ORDER BY id`,
    );
  }

  it('creates the valid rows with their History, the team of a team site, and one notification', async () => {
    const good = [
      row({ startDate: '2027-03-01' }),
      row({ product: 'IDX Team Website', memberNumber: t.agents.local[4]! }),
      row({ product: 'VOW Website; 1', dba: '' }),
    ];
    const bad = row({ memberNumber: 'NOBODY-2' });
    const notesBefore = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications`);
    const res = await t.call(t.tokens.demo, 'POST', IMPORT, { rows: [good[0], bad, good[1], good[2]] });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json() as ImportResult;
    expect(result).toMatchObject({ valid: 3, invalid: 1, created: 3 });
    expect(result.rows.map((r) => [r.row, r.ok, r.message])).toEqual([
      [good[0]!.row, true, ''],
      [bad.row, false, WebsiteMessages.agentNotFound],
      [good[1]!.row, true, ''],
      [good[2]!.row, true, ''],
    ]);
    const sites = await sitesNamed(good.map((g) => g.domainName!));
    expect(sites).toHaveLength(3);
    expect(sites.every((s) => s.vendor_id === t.vendors.summit && s.status === 'Pending Activation')).toBe(
      true,
    );
    const byDomain = new Map(sites.map((s) => [s.domain_name, s]));
    expect(byDomain.get(good[0]!.domainName!)?.start_date).toBe('2027-03-01');
    expect(byDomain.get(good[2]!.domainName!)?.products).toEqual([3, 1]);
    expect(result.rows.filter((r) => r.ok).map((r) => r.siteId)).toEqual(
      good.map((g) => byDomain.get(g.domainName!)!.id),
    );

    const history = await t.rows<{ website_id: number; kind: string; description: string }>(
      sql`SELECT website_id, kind, description FROM website_changes
        WHERE website_id = ANY(${intArray(sites.map((s) => s.id))}) ORDER BY website_id, kind`,
    );
    const teamSite = byDomain.get(good[1]!.domainName!)!.id;
    expect(history.filter((h) => h.kind === 'website.created')).toHaveLength(3);
    expect(history.filter((h) => h.kind === 'team.created').map((h) => h.website_id)).toEqual([teamSite]);
    expect(history.find((h) => h.kind === 'website.created')?.description).toBe('Website created by import');
    const team = await t.call(t.tokens.demo, 'GET', `/api/websites/${teamSite}/team`);
    expect(team.statusCode, team.body).toBe(200);
    const log = await t.call(t.tokens.demo, 'GET', `/api/website/${sites[0]!.id}/changelog`);
    expect(log.statusCode).toBe(200);
    expect(JSON.stringify(log.json())).toContain('Imported Homes');

    // One notification per recipient for the whole import, not one per site.
    const notes = await t.rows<{ content: string; website_id: number | null; link: string }>(
      sql`SELECT content, website_id, link FROM notifications ORDER BY id OFFSET ${notesBefore[0]!.n}`,
    );
    expect(notes.length).toBeGreaterThan(0);
    expect(new Set(notes.map((n) => n.content)).size).toBe(1);
    expect(notes[0]!.content).toContain('imported 3 websites');
    expect(notes.every((n) => n.website_id === null)).toBe(true);
    // It opens the list of the sites it is about.
    const created = result.rows.filter((r) => r.ok).map((r) => r.siteId);
    expect(new Set(notes.map((n) => n.link))).toEqual(new Set([`/notifications?sites=${created.join(',')}`]));

    // The rows are now taken: a second import of them finds them in the database.
    expect(messages(await check(good))).toEqual(good.map(() => WebsiteMessages.duplicateDomain));
  });

  it('with onlyIfAllValid creates nothing when a row is bad, and answers 400 with the table', async () => {
    const good = row();
    const bad = row({ domainName: 'bad domain' });
    const before = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM website_changes`);
    const res = await t.call(t.tokens.demo, 'POST', IMPORT, { rows: [good, bad], onlyIfAllValid: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: ImportMessages.notAllValid(1),
      rows: [
        { row: good.row, ok: true, message: '', siteId: null },
        { row: bad.row, ok: false, message: WebsiteMessages.domainInvalid, siteId: null },
      ],
    });
    expect(await sitesNamed([good.domainName!])).toEqual([]);
    const after = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM website_changes`);
    expect(after[0]!.n).toBe(before[0]!.n);

    const all = await t.call(t.tokens.demo, 'POST', IMPORT, { rows: [good], onlyIfAllValid: true });
    expect(all.statusCode, all.body).toBe(201);
    expect(await sitesNamed([good.domainName!])).toHaveLength(1);
  });

  it('answers 400 when no row is valid', async () => {
    const res = await t.call(t.tokens.demo, 'POST', IMPORT, { rows: [row({ product: 'none' })] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ImportMessages.nothingValid);
  });

  it('acts for the vendor of the session: the Vendor header picks a linked account', async () => {
    const r = row();
    const res = await t.call(t.tokens.demo, 'POST', IMPORT, { rows: [r] }, t.vendors.west);
    expect(res.statusCode, res.body).toBe(201);
    const [site] = await sitesNamed([r.domainName!]);
    expect(site!.vendor_id).toBe(t.vendors.west);
    // Another vendor's account is not the user's to act for.
    const other = await t.call(t.tokens.other, 'POST', IMPORT, { rows: [row()] }, t.vendors.summit);
    expect(other.statusCode).toBe(403);
  });
});

describe('access', () => {
  it('401 anonymously, 403 for the read-only role, nothing created', async () => {
    const r = row();
    for (const url of [CHECK, IMPORT]) {
      const anon = await t.inject({ method: 'POST', url, payload: { rows: [r] } });
      expect(anon.statusCode).toBe(401);
      const viewer = await t.call(t.tokens.viewer, 'POST', url, { rows: [r] });
      expect(viewer.statusCode).toBe(403);
    }
    expect(await t.rows(sql`SELECT id FROM websites WHERE domain_name = ${r.domainName}`)).toEqual([]);
  });

  it('404 for an unknown path under import', async () => {
    const res = await t.call(t.tokens.demo, 'GET', '/api/portal/websites/import/nothing');
    expect(res.statusCode).toBe(404);
  });
});
