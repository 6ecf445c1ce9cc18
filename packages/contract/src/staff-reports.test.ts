import { describe, expect, it } from 'vitest';
import {
  ReportMessages,
  addMonths,
  billableFileName,
  isBillableStatus,
  monthCount,
  monthsBetween,
  reportRangeQuerySchema,
  reportRangeRefusal,
  resolveReportRange,
} from './staff-reports.ts';
import { SITE_STATUSES } from './status.ts';

const NOW = new Date('2026-06-15T12:00:00Z');

describe('months', () => {
  it.each([
    ['2026-01', 0, '2026-01'],
    ['2026-01', -1, '2025-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-06', -11, '2025-07'],
    ['2026-06', 24, '2028-06'],
    ['2000-01', -13, '1998-12'],
  ])('%s plus %i is %s', (month, n, expected) => {
    expect(addMonths(month, n)).toBe(expected);
  });

  it('counts and lists the months of a range, both ends included', () => {
    expect(monthCount('2025-07', '2026-06')).toBe(12);
    expect(monthCount('2026-06', '2026-06')).toBe(1);
    expect(monthCount('2026-07', '2026-06')).toBe(0);
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
  });

  it('names the download after its range', () => {
    expect(billableFileName({ from: '2025-07', to: '2026-06' })).toBe('billable-sites-2025-07_2026-06.xlsx');
  });
});

describe('the range of a report', () => {
  it.each([
    [{}, { from: '2025-07', to: '2026-06' }],
    [{ to: '2026-03' }, { from: '2025-04', to: '2026-03' }],
    [{ from: '2024-01' }, { from: '2024-01', to: '2024-12' }],
    // Twelve months from a recent start would run past today: it ends with the current month.
    [{ from: '2026-02' }, { from: '2026-02', to: '2026-06' }],
    [
      { from: '2025-02', to: '2025-04' },
      { from: '2025-02', to: '2025-04' },
    ],
  ])('%o covers %o', (asked, range) => {
    expect(resolveReportRange(asked, NOW)).toEqual(range);
  });

  it.each([
    [{ from: '2026-01', to: '2026-06' }, null],
    [{ from: '2026-06', to: '2026-06' }, null],
    [{ from: '2023-07', to: '2026-06' }, null],
    [{ from: '2026-05', to: '2026-04' }, ReportMessages.rangeReversed],
    [{ from: '2026-01', to: '2026-07' }, ReportMessages.rangeInFuture],
    [{ from: '2023-06', to: '2026-06' }, ReportMessages.rangeTooLong],
    [{ from: '1999-12', to: '2000-06' }, ReportMessages.rangeTooEarly],
    [{ from: '2026-1', to: '2026-06' }, ReportMessages.monthFormat],
    [{ from: '2026-00', to: '2026-06' }, ReportMessages.monthFormat],
  ])('%o: %s', (range, refusal) => {
    expect(reportRangeRefusal(range, NOW)).toBe(refusal);
  });

  it('the query schema refuses a bad month or range with its sentence', () => {
    const message = (query: object) => reportRangeQuerySchema.safeParse(query).error?.issues[0]?.message;
    expect(message({ from: '2026-13' })).toBe(ReportMessages.monthFormat);
    expect(message({ from: 'March' })).toBe(ReportMessages.monthFormat);
    expect(message({ from: '2020-05', to: '2020-04' })).toBe(ReportMessages.rangeReversed);
    expect(message({ from: '2015-01', to: '2020-04' })).toBe(ReportMessages.rangeTooLong);
    expect(message({ to: addMonths(new Date().toISOString().slice(0, 7), 1) })).toBe(
      ReportMessages.rangeInFuture,
    );
    expect(reportRangeQuerySchema.safeParse({}).success).toBe(true);
    expect(reportRangeQuerySchema.safeParse({ from: '2020-01', to: '2020-12' }).success).toBe(true);
  });
});

describe('billable statuses', () => {
  it('a licence runs while a site is Active or Pending Termination', () => {
    expect(SITE_STATUSES.filter(isBillableStatus)).toEqual(['Pending Termination', 'Active']);
  });
});
