import { describe, expect, it } from 'vitest';
import {
  activateInputSchema,
  bulkSitesInputSchema,
  businessDaysBetween,
  declineInputSchema,
  queueAgeBounds,
  queueQuerySchema,
} from './staff-queue.ts';

describe('business days', () => {
  it.each([
    // from, to, business days: 2026-11-20 is a Friday.
    ['2026-11-20', '2026-11-20', 0],
    ['2026-11-20', '2026-11-21', 0],
    ['2026-11-20', '2026-11-23', 1],
    ['2026-11-20', '2026-11-27', 5],
    ['2026-11-21', '2026-11-23', 1],
    ['2026-11-22', '2026-11-22', 0],
    ['2026-11-23', '2026-11-24', 1],
    ['2026-11-16', '2026-11-30', 10],
    ['2026-11-18', '2026-12-09', 15],
    ['2026-11-24', '2026-11-20', 0],
  ])('%s to %s: %i', (from, to, days) => {
    expect(businessDaysBetween(from, to)).toBe(days);
  });

  it('agrees with counting day by day over a year of starts and spans', () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    for (let s = 0; s < 370; s += 3) {
      for (let span = 0; span < 40; span++) {
        let counted = 0;
        for (let i = 1; i <= span; i++) {
          const weekday = new Date(`${day(s + i)}T00:00:00Z`).getUTCDay();
          if (weekday !== 0 && weekday !== 6) counted++;
        }
        expect(businessDaysBetween(day(s), day(s + span))).toBe(counted);
      }
    }
  });
});

describe('queue input', () => {
  it('reads the filters of an address and refuses what is not one', () => {
    expect(
      queueQuerySchema.parse({ page: '2', kind: 'activation', vendor: '3', age: '5+', search: ' x ' }),
    ).toEqual({
      page: 2,
      pageSize: 25,
      kind: 'activation',
      vendor: 3,
      age: '5+',
      search: 'x',
    });
    expect(queueQuerySchema.safeParse({ kind: 'everything' }).success).toBe(false);
    expect(queueQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(queueAgeBounds('5+')).toEqual([5, null]);
    expect(queueAgeBounds('1-2')).toEqual([1, 2]);
  });

  it('needs a reason to decline, and a version to activate', () => {
    expect(declineInputSchema.safeParse({ reason: '   ' }).error?.issues[0]?.message).toBe(
      'Please give a reason.',
    );
    expect(activateInputSchema.safeParse({}).success).toBe(false);
    expect(activateInputSchema.parse({ version: 3, startDate: '2026-11-02' })).toEqual({
      version: 3,
      startDate: '2026-11-02',
    });
    expect(bulkSitesInputSchema.safeParse({ sites: [] }).error?.issues[0]?.message).toBe(
      'Select at least one website.',
    );
  });
});
