import { describe, expect, it } from 'vitest';
import {
  normalizeText,
  patternFound,
  statedDataTime,
  templateMatch,
  templateWords,
} from './compliance-text.ts';
import { ComplianceMessages, complianceRuleSetInputSchema, overallDecision } from './compliance.ts';

const DISCLAIMER =
  'The data relating to real estate for sale on this website comes in part from the Internet Data Exchange program of Summit MLS. Information deemed reliable but not guaranteed. Data last updated {date}.';

describe('reading a page as a person would', () => {
  it.each([
    ['Hello,   WORLD!', 'hello world'],
    ['Café — déjà vu', 'cafe deja vu'],
    ['  ', ''],
    ['©2026 Summit MLS, Inc.', '2026 summit mls inc'],
  ])('normalizes %j to %j', (text, expected) => {
    expect(normalizeText(text)).toBe(expected);
  });

  it('leaves placeholders out of a template', () => {
    expect(templateWords('Updated {date} by {name}.')).toEqual(['updated', 'by']);
  });
});

describe('required text', () => {
  const page = (middle: string) =>
    `<nav>Home Listings Contact</nav> ${middle} <footer>© 2026 Lakeside Homes</footer>`;
  it.each([
    ['word for word', DISCLAIMER.replace('{date}', '11/29/2026 3:00 PM'), 1],
    [
      'other case, spacing and punctuation',
      DISCLAIMER.toUpperCase().replace(/ /g, '  ').replace(/\./g, ' ;'),
      1,
    ],
    ['one word changed', DISCLAIMER.replace('reliable', 'accurate'), 0.95],
    [
      'the second sentence left out',
      DISCLAIMER.replace('Information deemed reliable but not guaranteed.', ''),
      0.75,
    ],
    ['not there at all', 'Welcome to our homes for sale in the valley.', 0.1],
  ])('%s', (_name, text, atLeast) => {
    const match = templateMatch(DISCLAIMER, page(text));
    expect(match.score).toBeGreaterThanOrEqual(atLeast);
    if (atLeast === 1) expect(match.passage).toContain('internet data exchange program of summit mls');
  });

  it('scores a missing disclaimer low and a changed one between', () => {
    expect(templateMatch(DISCLAIMER, page('Welcome to our homes for sale.')).score).toBeLessThan(0.2);
    const partial = templateMatch(DISCLAIMER, page(DISCLAIMER.slice(0, 90))).score;
    expect(partial).toBeGreaterThan(0.3);
    expect(partial).toBeLessThan(0.8);
  });

  it('finds the disclaimer on a long page in one pass', () => {
    const filler = Array.from({ length: 40_000 }, (_, i) => `listing ${i} three bedrooms`).join(' ');
    const match = templateMatch(DISCLAIMER, `${filler} ${DISCLAIMER} ${filler}`);
    expect(match.score).toBe(1);
    expect(match.passage).toContain('information deemed reliable but not guaranteed');
  });

  it('an empty template always holds, an empty page never', () => {
    expect(templateMatch('{date}', 'anything').score).toBe(1);
    expect(templateMatch(DISCLAIMER, '').score).toBe(0);
  });
});

describe('patterns staff write', () => {
  it.each([
    ['Summit MLS', 'Listings provided by summit-MLS, Inc.', 'summit mls'],
    ['courtesy of * realty', 'Listing courtesy of Lakeside Realty Group', 'courtesy of lakeside realty'],
    ['buyer agent compensation', 'We offer Buyer-Agent Compensation of 3%', 'buyer agent compensation'],
    ['Summit MLS', 'Summits MLSes', null],
    ['*', 'anything', null],
  ])('%j in %j', (pattern, text, found) => {
    expect(patternFound(pattern, text)).toBe(found);
  });
});

describe('the data time a page states', () => {
  const at = (iso: string) => new Date(iso).toISOString();
  it.each([
    ['Data last updated 11/29/2026 3:05 PM', 0, '2026-11-29T15:05:00.000Z'],
    ['Listings updated: 2026-11-29 08:30 UTC', -300, '2026-11-29T08:30:00.000Z'],
    ['Data as of November 29, 2026 at 9:15 am', -300, '2026-11-29T14:15:00.000Z'],
    ['Last updated Nov 28 2026', 0, '2026-11-28T23:59:00.000Z'],
    ['Updated on 11-29-2026 12:00 AM +01:00', 0, '2026-11-28T23:00:00.000Z'],
  ])('%j read in UTC%+d', (text, offset, expected) => {
    expect(statedDataTime(`Homes for sale. ${text}. Contact us.`, offset)?.toISOString()).toBe(at(expected));
  });

  it('takes the newest of several, and nothing from a page that states none or an impossible date', () => {
    expect(
      statedDataTime('Last updated 11/27/2026 1:00 PM … Data last updated 11/29/2026 1:00 PM')?.toISOString(),
    ).toBe('2026-11-29T13:00:00.000Z');
    expect(statedDataTime('Homes for sale in the valley since 1998.')).toBeNull();
    expect(statedDataTime('Last updated 02/30/2026')).toBeNull();
    expect(statedDataTime('Last updated 11/29/2026 25:00')?.toISOString()).toBeUndefined();
  });
});

describe('a rule set staff save', () => {
  it('fills the defaults, and refuses two rules with one id or a rule without its text', () => {
    const set = complianceRuleSetInputSchema.parse({
      rules: [
        { id: 'answers', kind: 'answers' },
        { id: 'disclaimer', kind: 'requiredText', template: 'Data courtesy of Summit MLS {date}' },
        { id: 'fresh', kind: 'freshness' },
      ],
    });
    expect(set.graceDays).toBe(7);
    expect(set.rules[1]).toMatchObject({ threshold: 0.9 });
    expect(set.rules[2]).toMatchObject({ maxHours: 12, offsetMinutes: 0 });
    const twice = complianceRuleSetInputSchema.safeParse({
      rules: [
        { id: 'a', kind: 'answers' },
        { id: 'a', kind: 'licensee' },
      ],
    });
    expect(twice.error?.issues[0]?.message).toBe(ComplianceMessages.duplicateRule);
    const blank = complianceRuleSetInputSchema.safeParse({
      rules: [{ id: 'd', kind: 'requiredText', template: ' ' }],
    });
    expect(blank.error?.issues[0]?.message).toBe(ComplianceMessages.templateRequired);
    expect(complianceRuleSetInputSchema.safeParse({ rules: [] }).error?.issues[0]?.message).toBe(
      ComplianceMessages.rulesRequired,
    );
  });

  it.each([
    [['pass', 'pass'], 'pass'],
    [['pass', 'unknown'], 'unknown'],
    [['unknown', 'fail', 'pass'], 'fail'],
    [[], 'pass'],
  ] as const)('a check of %j is %s', (decisions, overall) => {
    expect(overallDecision(decisions.map((decision) => ({ decision })))).toBe(overall);
  });
});
