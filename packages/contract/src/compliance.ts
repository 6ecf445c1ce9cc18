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
  ruleId: 'A rule id is 1 to 40 lower-case letters, digits or dashes.',
  threshold: 'The similarity needed is from 0.5 to 1.',
  maxHours: 'Hours are a whole number from 1 to 720.',
  offsetMinutes: 'The time zone is from 12 hours west to 14 hours east of UTC.',
  sample: 'Pages sampled are a whole number from 1 to 10.',
  graceDays: 'Grace days are a whole number from 1 to 90.',
} as const;

const M = ComplianceMessages;
/** A whole number in a range, refused in one sentence whatever is wrong with it (empty too). */
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const text = (max: number, message: string) => z.string().trim().min(1, message).max(max);

const ruleBase = {
  /** Stable within a product's rule sets: findings follow a rule across versions by it. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, M.ruleId),
};

export const complianceRuleSchema = z.discriminatedUnion('kind', [
  z.object({ ...ruleBase, kind: z.literal('answers') }),
  z.object({
    ...ruleBase,
    kind: z.literal('requiredText'),
    /** The MLS's disclaimer; `{…}` stands for what a site fills in (a date, a name). */
    template: text(5000, ComplianceMessages.templateRequired),
    /** How much of it, in order, must be found (0.5 to 1). */
    threshold: z.number({ error: M.threshold }).min(0.5, M.threshold).max(1, M.threshold).default(0.9),
  }),
  z.object({
    ...ruleBase,
    kind: z.literal('freshness'),
    maxHours: whole(1, 720, M.maxHours).default(12),
    /** Minutes east of UTC that a time stated without a zone is read in (the MLS's own). */
    offsetMinutes: whole(-720, 840, M.offsetMinutes).default(0),
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
    sample: whole(1, 10, M.sample).default(3),
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
    graceDays: whole(1, 90, M.graceDays).default(7),
    /**
     * The version the editor started from (0: none yet). When given and no longer the current one,
     * the save is refused, so nobody's changes are overwritten unseen.
     */
    baseVersion: z.number().int().min(0).optional(),
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
      /**
       * Whether a screenshot of the home page as drawn was kept (COMPLIANCE_RENDER=chromium),
       * served at `/api/portal/websites/{id}/compliance/checks/{checkId}/screenshot`.
       */
      screenshot: z.boolean().optional(),
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
  noScreenshot: 'No screenshot of this check was kept.',
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

/** One saved version of a product's rules, as the console's history lists it. */
export const ruleSetVersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  ruleCount: z.number().int(),
  graceDays: z.number().int(),
});
export type RuleSetVersion = z.infer<typeof ruleSetVersionSchema>;

export const ComplianceRuleSetPaths = {
  ruleSets: '/admin/compliance/rule-sets',
  ruleSet: (productId: number) => `/admin/compliance/rule-sets/${productId}`,
  versions: (productId: number) => `/admin/compliance/rule-sets/${productId}/versions`,
} as const;

export const ComplianceRuleSetMessages = {
  productNotFound: 'That product was not found.',
  /** The save started from a version that is no longer the current one. */
  stale: (current: number) =>
    current > 0
      ? `Someone saved version ${current} of these rules since you opened them. Load it, then make your changes again.`
      : 'These rules have changed since you opened them. Load them again, then make your changes again.',
  saved: (version: number) => `Saved as version ${version}.`,
} as const;
