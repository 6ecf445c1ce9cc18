import { COLORBLIND_SCHEMES, MARK_CONTRAST, TEXT_CONTRAST, contrastRatio } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import { chartColors } from './chart-colors.ts';

describe('chart colours', () => {
  it.each([null, ...COLORBLIND_SCHEMES])('meet contrast on white with the %s scheme', (scheme) => {
    const colors = chartColors(scheme);
    for (const text of [colors.primary, colors.secondary, colors.goal, colors.axis])
      expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    for (const mark of Object.values(colors.status))
      expect(contrastRatio(mark, '#ffffff')).toBeGreaterThanOrEqual(MARK_CONTRAST);
    // The four statuses are four colours.
    expect(new Set(Object.values(colors.status)).size).toBe(4);
    expect(colors.primary).not.toBe(colors.secondary);
  });
});
