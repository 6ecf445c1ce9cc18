import { formatCount, passRateText, type ComplianceTrendDay } from '@vp/contract';
import { useEffect, useRef } from 'react';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { useSettings } from '../../../lib/settings.ts';
import { chartColors } from '../../staff-reports/index.ts';
import { dayText, shortDay } from '../report-text.ts';

/**
 * The last 90 days in one chart: the pass rate each day (a line, on the left axis) over the
 * findings opened and resolved that day (bars, on the right axis). Its colours are the reports'
 * colour-blind-safe ones, from the scheme in the settings. To assistive technology the chart is
 * one picture, named for what it shows and described by the summary written under it.
 */

const TICK = 12;

/**
 * recharts draws its layers through React portals, and Chromium then gives those SVG groups a tab
 * stop each; a picture has none of its own, so they are taken out of the tab order as they appear.
 */
function useNoTabStops() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const clear = () => {
      for (const layer of box.querySelectorAll('svg g[class^="recharts-zIndex-layer"]:not([tabindex])'))
        layer.setAttribute('tabindex', '-1');
    };
    clear();
    const watch = new MutationObserver(clear);
    watch.observe(box, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  return ref;
}

interface Point {
  day: string;
  label: string;
  rate: number | null;
  sites: number;
  opened: number;
  resolved: number;
}

export function TrendChart({
  trend,
  summaryId,
}: {
  trend: readonly ComplianceTrendDay[];
  summaryId: string;
}) {
  const { colorblind, mode } = useSettings();
  const colors = chartColors(colorblind, mode);
  const box = useNoTabStops();
  const opened = colors.series[2]!;
  const resolved = colors.series[3]!;
  const data: Point[] = trend.map((d) => ({
    day: d.day,
    label: shortDay(d.day),
    rate: d.passRate === null ? null : Math.round(d.passRate * 1000) / 10,
    sites: d.sitesChecked,
    opened: d.findingsOpened,
    resolved: d.findingsResolved,
  }));
  const legend = [
    { label: 'Pass rate', color: colors.primary, line: true },
    { label: 'Findings opened', color: opened, line: false },
    { label: 'Findings resolved', color: resolved, line: false },
  ];
  return (
    <figure className="vp-cr-trend">
      <div
        ref={box}
        className="vp-cr-chart"
        role="img"
        aria-label={`Chart of the pass rate and of the findings opened and resolved, each day from ${dayText(trend[0]?.day ?? '')} to ${dayText(trend.at(-1)?.day ?? '')}.`}
        aria-describedby={summaryId}
      >
        <ComposedChart
          data={data}
          responsive
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke={colors.border} />
          <XAxis
            dataKey="label"
            tick={{ fill: colors.axis, fontSize: TICK }}
            stroke={colors.axis}
            minTickGap={16}
            interval="preserveStartEnd"
          />
          <YAxis
            yAxisId="rate"
            domain={[0, 100]}
            unit="%"
            tick={{ fill: colors.axis, fontSize: TICK }}
            stroke={colors.axis}
            width={48}
            label={{
              value: 'Pass rate',
              angle: -90,
              position: 'insideLeft',
              fill: colors.axis,
              fontSize: TICK,
            }}
          />
          <YAxis
            yAxisId="findings"
            orientation="right"
            allowDecimals={false}
            tick={{ fill: colors.axis, fontSize: TICK }}
            stroke={colors.axis}
            width={36}
            label={{
              value: 'Findings',
              angle: 90,
              position: 'insideRight',
              fill: colors.axis,
              fontSize: TICK,
            }}
          />
          <Tooltip
            separator=": "
            contentStyle={{ background: colors.surface, borderColor: colors.border }}
            labelStyle={{ color: colors.text, fontWeight: 600 }}
            itemStyle={{ color: colors.text }}
            itemSorter={(item) => (item.dataKey === 'rate' ? 0 : 1)}
            labelFormatter={(_label, items) => {
              const point = items[0]?.payload as Point | undefined;
              return point ? `${dayText(point.day)}: ${formatCount(point.sites)} checked` : '';
            }}
            formatter={(value, name) => [
              name === 'Pass rate'
                ? passRateText(value === null || value === undefined ? null : Number(value) / 100)
                : formatCount(Number(value)),
              name,
            ]}
          />
          <Bar yAxisId="findings" dataKey="opened" name="Findings opened" fill={opened} maxBarSize={8} />
          <Bar
            yAxisId="findings"
            dataKey="resolved"
            name="Findings resolved"
            fill={resolved}
            maxBarSize={8}
          />
          <Line
            yAxisId="rate"
            dataKey="rate"
            name="Pass rate"
            type="monotone"
            stroke={colors.primary}
            strokeWidth={2}
            // A day between days without checks has no line to either side: its dot shows it.
            dot={{ r: 2, fill: colors.primary, strokeWidth: 0 }}
            activeDot={{ r: 4 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </div>
      <ul className="vp-cr-legend" aria-hidden="true">
        {legend.map((item) => (
          <li key={item.label}>
            <svg width="22" height="12" viewBox="0 0 22 12" focusable="false">
              {item.line ? (
                <line x1="1" y1="6" x2="21" y2="6" stroke={item.color} strokeWidth="3" />
              ) : (
                <rect x="6" y="1" width="10" height="10" fill={item.color} />
              )}
            </svg>
            {item.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
