import { normalizeText, patternFound, statedDataTime, templateMatch } from '@vp/contract';
import { displayDateTime } from '../../lib/date-time.ts';
import type { DraftRule } from './draft.ts';

/**
 * "Try it": a rule's own matching, from the contract, run on text staff paste from a page, so a
 * template or pattern can be tried before it is saved. Only what the text shows is judged: images,
 * listing pages and the licence are the check's to read.
 */

export interface TryResult {
  /** Whether the rule finds what it looks for. */
  match: boolean;
  /** Whether a page with this text passes the rule (a forbidden pattern found fails it). */
  passes: boolean;
  /** What was found, or why not, in a sentence. */
  detail: string;
}

const percent = (x: number) => `${Math.round(x * 100)}%`;
const quoted = (text: string) => `“${text.length > 120 ? `${text.slice(0, 119)}…` : text}”`;

/** A pattern ending in `*` names something after its fixed words (the firm, after "courtesy of"). */
function namedAfter(pattern: string, text: string): string | null {
  const open = /\*\s*$/.test(pattern);
  const found = patternFound(open ? pattern.replace(/\*\s*$/, '') : pattern, text);
  if (!found || !open) return found;
  const rest = normalizeText(text).split(found)[1]?.trim().split(' ').slice(0, 6).join(' ') ?? '';
  return rest ? `${found} ${rest}` : null;
}

export const TRYABLE: readonly DraftRule['kind'][] = [
  'requiredText',
  'freshness',
  'attribution',
  'mlsNotice',
  'forbidden',
];

/** The rule run on the text; null when the rule has nothing to try (or the text is empty). */
export function tryRule(rule: DraftRule, text: string, now = new Date()): TryResult | null {
  if (!text.trim()) return null;
  switch (rule.kind) {
    case 'requiredText': {
      if (!rule.template.trim()) return null;
      const { score, passage } = templateMatch(rule.template, text);
      const match = score >= rule.threshold;
      const share = `${percent(score)} of the text found, ${percent(rule.threshold)} needed`;
      return {
        match,
        passes: match,
        detail: passage ? `${share}: ${quoted(passage)}.` : `${share}.`,
      };
    }
    case 'freshness': {
      const stated = statedDataTime(text, rule.offsetMinutes);
      if (!stated)
        return { match: false, passes: false, detail: 'The text states no time its data was updated.' };
      const hours = Math.max(0, Math.floor((now.getTime() - stated.getTime()) / 3_600_000));
      const match = rule.maxHours !== null && hours <= rule.maxHours;
      return {
        match,
        passes: match,
        detail: `Data updated ${displayDateTime(stated.toISOString())}, ${hours} h ago${rule.maxHours === null ? '' : `; at most ${rule.maxHours} h allowed`}.`,
      };
    }
    case 'attribution':
    case 'mlsNotice': {
      if (!rule.pattern.trim()) return null;
      const found =
        rule.kind === 'attribution' ? namedAfter(rule.pattern, text) : patternFound(rule.pattern, text);
      return found
        ? { match: true, passes: true, detail: `Found ${quoted(found)}.` }
        : { match: false, passes: false, detail: 'The pattern is not in the text.' };
    }
    case 'forbidden': {
      const patterns = rule.patterns
        .split('\n')
        .map((p) => p.trim())
        .filter(Boolean);
      if (patterns.length === 0) return null;
      for (const pattern of patterns) {
        const found = patternFound(pattern, text);
        if (found)
          return {
            match: true,
            passes: false,
            detail: `Found ${quoted(found)}, forbidden by ${quoted(pattern)}.`,
          };
      }
      return { match: false, passes: true, detail: 'None of the patterns is in the text.' };
    }
    default:
      return null;
  }
}
