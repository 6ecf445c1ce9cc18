import { COLORBLIND_SCHEMES, MARK_CONTRAST, TEXT_CONTRAST, contrastRatio } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import { chartColors } from './chart-colors.ts';
import { billableSeries, CHART_VENDORS } from './components/charts.tsx';

describe('chart colours', () => {
  it.each([null, ...COLORBLIND_SCHEMES])('meet contrast on white with the %s scheme', (scheme) => {
    const colors = chartColors(scheme);
    for (const text of [colors.primary, colors.secondary, colors.goal, colors.axis])
      expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    for (const mark of Object.values(colors.status))
      expect(contrastRatio(mark, '#ffffff')).toBeGreaterThanOrEqual(MARK_CONTRAST);
    for (const mark of colors.series)
      expect(contrastRatio(mark, '#ffffff')).toBeGreaterThanOrEqual(MARK_CONTRAST);
    // The four statuses are four colours, and the vendors' series four.
    expect(new Set(colors.series).size).toBe(4);
    expect(new Set(Object.values(colors.status)).size).toBe(4);
    expect(colors.primary).not.toBe(colors.secondary);
  });
});

describe('billable chart series', () => {
  const vendor = (id: number, name: string, sites: number[]) => ({
    id,
    name,
    code: name.slice(0, 3),
    sites,
    siteMonths: sites.reduce((a, b) => a + b, 0),
  });
  it('names the vendors with the most site-months and puts the rest together, so each bar adds up', () => {
    const vendors = [
      vendor(1, 'Alpha', [1, 1]),
      vendor(2, 'Bravo', [5, 5]),
      vendor(3, 'Charlie', [2, 3]),
      vendor(4, 'Delta', [4, 4]),
      vendor(5, 'Echo', [3, 3]),
      vendor(6, 'Foxtrot', [0, 2]),
    ];
    const series = billableSeries({
      from: '2026-10',
      to: '2026-11',
      months: ['2026-10', '2026-11'],
      vendors,
      totals: { sites: [15, 18], siteMonths: 33 },
    });
    expect(series.map((s) => s.label)).toEqual(['Bravo', 'Delta', 'Echo', '3 other vendors']);
    expect(series).toHaveLength(CHART_VENDORS + 1);
    expect(series.at(-1)!.sites).toEqual([3, 6]);
    expect([0, 1].map((i) => series.reduce((sum, s) => sum + s.sites[i]!, 0))).toEqual([15, 18]);
  });
});
