import { COMPLIANCE_RULE_KINDS } from './compliance-labels.ts';
import { SITE_STATUSES } from './status.ts';
import { z } from './zod.ts';

/**
 * The MLS staff console's compliance report: how the licensed websites (Active or Pending
 * Termination) fare against their products' display rules, by the latest check of each site; the
 * findings left open past their due date; and the last 90 days, day by day. Days are UTC calendar
 * days, written yyyy-mm-dd. Only the admin role reaches it.
 *
 * A pass rate is a share from 0 to 1 (null when nothing was checked): of the sites whose latest
 * check passed among the sites checked, per vendor; of the latest checks' results for a rule that
 * passed, per rule. A site or rule that could not be read counts as unknown, apart from pass and
 * fail, and keeps the rate down as a failure does.
 */

/** Days the trend covers, today included. */
export const COMPLIANCE_TREND_DAYS = 90;
/** Overdue findings the report lists, most overdue first; `overdue.total` says how many there are. */
export const COMPLIANCE_OVERDUE_LIST_MAX = 100;

export const ComplianceReportMessages = {
  title: 'Compliance',
  intro:
    'Licensed websites (Active or Pending Termination) against their products’ display rules, by the latest check of each site.',
  vendorInvalid: 'A vendor is given by its id, a whole number from 1.',
  productInvalid: 'A product is given by its id, a whole number from 1.',
  vendorNotFound: 'That vendor was not found.',
  productNotFound: 'That product was not found.',
  nothingChecked:
    'No licensed website has been checked yet. Websites are checked once a day when their products have compliance rules.',
  vendorsTitle: 'Pass rate per vendor',
  vendorsNote: 'The share of each vendor’s checked websites whose latest check passed every rule.',
  rulesTitle: 'Pass rate per rule',
  rulesNote: 'The share of the latest checks’ results for each kind of rule that passed.',
  overdueTitle: 'Overdue findings',
  overdueNote: 'Findings still open after the day they had to be fixed by, most overdue first.',
  overdueEmpty: 'No finding is overdue.',
  trendTitle: `The last ${COMPLIANCE_TREND_DAYS} days`,
  trendNote:
    'The share of the websites checked each day whose last check of the day passed (today’s so far), with the findings opened and resolved.',
  trendEmpty: `No website was checked in the last ${COMPLIANCE_TREND_DAYS} days.`,
} as const;

/** The share of `part` in `whole`, to four decimals; null when there is nothing to share. */
export function passRate(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 10_000) / 10_000;
}

/** A pass rate as a person reads it: '87.5%', or 'N/A' when nothing was checked. */
export function passRateText(rate: number | null): string {
  if (rate === null) return 'N/A';
  return `${(Math.round(rate * 1000) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** An id in the query string: digits only, within the range of a PostgreSQL integer. */
const queryId = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

export const complianceReportQuerySchema = z.object({
  vendor: queryId(ComplianceReportMessages.vendorInvalid)
    .optional()
    .meta({ description: 'Only the websites of this vendor (its id).', examples: [12] }),
  product: queryId(ComplianceReportMessages.productInvalid).optional().meta({
    description:
      'Only the websites that carry this product (its id), judged on their whole check, and this product’s rules and findings.',
  }),
});
export type ComplianceReportQuery = z.input<typeof complianceReportQuerySchema>;

const count = z.number().int().min(0);
const rate = z.number().min(0).max(1).nullable();
const ruleKind = z.enum(COMPLIANCE_RULE_KINDS);

const vendorRefSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

export const complianceVendorRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** Licensed websites with a check. */
  sitesChecked: count,
  /** Of them, by their latest check. */
  passing: count,
  failing: count,
  unknown: count,
  passRate: rate,
  openFindings: count,
  overdueFindings: count,
});
export type ComplianceVendorRow = z.infer<typeof complianceVendorRowSchema>;

export const complianceRuleRowSchema = z.object({
  kind: ruleKind,
  /** Results of this kind of rule in the latest checks (a site with two such rules counts twice). */
  checks: count,
  pass: count,
  fail: count,
  unknown: count,
  passRate: rate,
  openFindings: count,
  overdueFindings: count,
});
export type ComplianceRuleRow = z.infer<typeof complianceRuleRowSchema>;

export const overdueFindingSchema = z.object({
  id: z.number().int(),
  websiteId: z.number().int(),
  domain: z.string(),
  /**
   * Active, or Pending Termination: an Active site's overdue finding waits in the approval queue for
   * staff's decision; a site whose licence is ending waits on that instead.
   */
  siteStatus: z.enum(SITE_STATUSES),
  vendor: vendorRefSchema,
  productId: z.number().int(),
  ruleId: z.string(),
  kind: ruleKind,
  reason: z.string(),
  /** yyyy-mm-dd: the day it had to be fixed by. */
  dueOn: z.string(),
  daysOverdue: z.number().int().min(1),
});
export type OverdueFinding = z.infer<typeof overdueFindingSchema>;

export const complianceTrendDaySchema = z.object({
  /** yyyy-mm-dd (UTC). */
  day: z.string(),
  /** Websites checked that day, each once; by its last check of the day. */
  sitesChecked: count,
  passing: count,
  failing: count,
  unknown: count,
  passRate: rate,
  findingsOpened: count,
  /** Findings a check found fixed that day (waived ones are not counted). */
  findingsResolved: count,
});
export type ComplianceTrendDay = z.infer<typeof complianceTrendDaySchema>;

export const complianceReportSchema = z.object({
  /** When the figures were read (ISO timestamp). */
  asOf: z.string(),
  /** The day (yyyy-mm-dd, UTC) a finding is overdue against: due before it. */
  today: z.string(),
  /** The filters applied, null when none. */
  vendorId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  summary: z.object({
    /** Licensed websites whose products have compliance rules. */
    sitesToCheck: count,
    sitesChecked: count,
    /** Websites whose latest check started in the last 24 hours, and in the last 7 days. */
    checkedLastDay: count,
    checkedLast7Days: count,
    passing: count,
    failing: count,
    unknown: count,
    passRate: rate,
    openFindings: count,
    overdueFindings: count,
  }),
  /** Vendors with a website checked or a finding open, by name. */
  vendors: z.array(complianceVendorRowSchema),
  /** Kinds of rule in the latest checks, in the order of COMPLIANCE_RULE_KINDS. */
  rules: z.array(complianceRuleRowSchema),
  overdue: z.object({ total: count, items: z.array(overdueFindingSchema) }),
  /** Every day of the last COMPLIANCE_TREND_DAYS, oldest first, today last. */
  trend: z.array(complianceTrendDaySchema),
  /** What the report can be narrowed to: vendors with a licensed website, and the products. */
  choices: z.object({
    vendors: z.array(vendorRefSchema),
    products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});
export type ComplianceReport = z.infer<typeof complianceReportSchema>;

/** The report's download: compliance-2026-06-15.xlsx, or compliance-SWS-2026-06-15.xlsx for a vendor. */
export function complianceReportFileName(today: string, vendorCode?: string | null): string {
  const code = vendorCode?.replace(/[^A-Za-z0-9-]+/g, '') ?? '';
  return `compliance-${code ? `${code}-` : ''}${today}.xlsx`;
}

/** The report's call, under /api: 404 to anyone but the admin role. */
export const ComplianceReportPaths = {
  report: '/admin/compliance/report',
} as const;
