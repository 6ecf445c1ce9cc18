import { describe, expect, it } from 'vitest';
import { SAF_COVER_CASES } from './saf-terms-cases.ts';
import { safCovers, safTermsKey, safTermsOf, signatureChanges, type SafTerms } from './saf-terms.ts';

describe('which changes to a site need a new Site Access Form', () => {
  it.each(SAF_COVER_CASES)('$name', ({ signed, now, changes }) => {
    expect(signatureChanges(signed, now).map((c) => c.kind)).toEqual(changes);
    expect(safCovers(signed, now)).toBe(changes.length === 0);
  });

  it('names the products before and after, and the office that is new or has a new broker', () => {
    const signed: SafTerms = { agent: 'A1', offices: { O1: 'B1', O2: 'B2' }, products: [1] };
    expect(
      signatureChanges(signed, { agent: 'A1', offices: { O1: 'B1', O2: 'B9', O3: 'B3' }, products: [3, 1] }),
    ).toEqual([
      { kind: 'product', was: [1], now: [1, 3] },
      { kind: 'broker', office: 'O2' },
      { kind: 'office', office: 'O3' },
    ]);
  });
});

describe('the terms key', () => {
  it('reads back what it wrote, sorted as the database sorts it', () => {
    const terms: SafTerms = { agent: '300', offices: { 'OFF-2': 'B2', 'OFF-1': '' }, products: [3, 1] };
    const key = safTermsKey(terms);
    expect(key).toBe('agent:300;office:OFF-1=;office:OFF-2=B2;product:1;product:3');
    expect(safTermsOf(key)).toEqual({
      agent: '300',
      offices: { 'OFF-1': '', 'OFF-2': 'B2' },
      products: [1, 3],
    });
  });
});
