import { describe, expect, it } from 'vitest';
import type { SiteStatus } from './status.ts';
import {
  canDelete,
  canRequestDomainChange,
  isCreateFormTouched,
  isDomainLocked,
  isStartDateEditable,
  isStatusLocked,
  isTermDateEditable,
  isValidDomain,
  normalizeDomain,
  domainKey,
  safButtonState,
  statusOptions,
  WebsiteMessages,
  siteDatesError,
  earliestTermDate,
  latestStartDate,
  keepsTermDate,
} from './website-rules.ts';

type Row = {
  status: SiteStatus | null;
  options: SiteStatus[];
  locked: boolean;
  canDelete: boolean;
  domainChange: boolean;
  saf: 'hidden' | 'disabled' | 'enabled';
};

const ALL: SiteStatus[] = ['Pending Activation', 'Pending Termination', 'Active', 'Inactive'];

// Every saved status (null = creating) against every rule of spec §4.
const table: Row[] = [
  { status: null, options: ALL, locked: false, canDelete: false, domainChange: false, saf: 'disabled' },
  {
    status: 'Pending Activation',
    options: ALL,
    locked: false,
    canDelete: true,
    domainChange: false,
    saf: 'enabled',
  },
  {
    status: 'Pending Termination',
    options: ALL,
    locked: false,
    canDelete: false,
    domainChange: false,
    saf: 'enabled',
  },
  {
    status: 'Active',
    options: ['Pending Termination'],
    locked: true,
    canDelete: false,
    domainChange: true,
    saf: 'enabled',
  },
  {
    status: 'Inactive',
    options: ['Pending Activation'],
    locked: false,
    canDelete: false,
    domainChange: false,
    saf: 'hidden',
  },
];

describe('website state rules by saved status', () => {
  it.each(table)('$status', (row) => {
    expect(statusOptions(row.status)).toEqual(row.options);
    expect(isStatusLocked(row.status)).toBe(row.locked);
    expect(canDelete(row.status)).toBe(row.canDelete);
    expect(canRequestDomainChange(row.status)).toBe(row.domainChange);
    expect(safButtonState(row.status, true)).toBe(row.saf);
    expect(safButtonState(row.status, false)).toBe('hidden');
    expect(isDomainLocked(row.status === null)).toBe(row.status !== null);
  });
});

describe('date fields by edited status', () => {
  const rows: [SiteStatus, boolean, boolean][] = [
    ['Pending Activation', true, false],
    ['Pending Termination', false, true],
    ['Active', false, false],
    ['Inactive', false, false],
  ];
  it.each(rows)('%s: start %s, term %s', (status, start, term) => {
    expect(isStartDateEditable(status)).toBe(start);
    expect(isTermDateEditable(status)).toBe(term);
  });
});

describe('create form touched', () => {
  it.each([
    [{}, false],
    [{ domainName: '   ' }, false],
    [{ domainName: 'a.com' }, true],
    [{ agentSearch: 'Smith' }, true],
    [{ product: 2 }, true],
    [{ dba: 'Team A' }, true],
    [{ startDate: '2026-01-01' }, true],
    [{ termDate: '2026-01-01' }, true],
  ])('%j -> %s', (fill, expected) => {
    expect(isCreateFormTouched(fill)).toBe(expected);
  });
});

describe('domain validation', () => {
  it.each([
    ['example.com', true],
    ['homes.example.co.uk', true],
    ['https://Example.com/path?x=1', true],
    ['my-site.realestate', true],
    ['localhost', false],
    ['-bad.com', false],
    ['bad-.com', false],
    ['spaces here.com', false],
    ['', false],
    ['a'.repeat(64) + '.com', false],
  ])('%s -> %s', (input, ok) => {
    expect(isValidDomain(input)).toBe(ok);
  });
  it('normalises scheme, case and path', () => {
    expect(normalizeDomain('  HTTP://WWW.Example.COM/listings ')).toBe('www.example.com');
  });
  it.each([
    ['www.example.com', 'example.com'],
    ['HTTPS://WWW.Example.com/', 'example.com'],
    ['example.com', 'example.com'],
    ['wwwx.example.com', 'wwwx.example.com'],
    ['www.www.example.com', 'www.example.com'],
    ['shop.example.com', 'shop.example.com'],
  ])('keys %s as %s', (input, key) => {
    expect(domainKey(input)).toBe(key);
  });
});

describe('site date rules', () => {
  const today = '2026-11-23';
  type DateRow = [SiteStatus, string | null, string | null, string | null];
  // status, start date, term date → the message of the rule broken (null: allowed)
  const rows: DateRow[] = [
    ['Pending Activation', '2021-05-24', null, null],
    ['Pending Activation', null, null, null],
    ['Active', '2021-05-24', null, null],
    ['Active', '2021-05-24', '2000-01-01', WebsiteMessages.termBeforeStart],
    ['Inactive', '2021-05-24', '2022-08-22', null],
    ['Inactive', '2021-05-24', '2021-05-23', WebsiteMessages.termBeforeStart],
    ['Inactive', '2021-05-24', '2021-05-24', null],
    ['Pending Termination', '2021-05-24', '2000-01-01', WebsiteMessages.termBeforeStart],
    ['Pending Termination', '2021-05-24', null, WebsiteMessages.termDateRequired],
    ['Pending Termination', '2021-05-24', '2026-11-22', WebsiteMessages.termDateInPast],
    ['Pending Termination', '2021-05-24', today, null],
    ['Pending Termination', '2021-05-24', '2027-01-01', null],
    ['Pending Termination', null, '2026-11-22', WebsiteMessages.termDateInPast],
    ['Pending Termination', '2027-02-01', '2027-01-01', WebsiteMessages.termBeforeStart],
  ];
  it.each(rows)('%s from %s to %s → %s', (status, startDate, termDate, message) => {
    expect(siteDatesError({ status, startDate, termDate }, today)).toBe(message);
  });

  it.each([
    ['Pending Termination', '2021-05-24', today],
    ['Pending Termination', '2027-02-01', '2027-02-01'],
    ['Pending Termination', null, today],
    ['Inactive', '2021-05-24', '2021-05-24'],
    ['Active', null, null],
  ] as [SiteStatus, string | null, string | null][])(
    'earliest term date of %s starting %s is %s',
    (status, start, earliest) => {
      expect(earliestTermDate(status, start, today)).toBe(earliest);
      // The earliest offered date is itself allowed.
      if (earliest)
        expect(siteDatesError({ status, startDate: start, termDate: earliest }, today)).toBeNull();
    },
  );

  it('keeps no term date in Pending Activation, and keeps it in every other status', () => {
    expect(ALL.filter((s) => !keepsTermDate(s))).toEqual(['Pending Activation']);
    expect(latestStartDate('2022-08-22')).toBe('2022-08-22');
    expect(latestStartDate(null)).toBeNull();
  });
});
