import { describe, expect, it } from 'vitest';
import { MAX_DB_INT, dbIdSchema, earliestToday, isRealDate, isoDateSchema } from './primitives.ts';
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
