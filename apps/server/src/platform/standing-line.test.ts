import { describe, expect, it } from 'vitest';
import { StandingLine } from './standing-line.ts';

describe('a standing line', () => {
  it('is the quickest wait of the last second, once enough waits ended in it', () => {
    let now = 1_000;
    const line = new StandingLine(() => now);
    for (const ms of [2_400, 3_000, 2_600, 2_500]) line.record(ms);
    expect(line.ms()).toBe(0);
    line.record(2_800);
    expect(line.ms()).toBe(2_400);
    // One quick wait among them: the line does not stand.
    line.record(5);
    expect(line.ms()).toBe(5);
    // The window moves on.
    now += 1_000;
    expect(line.ms()).toBe(0);
  });
});
