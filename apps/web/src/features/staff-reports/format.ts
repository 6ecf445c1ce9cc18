import dayjs from 'dayjs';
import { formatCount } from '@vp/contract';

/** How the reports write months, counts and hours. */

/** 'Mar 2026' for 2026-03. */
export function monthLabel(month: string): string {
  const d = dayjs(`${month}-01`);
  return d.isValid() ? d.format('MMM YYYY') : month;
}

export function countText(n: number): string {
  return formatCount(n);
}

/** Hours to one decimal ('26.4'), or 'N/A' for a month without decisions. */
export function hoursText(hours: number | null): string {
  if (hours === null) return 'N/A';
  return (Math.round(hours * 10) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 });
}
