import { z } from './zod.ts';
import type { SiteStatus } from './status.ts';

/**
 * The MLS staff console's reports: billable sites per vendor per month (from History, not from
 * today's status), approval times per month, and sites by product and status today. Months are
 * calendar months in UTC, written YYYY-MM. Only the admin role reaches these calls.
 */

/**
 * The statuses in which a site is licensed and billed: Active, and Pending Termination (the vendor
 * has asked to end the licence, which runs until MLS staff, or its term date, make it Inactive).
 */
export const BILLABLE_STATUSES = ['Active', 'Pending Termination'] as const satisfies readonly SiteStatus[];

export function isBillableStatus(status: string): boolean {
  return (BILLABLE_STATUSES as readonly string[]).includes(status);
}

/** The range a report covers when none is asked for: the last 12 months, this one included. */
export const REPORT_MONTHS_DEFAULT = 12;
/** The longest range one report covers. */
export const REPORT_MONTHS_MAX = 36;
/** The earliest month a report may start. */
export const REPORT_FIRST_MONTH = '2000-01';

export const ReportMessages = {
  title: 'Reports',
  monthFormat: 'A month is written YYYY-MM, for example 2026-03.',
  rangeReversed: 'The range must start on or before the month it ends.',
  rangeInFuture: 'The range cannot end after the current month.',
  rangeTooEarly: `The range cannot start before ${REPORT_FIRST_MONTH}.`,
  rangeTooLong: `A report covers at most ${REPORT_MONTHS_MAX} months.`,
  billableTitle: 'Billable sites per vendor',
  billableNote:
    'A site counts for a month when it was Active or Pending Termination on any day of that month, as its History records.',
  billableEmpty: 'No site was billable in these months.',
  approvalTitle: 'Approval times',
  approvalNote:
    'Time from when an item started waiting to the decision of MLS staff, by the month of the decision.',
  approvalEmpty: 'No decisions were taken in these months.',
  productsTitle: 'Sites by product and status',
  productsNote: 'Today. A site with more than one product counts under each of them.',
  productsEmpty: 'There are no websites yet.',
  noProduct: 'No product',
} as const;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const monthSchema = z.string().regex(MONTH_PATTERN, ReportMessages.monthFormat);

/** The month of a moment, in UTC, as YYYY-MM. */
export function monthOf(date: Date = new Date()): string {
  return date.toISOString().slice(0, 7);
}

/** The month `n` months after `month` (before, for a negative n). */
export function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** How many months from `from` to `to`, both counted; 0 when `to` comes first. */
export function monthCount(from: string, to: string): number {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  return Math.max(0, index(to) - index(from) + 1);
}

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  return Array.from({ length: monthCount(from, to) }, (_v, i) => addMonths(from, i));
}

export interface ReportRange {
  from: string;
  to: string;
}

/**
 * The range a report covers: what was asked, the rest filled in. Without `to` it ends with the
 * current month, or `from`'s twelfth month when that comes first; without `from` it starts twelve
 * months before `to`, the end month included.
 */
export function resolveReportRange(
  asked: { from?: string | undefined; to?: string | undefined },
  now: Date = new Date(),
): ReportRange {
  const current = monthOf(now);
  if (asked.from && asked.to) return { from: asked.from, to: asked.to };
  if (asked.from) {
    const twelfth = addMonths(asked.from, REPORT_MONTHS_DEFAULT - 1);
    return { from: asked.from, to: twelfth < current ? twelfth : current };
  }
  const to = asked.to ?? current;
  return { from: addMonths(to, -(REPORT_MONTHS_DEFAULT - 1)), to };
}

/** Why a range cannot be reported, or null when it can. */
export function reportRangeRefusal(range: ReportRange, now: Date = new Date()): string | null {
  if (!MONTH_PATTERN.test(range.from) || !MONTH_PATTERN.test(range.to)) return ReportMessages.monthFormat;
  if (range.from > range.to) return ReportMessages.rangeReversed;
  if (range.to > monthOf(now)) return ReportMessages.rangeInFuture;
  if (range.from < REPORT_FIRST_MONTH) return ReportMessages.rangeTooEarly;
  if (monthCount(range.from, range.to) > REPORT_MONTHS_MAX) return ReportMessages.rangeTooLong;
  return null;
}

/** The query of a report over months: both ends optional (see resolveReportRange). */
export const reportRangeQuerySchema = z
  .object({
    from: monthSchema.optional().meta({ description: 'First month, YYYY-MM (UTC).', examples: ['2025-07'] }),
    to: monthSchema.optional().meta({
      description: 'Last month, YYYY-MM (UTC); the current month at the latest.',
      examples: ['2026-06'],
    }),
  })
  .superRefine((asked, ctx) => {
    const refusal = reportRangeRefusal(resolveReportRange(asked));
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal, path: ['to'] });
  });
export type ReportRangeQuery = z.input<typeof reportRangeQuerySchema>;

/** The download of the billable sites report: billable-sites-2025-07_2026-06.xlsx. */
export function billableFileName(range: ReportRange): string {
  return `billable-sites-${range.from}_${range.to}.xlsx`;
}

// ---------------------------------------------------------------------------------------------
// Billable sites per vendor per month

const count = z.number().int().min(0);

export const billableVendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** Billable sites in each month of `months`, in the same order. */
  sites: z.array(count),
  /** The sum over the months: site-months billed. */
  siteMonths: count,
});
export type BillableVendor = z.infer<typeof billableVendorSchema>;

export const billableSitesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(z.string()),
  /** Every vendor with a billable site in the range, by name. */
  vendors: z.array(billableVendorSchema),
  /** All vendors together: sites per month, and site-months. */
  totals: z.object({ sites: z.array(count), siteMonths: count }),
});
export type BillableSitesReport = z.infer<typeof billableSitesReportSchema>;

// ---------------------------------------------------------------------------------------------
// Approval times per month

/** What MLS staff decide, as `staff_decisions` records it. */
export const DECISION_KINDS = [
  'activation',
  'termination',
  'domain',
  'agent',
  'product',
  'team',
  'licence',
  'document',
  'compliance',
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export const DECISION_KIND_LABELS: Record<DecisionKind, string> = {
  activation: 'Activation',
  termination: 'Termination',
  domain: 'Domain change',
  agent: 'Agent change',
  product: 'Product change',
  team: 'Team change',
  licence: 'Licence review',
  document: 'Document',
  compliance: 'Compliance overdue',
};

export const approvalStatsSchema = z.object({
  decisions: count,
  /** Hours from waiting to decision, to one decimal; null without decisions. */
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});
export type ApprovalStats = z.infer<typeof approvalStatsSchema>;

// Written out rather than built from DECISION_KINDS: a computed shape would keep this module in
// every bundle that imports the contract.
const byKindSchema = z.object({
  activation: approvalStatsSchema,
  termination: approvalStatsSchema,
  domain: approvalStatsSchema,
  agent: approvalStatsSchema,
  product: approvalStatsSchema,
  team: approvalStatsSchema,
  licence: approvalStatsSchema,
  document: approvalStatsSchema,
  compliance: approvalStatsSchema,
} satisfies Record<DecisionKind, typeof approvalStatsSchema>);

export const approvalMonthSchema = z.object({
  month: z.string(),
  all: approvalStatsSchema,
  byKind: byKindSchema,
});
export type ApprovalMonth = z.infer<typeof approvalMonthSchema>;

export const approvalTimesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The goal a decision is held to: one business day. */
  goalHours: z.number(),
  /** Every month of the range, in order. */
  months: z.array(approvalMonthSchema),
  /** The whole range. */
  overall: z.object({ all: approvalStatsSchema, byKind: byKindSchema }),
});
export type ApprovalTimesReport = z.infer<typeof approvalTimesReportSchema>;

// ---------------------------------------------------------------------------------------------
// Sites by product and status, today

const statusCountsSchema = z.object({
  'Pending Activation': count,
  'Pending Termination': count,
  Active: count,
  Inactive: count,
} satisfies Record<SiteStatus, typeof count>);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const productStatusRowSchema = z.object({
  /** The product's id, or null for sites without a product. */
  productId: z.number().int().nullable(),
  product: z.string(),
  counts: statusCountsSchema,
  total: count,
});
export type ProductStatusRow = z.infer<typeof productStatusRowSchema>;

export const sitesByProductReportSchema = z.object({
  /** When the figures were read (ISO timestamp). */
  asOf: z.string(),
  /** Every product, and 'No product' when some site has none. */
  rows: z.array(productStatusRowSchema),
  /** Sites by status, each site once. */
  totals: z.object({ counts: statusCountsSchema, total: count }),
});
export type SitesByProductReport = z.infer<typeof sitesByProductReportSchema>;

/** The reports' calls, under /api. Every one answers 404 to anyone but the admin role. */
export const StaffReportPaths = {
  billableSites: '/admin/reports/billable-sites',
  approvalTimes: '/admin/reports/approval-times',
  sitesByProduct: '/admin/reports/sites-by-product',
} as const;
