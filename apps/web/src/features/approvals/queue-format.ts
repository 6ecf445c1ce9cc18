import { DECISION_GOAL_HOURS, type QueueItem } from '@vp/contract';
import dayjs from 'dayjs';

/** How the queue says times: waits in business days, dates as the spec writes them. */

/** A wait in business days, as read: 'Today', '1 business day', '4 business days'. */
export function waitingText(days: number): string {
  if (days <= 0) return 'Today';
  return days === 1 ? '1 business day' : `${days} business days`;
}

/** The day a wait began, in the reader's calendar (MM/DD/YYYY). */
export function sinceDate(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('MM/DD/YYYY') : iso;
}

function amount(n: number, unit: string): string {
  const rounded = Math.round(n * 10) / 10;
  return `${rounded.toLocaleString('en-US')} ${unit}${rounded === 1 ? '' : 's'}`;
}

/** A time to decision: minutes under an hour, hours under two days, days beyond. */
export function durationText(hours: number): string {
  if (hours < 1) return amount(Math.max(1, Math.round(hours * 60)), 'minute');
  if (hours < 48) return amount(hours, 'hour');
  return amount(hours / 24, 'day');
}

/** Whether the median time to decision meets the goal (within one business day); null without decisions. */
export function goalMet(medianHours: number | null): boolean | null {
  return medianHours === null ? null : medianHours <= DECISION_GOAL_HOURS;
}

/** Items a bulk action of this kind applies to. */
export function bulkKindOf(item: QueueItem): 'activate' | 'terminate' | null {
  if (item.kind === 'activation') return 'activate';
  if (item.kind === 'termination') return 'terminate';
  return null;
}
