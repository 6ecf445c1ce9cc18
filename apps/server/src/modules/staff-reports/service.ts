import {
  DECISION_GOAL_HOURS,
  DECISION_KINDS,
  ReportMessages,
  SITE_STATUSES,
  monthsBetween,
  resolveReportRange,
  type ApprovalStats,
  type ApprovalTimesReport,
  type BillableSitesReport,
  type DecisionKind,
  type ReportRange,
  type SitesByProductReport,
  type StatusCounts,
} from '@vp/contract';
import type { Db } from '../../db/client.ts';
import { approvalTimes, billableSites, sitesByProduct, sitesByStatus, type ApprovalRow } from './queries.ts';

/** The reports of the MLS staff console, assembled from their SQL into the contract's shapes. */

export type RangeQuery = { from?: string | undefined; to?: string | undefined };

const hours = (value: number | string | null): number | null =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

const noStats = (): ApprovalStats => ({ decisions: 0, medianHours: null, p90Hours: null });

function statsOf(row: ApprovalRow | undefined): ApprovalStats {
  if (!row) return noStats();
  return { decisions: row.decisions, medianHours: hours(row.median_hours), p90Hours: hours(row.p90_hours) };
}

const zeroCounts = (): StatusCounts => Object.fromEntries(SITE_STATUSES.map((s) => [s, 0])) as StatusCounts;

export async function billableSitesReport(db: Db, query: RangeQuery): Promise<BillableSitesReport> {
  const range: ReportRange = resolveReportRange(query);
  const months = monthsBetween(range.from, range.to);
  const column = new Map(months.map((m, i) => [m, i]));
  const rows = await billableSites(db, range.from, range.to);
  const vendors = new Map<number, BillableSitesReport['vendors'][number]>();
  const totals = months.map(() => 0);
  for (const row of rows) {
    const i = column.get(row.month);
    if (i === undefined) continue;
    let vendor = vendors.get(row.vendor_id);
    if (!vendor) {
      vendor = {
        id: row.vendor_id,
        name: row.vendor_name,
        code: row.vendor_code,
        sites: months.map(() => 0),
        siteMonths: 0,
      };
      vendors.set(row.vendor_id, vendor);
    }
    vendor.sites[i] = row.sites;
    vendor.siteMonths += row.sites;
    totals[i]! += row.sites;
  }
  return {
    ...range,
    months,
    vendors: [...vendors.values()],
    totals: { sites: totals, siteMonths: totals.reduce((a, b) => a + b, 0) },
  };
}

export async function approvalTimesReport(db: Db, query: RangeQuery): Promise<ApprovalTimesReport> {
  const range = resolveReportRange(query);
  const rows = await approvalTimes(db, range.from, range.to);
  const find = (month: string | null, kind: DecisionKind | null) =>
    rows.find((r) => r.month === month && r.kind === kind);
  const byKind = (month: string | null) =>
    Object.fromEntries(DECISION_KINDS.map((k) => [k, statsOf(find(month, k))])) as Record<
      DecisionKind,
      ApprovalStats
    >;
  return {
    ...range,
    goalHours: DECISION_GOAL_HOURS,
    months: monthsBetween(range.from, range.to).map((month) => ({
      month,
      all: statsOf(find(month, null)),
      byKind: byKind(month),
    })),
    overall: { all: statsOf(find(null, null)), byKind: byKind(null) },
  };
}

export async function sitesByProductReport(db: Db): Promise<SitesByProductReport> {
  const [rows, statuses] = await Promise.all([sitesByProduct(db), sitesByStatus(db)]);
  const byProduct = new Map<number | null, SitesByProductReport['rows'][number]>();
  for (const row of rows) {
    let entry = byProduct.get(row.product_id);
    if (!entry) {
      entry = {
        productId: row.product_id,
        product: row.product ?? ReportMessages.noProduct,
        counts: zeroCounts(),
        total: 0,
      };
      byProduct.set(row.product_id, entry);
    }
    if (row.status !== null) {
      entry.counts[row.status] += row.sites;
      entry.total += row.sites;
    }
  }
  const counts = zeroCounts();
  for (const s of statuses) counts[s.status] += s.sites;
  return {
    asOf: new Date().toISOString(),
    rows: [...byProduct.values()],
    totals: { counts, total: statuses.reduce((a, s) => a + s.sites, 0) },
  };
}
