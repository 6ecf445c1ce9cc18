import type { ComplianceRuleKind, SiteStatus } from '@vp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { CHECKED_STATUSES } from './check-site.ts';

/**
 * The compliance report's SQL. The present is read from each licensed site's latest check, found
 * through compliance_checks_website_idx one site at a time (a few thousand index probes, never a
 * scan of the checks); the trend reads each day's range of compliance_checks_day_idx. Days are UTC
 * calendar days. A site's decision is its check's, over every rule of its products; narrowed to a
 * product, the report covers the sites that carry it, and that product's rules and findings.
 */

export interface ReportFilter {
  vendorId: number | null;
  productId: number | null;
}

const licensed = sql.join(
  CHECKED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The licensed sites the report covers: a vendor's, and those carrying a product, when asked. */
function siteFilter(f: ReportFilter): SQL {
  return sql`w.status IN (${licensed})
    ${f.vendorId === null ? sql`` : sql`AND w.vendor_id = ${f.vendorId}`}
    ${f.productId === null ? sql`` : sql`AND ${f.productId}::int = ANY(w.products)`}`;
}

/** Each covered site's latest check: its vendor, when it started, its decision and its results. */
function latestChecks(f: ReportFilter): SQL {
  return sql`latest AS MATERIALIZED (
    SELECT w.id AS website_id, w.vendor_id, c.started_at, c.decision, c.results
    FROM websites w
    CROSS JOIN LATERAL (
      SELECT c.started_at, c.decision, c.results FROM compliance_checks c
      WHERE c.website_id = w.id ORDER BY c.started_at DESC, c.id DESC LIMIT 1
    ) c
    WHERE ${siteFilter(f)}
  )`;
}

export interface TallyRow {
  /** 'vendor' rows are keyed by the vendor's id, 'rule' rows by the kind of rule. */
  grain: 'vendor' | 'rule';
  key: string;
  total: number;
  pass: number;
  fail: number;
  unknown: number;
  last_day: number;
  last_week: number;
}

/**
 * The latest checks counted per vendor (sites by their decision, and how many were checked in the
 * last day and week) and per kind of rule (results by their decision).
 */
export async function latestTallies(db: Db, f: ReportFilter): Promise<TallyRow[]> {
  const ruleProduct = f.productId === null ? sql`` : sql`WHERE (e ->> 'productId')::int = ${f.productId}`;
  return rowsOf<TallyRow>(
    db,
    sql`WITH ${latestChecks(f)}
      SELECT 'vendor' AS grain, l.vendor_id::text AS key, count(*)::int AS total,
          count(*) FILTER (WHERE l.decision = 'pass')::int AS pass,
          count(*) FILTER (WHERE l.decision = 'fail')::int AS fail,
          count(*) FILTER (WHERE l.decision = 'unknown')::int AS unknown,
          count(*) FILTER (WHERE l.started_at >= now() - interval '1 day')::int AS last_day,
          count(*) FILTER (WHERE l.started_at >= now() - interval '7 days')::int AS last_week
        FROM latest l
        GROUP BY l.vendor_id
      UNION ALL
      SELECT 'rule', e ->> 'kind', count(*)::int,
          count(*) FILTER (WHERE e ->> 'decision' = 'pass')::int,
          count(*) FILTER (WHERE e ->> 'decision' = 'fail')::int,
          count(*) FILTER (WHERE e ->> 'decision' = 'unknown')::int,
          0, 0
        FROM latest l CROSS JOIN LATERAL jsonb_array_elements(l.results) e
        ${ruleProduct}
        GROUP BY e ->> 'kind'`,
  );
}

/** Licensed sites whose products have rules: those the daily checks read. */
export async function sitesToCheck(db: Db, f: ReportFilter): Promise<number> {
  const products =
    f.productId === null
      ? sql`EXISTS (SELECT 1 FROM compliance_rule_sets s WHERE s.product_id = ANY(w.products))`
      : sql`EXISTS (SELECT 1 FROM compliance_rule_sets s WHERE s.product_id = ${f.productId})`;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM websites w WHERE ${siteFilter(f)} AND ${products}`,
  );
  return Number(row?.n ?? 0);
}

/** The open findings of the covered sites. */
function openFindings(f: ReportFilter): SQL {
  return sql`compliance_findings f JOIN websites w ON w.id = f.website_id
    WHERE f.state = 'open' AND ${siteFilter(f)}
      ${f.productId === null ? sql`` : sql`AND f.product_id = ${f.productId}`}`;
}

export interface FindingCountRow {
  vendor_id: number;
  rule_kind: ComplianceRuleKind;
  open: number;
  overdue: number;
}

/** Open findings per vendor and kind of rule, and of them those due before `today`. */
export async function findingCounts(db: Db, f: ReportFilter, today: string): Promise<FindingCountRow[]> {
  return rowsOf<FindingCountRow>(
    db,
    sql`SELECT w.vendor_id, f.rule_kind, count(*)::int AS open,
        count(*) FILTER (WHERE f.due_on < ${today}::date)::int AS overdue
      FROM ${openFindings(f)}
      GROUP BY w.vendor_id, f.rule_kind`,
  );
}

export interface OverdueRow {
  id: number;
  website_id: number;
  domain_name: string;
  status: SiteStatus;
  vendor_id: number;
  product_id: number;
  rule_id: string;
  rule_kind: ComplianceRuleKind;
  reason: string;
  due_on: string;
  days: number;
}

/** The findings most overdue, up to `limit`: the longest past their due date first. */
export async function overdueFindings(
  db: Db,
  f: ReportFilter,
  today: string,
  limit: number,
): Promise<OverdueRow[]> {
  return rowsOf<OverdueRow>(
    db,
    sql`SELECT f.id, f.website_id, w.domain_name, w.status, w.vendor_id, f.product_id, f.rule_id, f.rule_kind, f.reason,
        f.due_on::text AS due_on, (${today}::date - f.due_on)::int AS days
      FROM ${openFindings(f)} AND f.due_on < ${today}::date
      ORDER BY f.due_on, f.id
      LIMIT ${limit}`,
  );
}

export interface TrendRow {
  day: string;
  sites: number;
  pass: number;
  fail: number;
  unknown: number;
  opened: number;
  resolved: number;
}

/**
 * The `days` days up to today: the sites checked each day by their last check of that day, and the
 * findings opened and resolved. Each day reads its own range of compliance_checks_day_idx (0036),
 * which holds what is counted, so the checks themselves are not read. A vendor's checks are those
 * made while the site was its own; a product's, those of the sites that carry it now.
 */
export async function trend(db: Db, f: ReportFilter, today: string, days: number): Promise<TrendRow[]> {
  const since = sql`((${today}::date - ${days - 1}::int)::timestamp AT TIME ZONE 'UTC')`;
  const checkFilter = sql`${f.vendorId === null ? sql`` : sql`AND c.vendor_id = ${f.vendorId}`}
    ${f.productId === null ? sql`` : sql`AND c.website_id IN (SELECT id FROM websites WHERE ${f.productId}::int = ANY(products))`}`;
  const findingFilter = sql`${f.vendorId === null ? sql`` : sql`AND vendor_id = ${f.vendorId}`}
    ${f.productId === null ? sql`` : sql`AND product_id = ${f.productId}`}`;
  return rowsOf<TrendRow>(
    db,
    // An integer series, whose length the planner knows, keeps the plan's estimate small.
    sql`WITH days AS (
        SELECT ${today}::date - ${days - 1}::int + i AS day FROM generate_series(0, ${days - 1}::int) i
      ),
      checked AS (
        SELECT days.day, x.* FROM days CROSS JOIN LATERAL (
          SELECT count(*)::int AS sites,
              count(*) FILTER (WHERE s.decision = 'pass')::int AS pass,
              count(*) FILTER (WHERE s.decision = 'fail')::int AS fail,
              count(*) FILTER (WHERE s.decision = 'unknown')::int AS unknown
          FROM (
            SELECT DISTINCT ON (c.website_id) c.decision FROM compliance_checks c
            WHERE c.started_at >= (days.day::timestamp AT TIME ZONE 'UTC')
              AND c.started_at < ((days.day + 1)::timestamp AT TIME ZONE 'UTC') ${checkFilter}
            ORDER BY c.website_id, c.started_at DESC, c.id DESC
          ) s
        ) x
      ),
      opened AS (
        SELECT (opened_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
        FROM compliance_findings WHERE opened_at >= ${since} ${findingFilter} GROUP BY 1
      ),
      resolved AS (
        SELECT (closed_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
        FROM compliance_findings WHERE state = 'resolved' AND closed_at >= ${since} ${findingFilter} GROUP BY 1
      )
      SELECT to_char(c.day, 'YYYY-MM-DD') AS day, c.sites, c.pass, c.fail, c.unknown,
          coalesce(o.n, 0) AS opened, coalesce(r.n, 0) AS resolved
      FROM checked c
      LEFT JOIN opened o ON o.day = c.day
      LEFT JOIN resolved r ON r.day = c.day
      ORDER BY c.day`,
  );
}

export interface VendorRow {
  id: number;
  name: string;
  code: string;
}

/** Vendors with a licensed site, and the one asked for whatever its sites, by name. */
export async function vendorChoices(db: Db, vendorId: number | null): Promise<VendorRow[]> {
  return rowsOf<VendorRow>(
    db,
    sql`SELECT v.id, v.name, v.code FROM vendors v
      WHERE EXISTS (SELECT 1 FROM websites w WHERE w.vendor_id = v.id AND w.status IN (${licensed}))
        ${vendorId === null ? sql`` : sql`OR v.id = ${vendorId}`}
      ORDER BY lower(v.name), v.id`,
  );
}

export async function productChoices(db: Db): Promise<{ id: number; name: string }[]> {
  return rowsOf(db, sql`SELECT id, name FROM products ORDER BY id`);
}
