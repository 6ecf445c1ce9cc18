import { SITE_STATUSES } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import { parseSiteParam, parseStatusFilter, websiteSiteLink, websitesFilterLink } from './website-links.ts';

describe('website links', () => {
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

  it('a built filter link reads back as the same status', () => {
    for (const status of SITE_STATUSES) {
      const url = new URL(websitesFilterLink(status), 'http://portal.test');
      expect(url.pathname).toBe('/websites');
      expect(parseStatusFilter(url.searchParams.get('filter'))).toBe(status);
    }
  });

  it('a built site link reads back as the same rowKey', () => {
    const url = new URL(websiteSiteLink(42), 'http://portal.test');
    expect(url.pathname).toBe('/websites');
    expect(parseSiteParam(url.searchParams.get('site'))).toBe(42);
  });
});
