import {
  COMPLIANCE_DECISIONS,
  COMPLIANCE_RULE_KINDS,
  type ComplianceDecision,
  type ComplianceRuleKind,
} from './compliance-labels.ts';
import { z } from './zod.ts';

/**
 * Compliance watch: the display rules MLS staff set per product, which every licensed website is
 * checked against daily. Each rule decides pass, fail or unknown (the site could not be read), with
 * the evidence that decided it.
 */

export const ComplianceMessages = {
  templateRequired: 'Please paste the text the site must show.',
  patternRequired: 'Please enter what to look for.',
  patternsRequired: 'Please enter at least one pattern.',
  pathInvalid: 'A listing path starts with / and has no spaces.',
  duplicateRule: 'Each rule of a set needs its own id.',
  rulesRequired: 'A rule set needs at least one rule.',
} as const;

const text = (max: number, message: string) => z.string().trim().min(1, message).max(max);

const ruleBase = {
  /** Stable within a product's rule sets: findings follow a rule across versions by it. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'A rule id is 1 to 40 lower-case letters, digits or dashes.'),
};

export const complianceRuleSchema = z.discriminatedUnion('kind', [
  z.object({ ...ruleBase, kind: z.literal('answers') }),
  z.object({
    ...ruleBase,
    kind: z.literal('requiredText'),
    /** The MLS's disclaimer; `{…}` stands for what a site fills in (a date, a name). */
    template: text(5000, ComplianceMessages.templateRequired),
    /** How much of it, in order, must be found (0.5 to 1). */
    threshold: z.number().min(0.5).max(1).default(0.9),
  }),
  z.object({
    ...ruleBase,
    kind: z.literal('freshness'),
    maxHours: z.number().int().min(1).max(720).default(12),
    /** Minutes east of UTC that a time stated without a zone is read in (the MLS's own). */
    offsetMinutes: z.number().int().min(-720).max(840).default(0),
  }),
  z.object({
    ...ruleBase,
    kind: z.literal('attribution'),
    /** Listing pages to sample when the site has no sitemap.xml naming them. */
    paths: z
      .array(
        z
          .string()
          .regex(/^\/\S*$/, ComplianceMessages.pathInvalid)
          .max(300),
      )
      .max(20)
      .default([]),
    /** Listing pages read per check. */
    sample: z.number().int().min(1).max(10).default(3),
    /** How a listing page names its firm; `*` stands for the firm's name. */
    pattern: text(200, ComplianceMessages.patternRequired).default('listing courtesy of *'),
  }),
  z.object({
    ...ruleBase,
    kind: z.literal('mlsNotice'),
    /** Text, or an image's alt text or file name, that shows the MLS's notice or logo. */
    pattern: text(200, ComplianceMessages.patternRequired),
  }),
  z.object({
    ...ruleBase,
    kind: z.literal('forbidden'),
    patterns: z
      .array(text(200, ComplianceMessages.patternRequired))
      .min(1, ComplianceMessages.patternsRequired)
      .max(50),
  }),
  z.object({ ...ruleBase, kind: z.literal('licensee') }),
]);
export type ComplianceRule = z.output<typeof complianceRuleSchema>;

export const complianceRuleSetInputSchema = z
  .object({
    rules: z.array(complianceRuleSchema).min(1, ComplianceMessages.rulesRequired).max(30),
    /** Days a vendor has to fix a failure before it is overdue. */
    graceDays: z.number().int().min(1).max(90).default(7),
  })
  .refine((set) => new Set(set.rules.map((r) => r.id)).size === set.rules.length, {
    message: ComplianceMessages.duplicateRule,
    path: ['rules'],
  });
export type ComplianceRuleSetInput = z.input<typeof complianceRuleSetInputSchema>;
export type ComplianceRuleSet = z.output<typeof complianceRuleSetInputSchema>;

/** One rule's outcome in a check. */
export interface ComplianceRuleResult {
  ruleId: string;
  kind: ComplianceRuleKind;
  decision: ComplianceDecision;
  /** What decided it, in a sentence a vendor can act on. */
  reason: string;
  /** A short excerpt of the page, or the address read. */
  evidence: string;
}

/** A check's outcome over all its rules: any fail fails it, else any unknown leaves it unknown. */
export function overallDecision(
  results: readonly Pick<ComplianceRuleResult, 'decision'>[],
): ComplianceDecision {
  if (results.some((r) => r.decision === 'fail')) return 'fail';
  if (results.some((r) => r.decision === 'unknown')) return 'unknown';
  return 'pass';
}

/** Unknowns in a row (a site down that long) that open a finding; fewer pass as a network fault. */
export const UNKNOWNS_BEFORE_FINDING = 3;

export const COMPLIANCE_FINDING_STATES = ['open', 'resolved', 'waived'] as const;
export type ComplianceFindingState = (typeof COMPLIANCE_FINDING_STATES)[number];

const ruleResultSchema = z.object({
  productId: z.number().int(),
  ruleId: z.string(),
  kind: z.enum(COMPLIANCE_RULE_KINDS),
  decision: z.enum(COMPLIANCE_DECISIONS),
  reason: z.string(),
  evidence: z.string(),
});

export const complianceFindingSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  ruleId: z.string(),
  kind: z.enum(COMPLIANCE_RULE_KINDS),
  state: z.enum(COMPLIANCE_FINDING_STATES),
  reason: z.string(),
  evidence: z.string(),
  openedAt: z.string(),
  /** yyyy-mm-dd: the day it must be fixed by. */
  dueOn: z.string(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
});
export type ComplianceFinding = z.infer<typeof complianceFindingSchema>;

/** A website's compliance: its latest check rule by rule, and its findings, open first. */
export const siteComplianceSchema = z.object({
  latest: z
    .object({
      id: z.number().int(),
      startedAt: z.string(),
      trigger: z.enum(['schedule', 'vendor', 'staff']),
      decision: z.enum(COMPLIANCE_DECISIONS),
      results: z.array(ruleResultSchema),
    })
    .nullable(),
  findings: z.array(complianceFindingSchema),
  /** When "Check now" can be asked again (ISO), or null when it can be now. */
  nextCheckAllowedAt: z.string().nullable(),
  /** Whether any of the site's products has rules, and the site is licensed now. */
  checkable: z.boolean(),
});
export type SiteCompliance = z.infer<typeof siteComplianceSchema>;

/** "Check now" for one site: once per this many minutes, whoever asks. */
export const CHECK_NOW_MINUTES = 10;

export const ComplianceCheckMessages = {
  tooSoon: (minutes: number) =>
    `This website was checked moments ago. It can be checked again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  notCheckable:
    'Only an Active or Pending Termination website whose product has compliance rules is checked.',
} as const;

/** A product's rules as staff see them in the console: the current version, if any. */
export const productRuleSetSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  current: z
    .object({
      id: z.number().int(),
      version: z.number().int(),
      rules: z.array(complianceRuleSchema),
      graceDays: z.number().int(),
      createdAt: z.string(),
      createdBy: z.string().nullable(),
    })
    .nullable(),
});
export type ProductRuleSet = z.infer<typeof productRuleSetSchema>;

export const ComplianceRuleSetMessages = {
  productNotFound: 'That product was not found.',
} as const;
