import { describe, expect, it } from 'vitest';
import { runState, scheduleText, tookText } from './schedule.ts';

describe('schedules in words', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const utc = new Date().getTimezoneOffset() === 0;
  it.each([
    [null, 'Only when run by hand'],
    ['* * * * *', 'Every minute'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['*/10 * * * *', 'Every 10 minutes'],
    ['7 * * * *', 'Every hour, at 7 minutes past'],
    ['0 * * * *', 'Every hour, on the hour'],
    ['0 */6 * * *', 'Cron 0 */6 * * * (UTC)'],
    ['5 0 1 * *', 'Cron 5 0 1 * * (UTC)'],
    ['bad', 'Cron bad (UTC)'],
  ])('%s: %s', (cron, text) => {
    expect(scheduleText(cron, now)).toBe(text);
  });

  it.each([
    ['5 0 * * *', 'Every day at 00:05 UTC'],
    ['15 14 * * *', 'Every day at 14:15 UTC'],
    ['30 8 * * 1-5', 'Every weekday at 08:30 UTC'],
    ['0 6 * * 1', 'Every Monday at 06:00 UTC'],
  ])('%s: %s', (cron, text) => {
    const said = scheduleText(cron, now);
    expect(said.startsWith(text)).toBe(true);
    // Outside UTC the reader's own time follows in brackets.
    expect(said === text).toBe(utc);
  });
});

describe('runs', () => {
  const startedAt = '2026-06-15T12:00:00.000Z';
  const after = (ms: number) => new Date(Date.parse(startedAt) + ms).toISOString();
  it.each([
    [0, 'under 0.1 s'],
    [99, 'under 0.1 s'],
    [420, '0.4 s'],
    [9_949, '9.9 s'],
    [12_000, '12 s'],
    [185_000, '3 min 5 s'],
    [120_000, '2 min'],
    [3_720_000, '1 h 2 min'],
  ])('%i ms took %s', (ms, text) => {
    expect(tookText({ startedAt, finishedAt: after(ms) })).toBe(text);
  });

  it('a run is ok, failed, running, or was cut short', () => {
    const run = { startedAt, finishedAt: null, ok: null, error: null, manual: false, summary: null };
    expect(runState({ ...run, ok: true, finishedAt: after(10) })).toBe('ok');
    expect(runState({ ...run, ok: false, finishedAt: after(10), error: 'x' })).toBe('failed');
    expect(runState(run, Date.parse(startedAt) + 5_000)).toBe('running');
    expect(runState(run, Date.parse(startedAt) + 2 * 3_600_000)).toBe('unfinished');
  });
});
