import {
  COMPLIANCE_OVERDUE_LIST_MAX,
  COMPLIANCE_RULE_KINDS,
  COMPLIANCE_TREND_DAYS,
  ComplianceReportMessages,
  passRate,
  type ComplianceReport,
  type ComplianceRuleKind,
  type ComplianceRuleRow,
  type ComplianceTrendDay,
  type ComplianceVendorRow,
} from '@vp/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../platform/errors.ts';
import {
  findingCounts,
  latestTallies,
  overdueFindings,
  productChoices,
  sitesToCheck,
  trend,
  vendorChoices,
  type ReportFilter,
} from './report-queries.ts';

/** The console's compliance report, assembled from its SQL into the contract's shape. */

const DAY_MS = 86_400_000;

/** The day (yyyy-mm-dd, UTC) `n` days before `day`. */
function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
}

const isRuleKind = (kind: string): kind is ComplianceRuleKind =>
  (COMPLIANCE_RULE_KINDS as readonly string[]).includes(kind);

export async function complianceReport(
  db: Db,
  query: { vendor?: number | undefined; product?: number | undefined },
  now: Date = new Date(),
): Promise<ComplianceReport> {
  const filter: ReportFilter = { vendorId: query.vendor ?? null, productId: query.product ?? null };
  const today = now.toISOString().slice(0, 10);

  // One statement after another: an expensive call's work has one connection to itself.
  const vendors = await vendorChoices(db, filter.vendorId);
  const products = await productChoices(db);
  const names = new Map(vendors.map((v) => [Number(v.id), v]));
  if (filter.vendorId !== null && !names.has(filter.vendorId))
    throw new NotFoundError(ComplianceReportMessages.vendorNotFound);
  if (filter.productId !== null && !products.some((p) => Number(p.id) === filter.productId))
    throw new NotFoundError(ComplianceReportMessages.productNotFound);

  const tallies = await latestTallies(db, filter);
  const toCheck = await sitesToCheck(db, filter);
  const findings = await findingCounts(db, filter, today);
  const overdue = await overdueFindings(db, filter, today, COMPLIANCE_OVERDUE_LIST_MAX);
  const days = await trend(db, filter, today, COMPLIANCE_TREND_DAYS);

  const vendorRows = new Map<number, ComplianceVendorRow>();
  const vendorRow = (id: number): ComplianceVendorRow | null => {
    let row = vendorRows.get(id);
    if (row) return row;
    const vendor = names.get(id);
    if (!vendor) return null;
    row = {
      id,
      name: vendor.name,
      code: vendor.code,
      sitesChecked: 0,
      passing: 0,
      failing: 0,
      unknown: 0,
      passRate: null,
      openFindings: 0,
      overdueFindings: 0,
    };
    vendorRows.set(id, row);
    return row;
  };
  const ruleRows = new Map<ComplianceRuleKind, ComplianceRuleRow>();
  const ruleRow = (kind: ComplianceRuleKind): ComplianceRuleRow => {
    let row = ruleRows.get(kind);
    if (!row) {
      row = {
        kind,
        checks: 0,
        pass: 0,
        fail: 0,
        unknown: 0,
        passRate: null,
        openFindings: 0,
        overdueFindings: 0,
      };
      ruleRows.set(kind, row);
    }
    return row;
  };

  let checkedLastDay = 0;
  let checkedLast7Days = 0;
  for (const t of tallies) {
    if (t.grain === 'vendor') {
      const row = vendorRow(Number(t.key));
      if (!row) continue;
      row.sitesChecked = t.total;
      row.passing = t.pass;
      row.failing = t.fail;
      row.unknown = t.unknown;
      checkedLastDay += t.last_day;
      checkedLast7Days += t.last_week;
    } else if (isRuleKind(t.key)) {
      const row = ruleRow(t.key);
      row.checks = t.total;
      row.pass = t.pass;
      row.fail = t.fail;
      row.unknown = t.unknown;
    }
  }
  let openTotal = 0;
  let overdueTotal = 0;
  for (const f of findings) {
    openTotal += f.open;
    overdueTotal += f.overdue;
    const row = vendorRow(Number(f.vendor_id));
    if (row) {
      row.openFindings += f.open;
      row.overdueFindings += f.overdue;
    }
    if (isRuleKind(f.rule_kind)) {
      const rule = ruleRow(f.rule_kind);
      rule.openFindings += f.open;
      rule.overdueFindings += f.overdue;
    }
  }
  for (const row of vendorRows.values()) row.passRate = passRate(row.passing, row.sitesChecked);
  for (const row of ruleRows.values()) row.passRate = passRate(row.pass, row.checks);

  const sum = (key: 'sitesChecked' | 'passing' | 'failing' | 'unknown') =>
    [...vendorRows.values()].reduce((n, row) => n + row[key], 0);
  const checked = sum('sitesChecked');
  const passing = sum('passing');

  const byDay = new Map(days.map((d) => [d.day, d]));
  const trendDays: ComplianceTrendDay[] = Array.from({ length: COMPLIANCE_TREND_DAYS }, (_v, i) => {
    const day = daysBefore(today, COMPLIANCE_TREND_DAYS - 1 - i);
    const d = byDay.get(day);
    return {
      day,
      sitesChecked: d?.sites ?? 0,
      passing: d?.pass ?? 0,
      failing: d?.fail ?? 0,
      unknown: d?.unknown ?? 0,
      passRate: passRate(d?.pass ?? 0, d?.sites ?? 0),
      findingsOpened: d?.opened ?? 0,
      findingsResolved: d?.resolved ?? 0,
    };
  });

  return {
    asOf: now.toISOString(),
    today,
    vendorId: filter.vendorId,
    productId: filter.productId,
    summary: {
      sitesToCheck: toCheck,
      sitesChecked: checked,
      checkedLastDay,
      checkedLast7Days,
      passing,
      failing: sum('failing'),
      unknown: sum('unknown'),
      passRate: passRate(passing, checked),
      openFindings: openTotal,
      overdueFindings: overdueTotal,
    },
    // In the order of the choices: by name.
    vendors: vendors.flatMap((v) => vendorRows.get(Number(v.id)) ?? []),
    rules: COMPLIANCE_RULE_KINDS.flatMap((kind) => {
      const row = ruleRows.get(kind);
      return row ? [row] : [];
    }),
    overdue: {
      total: overdueTotal,
      items: overdue.map((f) => {
        const vendor = names.get(Number(f.vendor_id));
        return {
          id: Number(f.id),
          websiteId: Number(f.website_id),
          domain: f.domain_name,
          siteStatus: f.status,
          vendor: vendor
            ? { id: Number(vendor.id), name: vendor.name, code: vendor.code }
            : { id: Number(f.vendor_id), name: '', code: '' },
          productId: Number(f.product_id),
          ruleId: f.rule_id,
          kind: f.rule_kind,
          reason: f.reason,
          dueOn: f.due_on,
          daysOverdue: Number(f.days),
        };
      }),
    },
    trend: trendDays,
    choices: {
      vendors: vendors.map((v) => ({ id: Number(v.id), name: v.name, code: v.code })),
      products: products.map((p) => ({ id: Number(p.id), name: p.name })),
    },
  };
}
