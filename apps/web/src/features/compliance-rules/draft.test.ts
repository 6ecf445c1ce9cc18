import { ComplianceMessages } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  fieldKey,
  freeId,
  newRule,
  serverFieldError,
  toDraft,
  type Draft,
  type DraftRule,
} from './draft.ts';
import { tryRule } from './try-it.ts';

type RuleOf<K extends DraftRule['kind']> = Extract<DraftRule, { kind: K }>;

/** A new rule of a kind, with some of its fields set. */
function ruleOf<K extends DraftRule['kind']>(kind: K, over: Partial<RuleOf<K>> = {}): RuleOf<K> {
  return { ...(newRule(kind, []) as RuleOf<K>), ...over };
}

describe('the rule editor’s draft', () => {
  it('names a new rule after its kind, numbered when the name is taken', () => {
    expect(freeId('requiredText', [])).toBe('required-text');
    expect(freeId('requiredText', ['required-text', 'required-text-2'])).toBe('required-text-3');
    expect(newRule('attribution', [])).toMatchObject({
      id: 'attribution',
      sample: 3,
      pattern: 'listing courtesy of *',
      paths: '',
    });
  });

  it('sends lists one a line, blank lines left out, and the version it started from', () => {
    const draft = toDraft({
      graceDays: 5,
      rules: [{ id: 'forbidden', kind: 'forbidden', patterns: ['a b', 'c'] }],
    });
    expect(draft.rules[0]).toMatchObject({ kind: 'forbidden', patterns: 'a b\nc' });
    const rule = { ...(draft.rules[0] as RuleOf<'forbidden'>), patterns: 'a b\n\n  c  \n' };
    const checked = checkDraft({ ...draft, rules: [rule] }, 4);
    expect(checked).toEqual({
      ok: true,
      input: {
        graceDays: 5,
        baseVersion: 4,
        rules: [{ id: 'forbidden', kind: 'forbidden', patterns: ['a b', 'c'] }],
      },
    });
  });

  it('places each of the schema’s messages on its field', () => {
    const attribution = ruleOf('attribution', { paths: '/ok\nno slash' });
    const freshness = ruleOf('freshness', { maxHours: null });
    const draft: Draft = { graceDays: null, rules: [attribution, freshness] };
    const checked = checkDraft(draft, 0);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      graceDays: ComplianceMessages.graceDays,
      [fieldKey(attribution, 'paths')]: ComplianceMessages.pathInvalid,
      [fieldKey(freshness, 'maxHours')]: ComplianceMessages.maxHours,
    });
    expect(checkDraft({ graceDays: 7, rules: [] }, 0)).toEqual({
      ok: false,
      errors: { rules: ComplianceMessages.rulesRequired },
    });
  });

  it('places a server’s refusal on the first field it can be about, or on none', () => {
    const notice = newRule('mlsNotice', []);
    const draft: Draft = { graceDays: 7, rules: [newRule('answers', []), notice] };
    expect(serverFieldError(draft, ComplianceMessages.patternRequired)).toEqual({
      [fieldKey(notice, 'pattern')]: ComplianceMessages.patternRequired,
    });
    expect(serverFieldError(draft, ComplianceMessages.graceDays)).toEqual({
      graceDays: ComplianceMessages.graceDays,
    });
    expect(serverFieldError(draft, ComplianceMessages.templateRequired)).toBeNull();
    expect(serverFieldError(draft, 'Something else.')).toBeNull();
  });
});

describe('Try it', () => {
  it('an attribution pattern ending in * needs a name after its words', () => {
    const rule = newRule('attribution', []);
    expect(tryRule(rule, 'Listing courtesy of Harbor Realty')).toMatchObject({ match: true, passes: true });
    expect(tryRule(rule, 'Listing courtesy of')).toMatchObject({ match: false, passes: false });
  });

  it('a forbidden pattern found is a match that fails the page', () => {
    const rule = ruleOf('forbidden', { patterns: 'buyer agent compensation' });
    expect(tryRule(rule, 'Ask about Buyer-Agent compensation!')).toMatchObject({
      match: true,
      passes: false,
    });
    expect(tryRule(rule, 'Homes by the lake')).toMatchObject({ match: false, passes: true });
  });

  it('fresh data is judged by the time the text states', () => {
    const rule = newRule('freshness', []);
    const now = new Date('2026-06-05T12:00:00Z');
    expect(tryRule(rule, 'Data last updated 06/05/2026 10:00 UTC', now)).toMatchObject({ match: true });
    expect(tryRule(rule, 'Data last updated 06/01/2026 10:00 UTC', now)).toMatchObject({ match: false });
    expect(tryRule(rule, 'No date here', now)).toMatchObject({ match: false });
  });

  it('has nothing to say without text, or for a rule with nothing to try', () => {
    expect(tryRule(newRule('mlsNotice', []), 'Summit MLS')).toBeNull();
    expect(tryRule(newRule('answers', []), 'anything')).toBeNull();
    expect(tryRule(ruleOf('mlsNotice', { pattern: 'Summit' }), '   ')).toBeNull();
  });
});
