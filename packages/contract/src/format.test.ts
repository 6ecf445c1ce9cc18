import { describe, expect, it } from 'vitest';
import { countOf, displayDate, formatCount, formatFileSize, formatWait, truncateLicensee } from './format.ts';

describe('truncateLicensee', () => {
  it.each([
    ['Summit Web Solutions', 'Summit Web Solutions'],
    ['Summit Web Solutions West', 'Summit Web Solutions...'],
    ['', ''],
  ])('%s', (input, out) => expect(truncateLicensee(input)).toBe(out));
});

describe('formatFileSize (base 1000, 2 decimals)', () => {
  it.each([
    [0, '0 Bytes'],
    [999, '999 Bytes'],
    [1000, '1 KB'],
    [1536, '1.54 KB'],
    [2_500_000, '2.5 MB'],
    [1e24, '1 YB'],
    [5e27, '5000 YB'],
  ])('%d', (n, out) => expect(formatFileSize(n)).toBe(out));
});

describe('displayDate', () => {
  it.each([
    ['2026-03-09', '03/09/2026'],
    ['2026-03-09T10:00:00Z', '03/09/2026'],
    ['0001-01-01', 'Not Available'],
    ['0001-01-01T00:00:00', 'Not Available'],
    [null, 'Not Available'],
  ])('%s', (input, out) => expect(displayDate(input)).toBe(out));
});

describe('formatWait (rounded up, never shorter than the wait)', () => {
  it.each([
    [0, '1 second'],
    [0.2, '1 second'],
    [1, '1 second'],
    [1.5, '2 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('%d s', (n, out) => expect(formatWait(n)).toBe(out));
});

describe('formatCount (thousands grouped as en-US writes them)', () => {
  it.each([0, 7, 999, 1_000, 4_000, 12_345, 999_999, 1_000_000, 50_000_000, -1_234])('%d', (n) =>
    expect(formatCount(n)).toBe(n.toLocaleString('en-US')),
  );
});

describe('countOf', () => {
  it.each([
    [0, 'website', '0 websites'],
    [1, 'website', '1 website'],
    [2, 'site', '2 sites'],
    [4000, 'website', '4,000 websites'],
    [1, 'entry', '1 entry'],
  ])('%i %s', (n, noun, text) => {
    expect(countOf(n, noun, noun === 'entry' ? 'entries' : undefined)).toBe(text);
  });
});
