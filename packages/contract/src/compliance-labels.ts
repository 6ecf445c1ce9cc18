import type { BadgeTone } from './colors.ts';

/**
 * The compliance watch's names and tones, apart from its schemas, so a badge or a first paint can
 * read them without loading the schema library.
 */

export const COMPLIANCE_RULE_KINDS = [
  'answers',
  'requiredText',
  'freshness',
  'attribution',
  'mlsNotice',
  'forbidden',
  'licensee',
] as const;
export type ComplianceRuleKind = (typeof COMPLIANCE_RULE_KINDS)[number];

export const COMPLIANCE_RULE_LABELS: Record<ComplianceRuleKind, string> = {
  answers: 'The site answers',
  requiredText: 'Required text',
  freshness: 'Fresh data',
  attribution: 'Listing-firm attribution',
  mlsNotice: 'MLS notice or logo',
  forbidden: 'Forbidden content',
  licensee: 'Licensed agent or broker named',
};

export const COMPLIANCE_DECISIONS = ['pass', 'fail', 'unknown'] as const;
export type ComplianceDecision = (typeof COMPLIANCE_DECISIONS)[number];

export const COMPLIANCE_DECISION_LABELS: Record<ComplianceDecision, string> = {
  pass: 'Pass',
  fail: 'Fail',
  unknown: 'Could not be read',
};

export const COMPLIANCE_DECISION_TONE: Record<ComplianceDecision, BadgeTone> = {
  pass: 'success',
  fail: 'danger',
  unknown: 'warning',
};
