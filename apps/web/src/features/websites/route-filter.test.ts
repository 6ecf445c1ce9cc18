import { describe, expect, it } from 'vitest';
import { parseSiteParam, parseStatusFilter } from './route-filter.ts';

describe('route parameters of the Websites page', () => {
  it.each([
    ['Pending Activation', 'Pending Activation'],
    ['pending termination', 'Pending Termination'],
    ['Active (Pending)', 'Pending Activation'],
    ['Active', 'Active'],
    ['Inactive', 'Inactive'],
    ['Deleted', null],
    ['', null],
    [null, null],
  ])('filter=%s', (raw, expected) => {
    expect(parseStatusFilter(raw)).toBe(expected);
  });

  it.each([
    ['12', 12],
    ['0', null],
    ['-3', null],
    ['12abc', null],
    ['', null],
  ])('site=%s', (raw, expected) => {
    expect(parseSiteParam(raw)).toBe(expected);
  });
});
