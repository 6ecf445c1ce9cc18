import { BILLABLE_STATUSES, type DecisionKind, type SiteStatus } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, textArray } from '../../db/sql.ts';

/**
 * The reports' SQL. Months are UTC calendar months; a range is given by its first and last month
 * (YYYY-MM) and read as [first day of `from`, first day after `to`).
 */

const monthStart = (month: string) => `${month}-01`;

/**
 * Each site's spans in one status, from its History: a status holds from the entry that set it to
 * the next entry that changed it, and the last one holds until now, as the site's current status.
 * Every entry that changes the status says so in its `changes` (a `status` path with from and
 * to), whatever its kind: created, status changed, termination requested or withdrawn, updated.
 *
 * A site older than its History (its first entry moves it from a status it already had) held that
 * status since its licence began: its start date or activation, whichever is earlier. A site with
 * no status in its History at all was licensed from then on: until now, or when Inactive until its
 * term date (or its last update). Sites never activated and never given a status entry are not
 * licensed at all.
 */
const STATUS_SPANS = sql`
  status_changes AS (
    SELECT c.website_id, c.id, c.created_at AS at, e ->> 'from' AS from_status, e ->> 'to' AS to_status
    FROM website_changes c, jsonb_array_elements(c.changes) e
    WHERE c.changes @> '[{"path": ["status"]}]'::jsonb AND e -> 'path' = '["status"]'::jsonb
  ),
  ordered AS (
    SELECT s.*, lead(s.at) OVER w AS next_at, row_number() OVER w AS n
    FROM status_changes s WINDOW w AS (PARTITION BY s.website_id ORDER BY s.at, s.id)
  ),
  spans AS (
    SELECT o.website_id, o.at AS since, o.next_at AS until,
        CASE WHEN o.next_at IS NULL THEN w.status ELSE o.to_status END AS status
      FROM ordered o JOIN websites w ON w.id = o.website_id
    UNION ALL
    SELECT o.website_id, LEAST(w.start_date::timestamptz, w.activated_at, o.at), o.at, o.from_status
      FROM ordered o JOIN websites w ON w.id = o.website_id
      WHERE o.n = 1 AND o.from_status IS NOT NULL
    UNION ALL
    SELECT w.id, LEAST(w.start_date::timestamptz, w.activated_at),
        CASE WHEN w.status = 'Inactive' THEN COALESCE(w.term_date::timestamptz, w.updated_at) END,
        CASE WHEN w.status = 'Inactive' THEN 'Active' ELSE w.status END
      FROM websites w
      WHERE w.activated_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM status_changes s WHERE s.website_id = w.id)
  )`;

export interface BillableRow {
  vendor_id: number;
  vendor_name: string;
  vendor_code: string;
  month: string;
  sites: number;
}

/**
 * Billable sites per vendor per month: a site counts for a month when one of its billable spans
 * overlaps it, however briefly. Only months with a billable site are answered.
 */
export async function billableSites(db: Db, from: string, to: string): Promise<BillableRow[]> {
  return rowsOf<BillableRow>(
    db,
    sql`WITH ${STATUS_SPANS},
      months AS (
        SELECT m::date AS first_day, (m AT TIME ZONE 'UTC') AS starts,
            ((m + interval '1 month') AT TIME ZONE 'UTC') AS ends
        FROM generate_series(${monthStart(from)}::timestamp, ${monthStart(to)}::timestamp, interval '1 month') m
      )
      SELECT v.id AS vendor_id, v.name AS vendor_name, v.code AS vendor_code,
          to_char(m.first_day, 'YYYY-MM') AS month, count(DISTINCT s.website_id)::int AS sites
      FROM spans s
      JOIN websites w ON w.id = s.website_id
      JOIN vendors v ON v.id = w.vendor_id
      JOIN months m ON s.since < m.ends AND (s.until IS NULL OR s.until > m.starts)
      WHERE s.status = ANY(${textArray(BILLABLE_STATUSES)})
      GROUP BY v.id, v.name, v.code, m.first_day
      ORDER BY v.name, v.id, m.first_day`,
  );
}

export interface ApprovalRow {
  /** Null on the rows over the whole range. */
  month: string | null;
  /** Null on the rows over every kind. */
  kind: DecisionKind | null;
  decisions: number;
  median_hours: number | string | null;
  p90_hours: number | string | null;
}

/**
 * Decisions taken in the range and their hours from waiting to decision: per month and kind, per
 * month, per kind over the range, and over the range (null month or kind marks the wider rows).
 */
export async function approvalTimes(db: Db, from: string, to: string): Promise<ApprovalRow[]> {
  return rowsOf<ApprovalRow>(
    db,
    sql`SELECT CASE WHEN grouping(d.month) = 0 THEN d.month END AS month,
        CASE WHEN grouping(d.kind) = 0 THEN d.kind END AS kind,
        count(*)::int AS decisions,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY d.hours) AS median_hours,
        percentile_cont(0.9) WITHIN GROUP (ORDER BY d.hours) AS p90_hours
      FROM (
        SELECT to_char(decided_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, kind,
            GREATEST(extract(epoch FROM decided_at - waited_since), 0) / 3600 AS hours
        FROM staff_decisions
        WHERE decided_at >= (${monthStart(from)}::timestamp AT TIME ZONE 'UTC')
          AND decided_at < ((${monthStart(to)}::timestamp + interval '1 month') AT TIME ZONE 'UTC')
      ) d
      GROUP BY GROUPING SETS ((d.month, d.kind), (d.month), (d.kind), ())`,
  );
}

export interface ProductStatusRow {
  product_id: number | null;
  product: string | null;
  status: SiteStatus | null;
  sites: number;
}

/** Sites today per product and status (a site under each of its products), and every product. */
export async function sitesByProduct(db: Db): Promise<ProductStatusRow[]> {
  return rowsOf<ProductStatusRow>(
    db,
    sql`SELECT p.id AS product_id, p.name AS product, s.status, count(s.id)::int AS sites
      FROM products p
      LEFT JOIN (SELECT w.id, w.status, pid FROM websites w, unnest(w.products) pid) s ON s.pid = p.id
      GROUP BY p.id, p.name, s.status
      UNION ALL
      SELECT NULL, NULL, w.status, count(*)::int
      FROM websites w WHERE cardinality(w.products) = 0
      GROUP BY w.status
      ORDER BY 1 NULLS LAST, 3`,
  );
}

/** Sites today per status, each site once. */
export async function sitesByStatus(db: Db): Promise<{ status: SiteStatus; sites: number }[]> {
  return rowsOf(db, sql`SELECT status, count(*)::int AS sites FROM websites GROUP BY status`);
}
