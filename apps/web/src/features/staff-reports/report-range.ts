import {
  REPORT_MONTHS_MAX,
  addMonths,
  monthCount,
  monthOf,
  reportRangeRefusal,
  resolveReportRange,
  type ReportRange,
} from '@vp/contract';
import { useMemo } from 'react';
import { urlParam, useUrlState } from '../../hooks/use-url-state.ts';

/**
 * The months the reports cover, kept in the URL as `from` and `to` (YYYY-MM); without them, the
 * last 12 months, as the server reads it too.
 */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const parseMonth = (raw: string | null): string | null => {
  const value = raw?.trim() ?? '';
  return MONTH.test(value) ? value : null;
};

export const reportRangeSpec = {
  from: urlParam.optional<string>(parseMonth),
  to: urlParam.optional<string>(parseMonth),
};

const same = (a: ReportRange, b: ReportRange) => a.from === b.from && a.to === b.to;

/** The range once a new first month is chosen: the last month moves if it must, to stay reportable. */
export function withFrom(range: ReportRange, from: string, now = new Date()): ReportRange {
  let to = range.to;
  if (to < from) to = resolveReportRange({ from }, now).to;
  if (monthCount(from, to) > REPORT_MONTHS_MAX) to = addMonths(from, REPORT_MONTHS_MAX - 1);
  return { from, to };
}

/** The range once a new last month is chosen: the first month moves if it must. */
export function withTo(range: ReportRange, to: string): ReportRange {
  let from = range.from;
  if (from > to) from = resolveReportRange({ to }).from;
  if (monthCount(from, to) > REPORT_MONTHS_MAX) from = addMonths(to, -(REPORT_MONTHS_MAX - 1));
  return { from, to };
}

export function useReportRange() {
  const [state, set] = useUrlState(reportRangeSpec);
  const range = useMemo(
    () => resolveReportRange({ from: state.from ?? undefined, to: state.to ?? undefined }),
    [state.from, state.to],
  );
  const refusal = reportRangeRefusal(range);
  const isDefault = same(range, resolveReportRange({}));
  /** A new range, as a step Back undoes; the default one leaves the URL plain. */
  const setRange = (next: ReportRange | null) => {
    if (next === null || same(next, resolveReportRange({}))) set({ from: null, to: null }, 'push');
    else set({ from: next.from, to: next.to }, 'push');
  };
  return { range, refusal, isDefault, setRange, currentMonth: monthOf() };
}
