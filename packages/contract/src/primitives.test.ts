import { describe, expect, it } from 'vitest';
import {
  MAX_DB_INT,
  dbIdSchema,
  earliestToday,
  isRealDate,
  isWithinYearsAhead,
  isoDateSchema,
  latestDateAhead,
} from './primitives.ts';
import { terminationRequestSchema } from './website-requests.ts';
import { WebsiteMessages } from './website-rules.ts';
import { websiteInputSchema, websiteListQuerySchema } from './website.ts';

describe('isRealDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-28', true],
    ['2026-12-31', true],
    ['0001-01-01', true],
    ['2024-02-30', false],
    ['2023-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['0000-01-01', false],
    ['2026-1-01', false],
    ['', false],
  ])('%s → %s', (s, expected) => {
    expect(isRealDate(s)).toBe(expected);
    expect(isoDateSchema.safeParse(s).success).toBe(expected);
  });
});

describe('dbIdSchema', () => {
  it.each([
    [1, true],
    [MAX_DB_INT, true],
    [MAX_DB_INT + 1, false],
    [0, false],
    [-1, false],
    [1.5, false],
    [Number.MAX_SAFE_INTEGER, false],
  ])('%s → %s', (n, expected) => {
    expect(dbIdSchema.safeParse(n).success).toBe(expected);
  });
});

describe('website input bounds', () => {
  const base = { domainName: 'example.com', memberNumber: '100', products: [1] };
  it('refuses a product id past the database integer range', () => {
    expect(websiteInputSchema.safeParse({ ...base, products: [2147483648] }).success).toBe(false);
  });
  it('refuses a start date that does not exist', () => {
    expect(websiteInputSchema.safeParse({ ...base, startDate: '2024-02-30' }).success).toBe(false);
  });
  it('refuses a page past any list', () => {
    expect(websiteListQuerySchema.safeParse({ page: '9007199254740991' }).success).toBe(false);
    expect(websiteListQuerySchema.safeParse({ page: '40' }).success).toBe(true);
  });
});

describe('earliestToday', () => {
  it('is the date at UTC−12, so every zone’s today is on or after it', () => {
    expect(earliestToday(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
    expect(earliestToday(new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23');
    // Kiritimati (UTC+14) is already on the 24th while it is still the 23rd at UTC−12.
    expect(earliestToday(new Date('2026-11-23T11:59:59Z'))).toBe('2026-11-22');
  });
});

describe('dates at most ten years ahead', () => {
  it('is ten years after the latest today anywhere (UTC+14)', () => {
    expect(latestDateAhead(new Date('2026-11-23T03:00:00Z'))).toBe('2036-11-23');
    // Kiritimati is already on the 24th.
    expect(latestDateAhead(new Date('2026-11-23T10:00:00Z'))).toBe('2036-11-24');
    // 29 February ten years on is 1 March.
    expect(latestDateAhead(new Date('2028-02-29T00:00:00Z'))).toBe('2038-03-01');
  });

  it.each([
    ['2036-11-23', true],
    ['2036-11-24', false],
    ['2099-12-31', false],
    ['2026-11-23', true],
    ['2000-01-01', true],
  ])('%s on 2026-11-23 → %s', (date, expected) => {
    expect(isWithinYearsAhead(date, new Date('2026-11-23T03:00:00Z'))).toBe(expected);
  });

  const base = { domainName: 'example.com', memberNumber: '100', products: [1] };
  const inYears = (years: number, days = 0) => {
    const d = new Date();
    d.setUTCFullYear(d.getUTCFullYear() + years);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? null : r.error!.issues[0]!.message;

  it('the website schema refuses a start or term date past ten years, each with its message', () => {
    expect(firstMessage(websiteInputSchema.safeParse({ ...base, startDate: inYears(10, 2) }))).toBe(
      WebsiteMessages.startDateTooFar,
    );
    expect(firstMessage(websiteInputSchema.safeParse({ ...base, termDate: '2999-01-01' }))).toBe(
      WebsiteMessages.termDateTooFar,
    );
    expect(WebsiteMessages.startDateTooFar).toBe('The start date cannot be more than 10 years from today.');
    expect(WebsiteMessages.termDateTooFar).toBe('The term date cannot be more than 10 years from today.');
  });

  it('the website schema takes dates up to ten years ahead, and the past', () => {
    const ok = websiteInputSchema.safeParse({ ...base, startDate: '2001-01-01', termDate: inYears(10) });
    expect(ok.success).toBe(true);
  });

  it('a termination request refuses a term date past ten years', () => {
    expect(firstMessage(terminationRequestSchema.safeParse({ termDate: inYears(11) }))).toBe(
      WebsiteMessages.termDateTooFar,
    );
    expect(terminationRequestSchema.safeParse({ termDate: inYears(9) }).success).toBe(true);
  });

  it('a malformed date says so first', () => {
    expect(firstMessage(websiteInputSchema.safeParse({ ...base, startDate: 'soon' }))).toBe(
      'Dates must be in yyyy-mm-dd format.',
    );
  });
});
