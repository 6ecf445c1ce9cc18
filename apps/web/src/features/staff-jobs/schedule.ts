import type { JobRun } from '@vp/contract';
import dayjs from 'dayjs';

/** How the Jobs screen says a schedule, a run's time and how long it took. */

const pad = (n: number) => String(n).padStart(2, '0');
const NUMBER = /^\d{1,2}$/;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A UTC time of day also in the reader's own time, when that differs: '00:05 UTC (8:05 PM here)'. */
function timeOfDay(hour: number, minute: number, now: Date): string {
  const utc = `${pad(hour)}:${pad(minute)} UTC`;
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute));
  if (at.getTimezoneOffset() === 0) return utc;
  return `${utc} (${dayjs(at).format('h:mm A')} here)`;
}

/**
 * A cron schedule (UTC) in words where it is a simple one: every minute, every N minutes, hourly,
 * daily, weekdays or one day a week. Anything else is shown as the cron itself.
 */
export function scheduleText(cron: string | null, now = new Date()): string {
  if (cron === null) return 'Only when run by hand';
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return `Cron ${cron} (UTC)`;
  const [minute, hour, dayOfMonth, month, weekday] = parts as [string, string, string, string, string];
  const anyDay = dayOfMonth === '*' && month === '*';
  if (anyDay && weekday === '*' && hour === '*') {
    if (minute === '*') return 'Every minute';
    const every = /^\*\/(\d{1,2})$/.exec(minute);
    if (every) return `Every ${Number(every[1])} minutes`;
    if (NUMBER.test(minute)) {
      const m = Number(minute);
      return m === 0 ? 'Every hour, on the hour' : `Every hour, at ${m} minutes past`;
    }
  }
  if (anyDay && NUMBER.test(minute) && NUMBER.test(hour)) {
    const time = timeOfDay(Number(hour), Number(minute), now);
    if (weekday === '*') return `Every day at ${time}`;
    if (weekday === '1-5') return `Every weekday at ${time}`;
    if (/^[0-6]$/.test(weekday)) return `Every ${WEEKDAYS[Number(weekday)]} at ${time}`;
  }
  return `Cron ${cron} (UTC)`;
}

/** When a run started, in the reader's time. */
export function startedText(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('MM/DD/YYYY h:mm:ss A') : iso;
}

/** How long a finished run took: 'under 0.1 s', '0.4 s', '12 s', '3 min 5 s', '1 h 2 min'. */
export function tookText(run: Pick<JobRun, 'startedAt' | 'finishedAt'>): string {
  if (run.finishedAt === null) return '';
  const ms = Math.max(0, Date.parse(run.finishedAt) - Date.parse(run.startedAt));
  if (ms < 100) return 'under 0.1 s';
  if (ms < 10_000) return `${(Math.round(ms / 100) / 10).toLocaleString('en-US')} s`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return s % 60 === 0 ? `${min} min` : `${min} min ${s % 60} s`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** A run without an end this long after its start was cut short (its instance stopped). */
export const RUN_ABANDONED_MS = 60 * 60_000;

export type RunState = 'ok' | 'failed' | 'running' | 'unfinished';

export function runState(run: JobRun, now = Date.now()): RunState {
  if (run.ok === true) return 'ok';
  if (run.ok === false) return 'failed';
  if (run.finishedAt === null && now - Date.parse(run.startedAt) < RUN_ABANDONED_MS) return 'running';
  return 'unfinished';
}
