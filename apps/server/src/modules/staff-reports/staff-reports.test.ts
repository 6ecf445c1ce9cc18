import {
  ReportMessages,
  StaffReportPaths,
  addMonths,
  monthOf,
  type ApprovalTimesReport,
  type BillableSitesReport,
  type SitesByProductReport,
  type SiteStatus,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPaperSaf } from '../documents/test-fixture.ts';
import { freshDomain, setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { forceStatus } from '../../../test/licence.ts';

/**
 * The console's reports, through the API. Sites are made and decided as vendors and staff do; their
 * History and decisions are then moved into the past, to months of last year.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => {
  await t.close();
});

const YEAR = new Date().getUTCFullYear() - 1;
const month = (m: number) => `${YEAR}-${String(m).padStart(2, '0')}`;
/** A moment of last year (month 0 is December of the year before). */
const at = (m: number, day: number, hour = 12) => new Date(Date.UTC(YEAR, m - 1, day, hour)).toISOString();
const RANGE = `from=${month(1)}&to=${month(12)}`;

const admin = (url: string) => t.call(t.tokens.admin, 'GET', url);
const api = (path: string) => `/api${path}`;

async function billable(query = RANGE): Promise<BillableSitesReport> {
  const res = await admin(`${api(StaffReportPaths.billableSites)}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A vendor's billable sites per month of the report, zeros when it has no row. */
const sitesOf = (report: BillableSitesReport, vendorId: number) =>
  report.vendors.find((v) => v.id === vendorId)?.sites ?? report.months.map(() => 0);

const minus = (a: number[], b: number[]) => a.map((n, i) => n - b[i]!);

/** A new site of a vendor, made by one of its users; its id. */
async function newSite(token: string, products = [1]): Promise<number> {
  const res = await t.call(token, 'POST', '/api/portal/websites', {
    domainName: freshDomain('report'),
    memberNumber: t.agents.local[5]!,
    products,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const versionOf = async (id: number) =>
  Number((await t.rows<{ version: number }>(sql`SELECT version FROM websites WHERE id = ${id}`))[0]!.version);

/** A new site activated by staff, as the queue does it: a paper form, then Activate. */
async function activatedSite(token: string, vendorId: number): Promise<number> {
  const id = await newSite(token);
  expect((await uploadPaperSaf(t, t.tokens.admin, vendorId, id)).statusCode).toBe(200);
  const res = await t.call(t.tokens.admin, 'POST', `/api/admin/websites/${id}/activate`, {
    version: await versionOf(id),
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

/** The vendor asks to end the licence, and staff terminate it on its term date. */
async function terminate(id: number): Promise<void> {
  const termDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const asked = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/termination`, {
    termDate,
    reason: 'The agent retires.',
  });
  expect(asked.statusCode, asked.body).toBe(200);
  await t.db.execute(sql`UPDATE websites SET term_date = current_date WHERE id = ${id}`);
  const res = await t.call(t.tokens.admin, 'POST', `/api/admin/websites/${id}/terminate`, {
    version: await versionOf(id),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Moves a site's History into the past: its creation, and each status it was given. */
async function redate(
  id: number,
  dates: { created: string; to?: Partial<Record<'Active' | 'Pending Termination' | 'Inactive', string>> },
): Promise<void> {
  await t.db.execute(sql`UPDATE website_changes SET created_at = ${dates.created} WHERE website_id = ${id}`);
  await t.db.execute(
    sql`UPDATE websites SET created_at = ${dates.created}, pending_since = ${dates.created} WHERE id = ${id}`,
  );
  for (const [status, when] of Object.entries(dates.to ?? {})) {
    const changed = JSON.stringify([{ path: ['status'], to: status }]);
    await t.db.execute(
      sql`UPDATE website_changes SET created_at = ${when}
        WHERE website_id = ${id} AND changes @> ${changed}::jsonb`,
    );
    if (status === 'Active')
      await t.db.execute(sql`UPDATE websites SET activated_at = ${when} WHERE id = ${id}`);
  }
}

/** Moves the decisions of a site into the past: when it started waiting, and when it was decided. */
async function redateDecision(id: number, kind: string, waitedSince: string, decidedAt: string) {
  const rows = await t.rows<{ id: number }>(
    sql`UPDATE staff_decisions SET waited_since = ${waitedSince}, decided_at = ${decidedAt}
      WHERE website_id = ${id} AND kind = ${kind} RETURNING id`,
  );
  expect(rows).toHaveLength(1);
}

let terminated = 0;
let allYear = 0;
let harbor = 0;

describe('billable sites per vendor per month', () => {
  it('counts a site in each month it was licensed, as its History tells, not by its status today', async () => {
    const before = await billable();
    expect(before.months).toHaveLength(12);
    expect(before.months[0]).toBe(month(1));
    expect(before.months[11]).toBe(month(12));

    // Activated in March, asked to end in April, terminated in May.
    terminated = await activatedSite(t.tokens.demo, t.vendors.summit);
    await terminate(terminated);
    await redate(terminated, {
      created: at(2, 20),
      to: { Active: at(3, 15), 'Pending Termination': at(4, 20), Inactive: at(5, 10) },
    });
    // Active since December of the year before, and still.
    allYear = await activatedSite(t.tokens.demo, t.vendors.summit);
    await redate(allYear, { created: at(0, 20), to: { Active: at(0, 28) } });
    // Another vendor's site, Active since June.
    harbor = await activatedSite(t.tokens.other, t.vendors.harbor);
    await redate(harbor, { created: at(6, 1), to: { Active: at(6, 3) } });

    const after = await billable();
    expect(minus(sitesOf(after, t.vendors.summit), sitesOf(before, t.vendors.summit))).toEqual([
      1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
    ]);
    expect(minus(sitesOf(after, t.vendors.harbor), sitesOf(before, t.vendors.harbor))).toEqual([
      0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1,
    ]);
    const harborRow = after.vendors.find((v) => v.id === t.vendors.harbor)!;
    expect(harborRow).toMatchObject({ code: 'HIC', name: expect.any(String) });
    expect(harborRow.siteMonths).toBe(harborRow.sites.reduce((a, b) => a + b, 0));

    // Totals are the vendors' sums, month by month and over the range.
    expect(after.totals.sites).toEqual(
      after.months.map((_m, i) => after.vendors.reduce((sum, v) => sum + v.sites[i]!, 0)),
    );
    expect(after.totals.siteMonths).toBe(after.totals.sites.reduce((a, b) => a + b, 0));
    expect(minus(after.totals.sites, before.totals.sites)).toEqual([1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('the months of a narrower range hold the same counts', async () => {
    const year = await billable();
    const spring = await billable(`from=${month(3)}&to=${month(5)}`);
    expect(spring.months).toEqual([month(3), month(4), month(5)]);
    for (const vendor of spring.vendors) expect(vendor.sites).toEqual(sitesOf(year, vendor.id).slice(2, 5));
    const february = await billable(`from=${month(2)}&to=${month(2)}`);
    const march = await billable(`from=${month(3)}&to=${month(3)}`);
    // The terminated site counts from March: one more than February's, everything else alike.
    expect(sitesOf(march, t.vendors.summit)[0]! - sitesOf(february, t.vendors.summit)[0]!).toBe(
      sitesOf(year, t.vendors.summit)[2]! - sitesOf(year, t.vendors.summit)[1]!,
    );
  });

  it('a site older than History counts from its activation, and until its term date once Inactive', async () => {
    const before = await billable();
    const insert = async (
      status: SiteStatus,
      startDate: string,
      termDate: string | null,
      activatedAt: string,
    ) => {
      const [row] = await t.rows<{ id: number }>(
        sql`INSERT INTO websites (vendor_id, domain_name, status, member_number, start_date, term_date,
            products, activated_at, created_at, updated_at)
          VALUES (${t.vendors.harbor}, ${freshDomain('imported')}, 'Pending Activation', ${t.agents.local[6]!},
            ${startDate}, ${termDate}, '{1}', ${activatedAt}, ${activatedAt}, now())
          RETURNING id`,
      );
      // Put in its status as licensed data of its own: an Active site holds a licence.
      await forceStatus(t.db, row!.id, status);
      return row!.id;
    };
    await insert('Active', `${month(7)}-10`, null, at(7, 10));
    await insert('Inactive', `${month(2)}-01`, `${month(4)}-30`, at(2, 1));
    const after = await billable();
    expect(minus(sitesOf(after, t.vendors.harbor), sitesOf(before, t.vendors.harbor))).toEqual([
      0, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it('covers the last 12 months by default, this one included', async () => {
    const report = await billable('');
    const current = monthOf();
    expect(report).toMatchObject({ from: addMonths(current, -11), to: current });
    expect(report.months).toHaveLength(12);
    // The site Active since December of last year is billable this month.
    expect(report.totals.sites[11]).toBeGreaterThan(0);
  });

  it('refuses a range it cannot report, saying why', async () => {
    const next = addMonths(monthOf(), 1);
    for (const [query, message] of [
      [`from=${month(5)}&to=${month(4)}`, ReportMessages.rangeReversed],
      [`from=${month(1)}&to=${next}`, ReportMessages.rangeInFuture],
      [`from=${YEAR - 5}-01&to=${month(12)}`, ReportMessages.rangeTooLong],
      ['from=1999-01&to=1999-06', ReportMessages.rangeTooEarly],
      [`from=${YEAR}-13`, ReportMessages.monthFormat],
      ['to=March', ReportMessages.monthFormat],
    ] as const) {
      for (const path of [StaffReportPaths.billableSites, StaffReportPaths.approvalTimes]) {
        const res = await admin(`${api(path)}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
  });
});

describe('approval times per month', () => {
  it('counts decisions per month and kind with the median and 90th percentile hours', async () => {
    // Decisions taken above, moved into last year: the activation in March after 2 hours, the
    // termination in May after a day, the other vendor's activation in June after two days.
    await redateDecision(terminated, 'activation', at(3, 15, 10), at(3, 15, 12));
    await redateDecision(terminated, 'termination', at(5, 9, 12), at(5, 10, 12));
    await redateDecision(harbor, 'activation', at(6, 1, 12), at(6, 3, 12));
    await redateDecision(allYear, 'activation', at(0, 27, 12), at(0, 28, 12));
    // Three activations in August, after 2, 10 and 30 hours.
    for (const waited of [2, 10, 30]) {
      const id = await activatedSite(t.tokens.demo, t.vendors.summit);
      await redateDecision(id, 'activation', at(8, 10, 0), at(8, 10, waited));
    }

    const res = await admin(`${api(StaffReportPaths.approvalTimes)}?${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    const report: ApprovalTimesReport = res.json();
    expect(report.goalHours).toBe(24);
    expect(report.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_v, i) => month(i + 1)));
    const of = (m: number) => report.months[m - 1]!;

    expect(of(3).all).toEqual({ decisions: 1, medianHours: 2, p90Hours: 2 });
    expect(of(5).byKind.termination).toEqual({ decisions: 1, medianHours: 24, p90Hours: 24 });
    expect(of(5).byKind.activation).toEqual({ decisions: 0, medianHours: null, p90Hours: null });
    expect(of(6).all).toEqual({ decisions: 1, medianHours: 48, p90Hours: 48 });
    // 2, 10 and 30 hours: the median is 10; the 90th percentile lies 80 % of the way from 10 to 30.
    expect(of(8).all).toEqual({ decisions: 3, medianHours: 10, p90Hours: 26 });
    expect(of(8).byKind.activation).toEqual(of(8).all);
    expect(of(1).all).toEqual({ decisions: 0, medianHours: null, p90Hours: null });

    // December of the year before is outside the range.
    expect(report.overall.all.decisions).toBe(6);
    expect(report.overall.byKind.activation.decisions).toBe(5);
    expect(report.overall.byKind.termination).toEqual({ decisions: 1, medianHours: 24, p90Hours: 24 });
    expect(report.overall.byKind.domain.decisions).toBe(0);
  });
});

describe('sites by product and status', () => {
  it('counts every site today under its product and status, and each site once in the totals', async () => {
    const read = async (): Promise<SitesByProductReport> => {
      const res = await admin(api(StaffReportPaths.sitesByProduct));
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const before = await read();
    expect(before.rows.map((r) => r.product)).toEqual(['IDX Website', 'IDX Team Website', 'VOW Website']);
    const [byStatus] = await t.rows<{ active: number; total: number }>(
      sql`SELECT count(*) FILTER (WHERE status = 'Active')::int AS active, count(*)::int AS total FROM websites`,
    );
    expect(before.totals.total).toBe(byStatus!.total);
    expect(before.totals.counts.Active).toBe(byStatus!.active);
    for (const row of before.rows)
      expect(row.total).toBe(Object.values(row.counts).reduce((a, b) => a + b, 0));

    await newSite(t.tokens.demo, [3]);
    const after = await read();
    const vow = (r: SitesByProductReport) => r.rows.find((row) => row.productId === 3)!;
    expect(vow(after).counts['Pending Activation']).toBe(vow(before).counts['Pending Activation'] + 1);
    expect(vow(after).total).toBe(vow(before).total + 1);
    expect(after.totals.counts['Pending Activation']).toBe(before.totals.counts['Pending Activation'] + 1);
    expect(after.rows.find((r) => r.productId === 1)).toEqual(before.rows.find((r) => r.productId === 1));
  });
});

describe('who reaches the reports', () => {
  it('is MLS staff alone: 404 to vendors and viewers, 401 without a session', async () => {
    for (const path of Object.values(StaffReportPaths)) {
      for (const token of [t.tokens.demo, t.tokens.viewer, t.tokens.other]) {
        const res = await t.call(token, 'GET', api(path));
        expect(res.statusCode, path).toBe(404);
      }
      expect((await t.inject({ method: 'GET', url: api(path) })).statusCode).toBe(401);
      expect((await admin(api(path))).statusCode).toBe(200);
    }
  });

  it('is in the published API under its own tag', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of Object.values(StaffReportPaths))
      expect(doc.paths[`/api${path}`]?.get?.tags).toEqual(['reports']);
  });
});
