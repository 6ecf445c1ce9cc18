import {
  ComplianceMessages,
  complianceRuleSetInputSchema,
  type ComplianceRule,
  type ComplianceRuleKind,
  type ComplianceRuleSetInput,
} from '@vp/contract';

/**
 * The rule editor's working copy of a rule set. Lists (listing paths, forbidden patterns) are edited
 * as text, one a line, and numbers may be empty while typed; the contract's schema judges the
 * whole, and its messages are placed on the fields they are about.
 */

interface DraftBase {
  /** The row's own key, stable while the rule's id is edited. */
  key: string;
  id: string;
}

export type DraftRule = DraftBase &
  (
    | { kind: 'answers' }
    | { kind: 'requiredText'; template: string; threshold: number }
    | { kind: 'freshness'; maxHours: number | null; offsetMinutes: number }
    | { kind: 'attribution'; paths: string; sample: number | null; pattern: string }
    | { kind: 'mlsNotice'; pattern: string }
    | { kind: 'forbidden'; patterns: string }
    | { kind: 'licensee' }
  );

export interface Draft {
  graceDays: number | null;
  rules: DraftRule[];
}

/** A field of the draft: 'graceDays', 'rules' (the list as a whole), or `${rule key}.${field}`. */
export type FieldErrors = Record<string, string>;

export const fieldKey = (rule: Pick<DraftRule, 'key'>, field: string) => `${rule.key}.${field}`;

let nextKey = 0;
const newKey = () => `r${++nextKey}`;

/** Kinds a set needs at most once: they have nothing to set, so a second would judge the same. */
export const SINGLE_KINDS: readonly ComplianceRuleKind[] = ['answers', 'licensee'];

const ID_STEM: Record<ComplianceRuleKind, string> = {
  answers: 'answers',
  requiredText: 'required-text',
  freshness: 'fresh',
  attribution: 'attribution',
  mlsNotice: 'mls-notice',
  forbidden: 'forbidden',
  licensee: 'licensee',
};

/** A rule id not yet used in the draft: the kind's stem, numbered from 2 when taken. */
export function freeId(kind: ComplianceRuleKind, taken: readonly string[]): string {
  const stem = ID_STEM[kind];
  if (!taken.includes(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.includes(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** A new rule of a kind, with the schema's defaults. */
export function newRule(kind: ComplianceRuleKind, taken: readonly string[]): DraftRule {
  const base = { key: newKey(), id: freeId(kind, taken) };
  switch (kind) {
    case 'requiredText':
      return { ...base, kind, template: '', threshold: 0.9 };
    case 'freshness':
      return { ...base, kind, maxHours: 12, offsetMinutes: 0 };
    case 'attribution':
      return { ...base, kind, paths: '', sample: 3, pattern: 'listing courtesy of *' };
    case 'mlsNotice':
      return { ...base, kind, pattern: '' };
    case 'forbidden':
      return { ...base, kind, patterns: '' };
    default:
      return { ...base, kind };
  }
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function toDraftRule(rule: ComplianceRule): DraftRule {
  const base = { key: newKey(), id: rule.id };
  switch (rule.kind) {
    case 'requiredText':
      return { ...base, kind: rule.kind, template: rule.template, threshold: rule.threshold };
    case 'freshness':
      return { ...base, kind: rule.kind, maxHours: rule.maxHours, offsetMinutes: rule.offsetMinutes };
    case 'attribution':
      return {
        ...base,
        kind: rule.kind,
        paths: rule.paths.join('\n'),
        sample: rule.sample,
        pattern: rule.pattern,
      };
    case 'mlsNotice':
      return { ...base, kind: rule.kind, pattern: rule.pattern };
    case 'forbidden':
      return { ...base, kind: rule.kind, patterns: rule.patterns.join('\n') };
    default:
      return { ...base, kind: rule.kind };
  }
}

export function toDraft(current: { rules: readonly ComplianceRule[]; graceDays: number } | null): Draft {
  return { graceDays: current?.graceDays ?? 7, rules: (current?.rules ?? []).map(toDraftRule) };
}

/** An empty number is sent as null, so the schema refuses it with the field's own message. */
type Input = Omit<ComplianceRuleSetInput, 'rules' | 'graceDays'> & {
  graceDays: number | null;
  rules: unknown[];
};

/** What the draft sends, before the schema has judged it. */
export function toInput(draft: Draft, baseVersion: number): Input {
  return {
    graceDays: draft.graceDays,
    baseVersion,
    rules: draft.rules.map((rule) => {
      switch (rule.kind) {
        case 'requiredText':
          return { id: rule.id, kind: rule.kind, template: rule.template, threshold: rule.threshold };
        case 'freshness':
          return { id: rule.id, kind: rule.kind, maxHours: rule.maxHours, offsetMinutes: rule.offsetMinutes };
        case 'attribution':
          return {
            id: rule.id,
            kind: rule.kind,
            paths: lines(rule.paths),
            sample: rule.sample,
            pattern: rule.pattern,
          };
        case 'mlsNotice':
          return { id: rule.id, kind: rule.kind, pattern: rule.pattern };
        case 'forbidden':
          return { id: rule.id, kind: rule.kind, patterns: lines(rule.patterns) };
        default:
          return { id: rule.id, kind: rule.kind };
      }
    }),
  };
}

/** Where an issue of the schema is shown: a rule's field, the grace days, or the list as a whole. */
function issueField(draft: Draft, path: readonly PropertyKey[]): string {
  const [top, index, field] = path;
  if (top === 'graceDays') return 'graceDays';
  if (top === 'rules' && typeof index === 'number' && draft.rules[index]) {
    // A list's item (one path, one pattern) is shown on the list's box.
    return fieldKey(draft.rules[index], typeof field === 'string' ? field : 'id');
  }
  return 'rules';
}

export type Checked = { ok: true; input: ComplianceRuleSetInput } | { ok: false; errors: FieldErrors };

/** The contract's judgement of the draft: the input to send, or each field's first message. */
export function checkDraft(draft: Draft, baseVersion: number): Checked {
  const parsed = complianceRuleSetInputSchema.safeParse(toInput(draft, baseVersion));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldErrors = {};
  // The schema says so of the list once its rules are each valid; each id used twice says it at once.
  for (const rule of draft.rules)
    if (draft.rules.filter((r) => r.id === rule.id).length > 1)
      errors[fieldKey(rule, 'id')] = ComplianceMessages.duplicateRule;
  for (const issue of parsed.error.issues) {
    if (issue.message === ComplianceMessages.duplicateRule) continue;
    errors[issueField(draft, issue.path)] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The fields each of the contract's rule messages can be about. */
const RULE_FIELDS: Record<string, readonly string[]> = {
  [ComplianceMessages.templateRequired]: ['template'],
  [ComplianceMessages.patternRequired]: ['pattern', 'patterns'],
  [ComplianceMessages.patternsRequired]: ['patterns'],
  [ComplianceMessages.pathInvalid]: ['paths'],
  [ComplianceMessages.ruleId]: ['id'],
  [ComplianceMessages.threshold]: ['threshold'],
  [ComplianceMessages.maxHours]: ['maxHours'],
  [ComplianceMessages.offsetMinutes]: ['offsetMinutes'],
  [ComplianceMessages.sample]: ['sample'],
};

/**
 * A server's refusal (400), which names no field, placed on the field it is about: the grace days,
 * the list, or the first rule that has such a field. Null when it is about none of them.
 */
export function serverFieldError(draft: Draft, message: string): FieldErrors | null {
  if (message === ComplianceMessages.graceDays) return { graceDays: message };
  if (message === ComplianceMessages.rulesRequired || message === ComplianceMessages.duplicateRule)
    return { rules: message };
  const fields = RULE_FIELDS[message];
  if (!fields) return null;
  for (const rule of draft.rules)
    for (const field of fields) if (field in rule) return { [fieldKey(rule, field)]: message };
  return null;
}
