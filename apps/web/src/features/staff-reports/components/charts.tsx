import {
  SITE_STATUS_DISPLAY,
  SITE_STATUS_SORT_ORDER,
  type ApprovalTimesReport,
  type BillableSitesReport,
  type SiteStatus,
  type SitesByProductReport,
} from '@vp/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSettings } from '../../../lib/settings.ts';
import { chartColors, type ChartColors } from '../chart-colors.ts';
import { countText, hoursText, monthLabel } from '../format.ts';

/**
 * The reports' charts (recharts, loaded with this page only). A chart is one picture to a screen
 * reader, named with what it shows; its figures are in the table beside it. Ticks and labels are
 * dark enough to read, and every series has a legend or a label of its own.
 */

const TICK_SIZE = 12;

function useColors() {
  const { colorblind, mode } = useSettings();
  return chartColors(colorblind, mode);
}

/** A chart as one image to assistive technology; the table that follows holds its figures. */
function Figure({
  label,
  height,
  legend,
  children,
}: {
  label: string;
  height: number;
  legend?: LegendItem[];
  children: ReactNode;
}) {
  const chart = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = chart.current;
    if (!el) return;
    // recharts draws its layers into <g> elements through React portals; React listens for focus
    // events on a portal's container, and Chromium then puts such an SVG element in the tab
    // order. A picture has no stops of its own: the layers are taken out of the tab order.
    const untab = () =>
      el.querySelectorAll('g[class^="recharts-zIndex-layer"]:not([tabindex])').forEach((g) => {
        g.setAttribute('tabindex', '-1');
      });
    untab();
    const observer = new MutationObserver(untab);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div className="vp-report-figure">
      <div className="vp-report-chart" ref={chart} role="img" aria-label={label} style={{ height }}>
        {children}
      </div>
      {legend && <ChartLegend items={legend} />}
    </div>
  );
}

const tick = (fill: string) => ({ fill, fontSize: TICK_SIZE });

/** Tooltips and legends write in the text colour; a series' colour marks it, never colours its words. */
const tooltipText = (c: ChartColors) => ({
  itemStyle: { color: c.text },
  labelStyle: { color: c.text, fontWeight: 600 },
  contentStyle: { background: c.surface, borderColor: c.border },
});

interface LegendItem {
  label: string;
  color: string;
  /** How the series is drawn: a bar, a line with dots, or a dashed line. */
  mark: 'bar' | 'line' | 'dash';
}

/**
 * The series of a chart, in the order they are drawn, in dark text beside a sample of each mark.
 * Written in HTML under the chart, so it wraps on a phone and never covers the bars.
 */
function ChartLegend({ items }: { items: LegendItem[] }) {
  return (
    <ul className="vp-report-legend" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label}>
          <svg width="22" height="12" viewBox="0 0 22 12" focusable="false">
            {item.mark === 'bar' && <rect x="3" y="1" width="16" height="10" fill={item.color} />}
            {item.mark === 'line' && (
              <>
                <line x1="1" y1="6" x2="21" y2="6" stroke={item.color} strokeWidth="2" />
                <circle cx="11" cy="6" r="3" fill={item.color} />
              </>
            )}
            {item.mark === 'dash' && (
              <line x1="1" y1="6" x2="21" y2="6" stroke={item.color} strokeWidth="2" strokeDasharray="5 3" />
            )}
          </svg>
          <span style={{ color: 'var(--vp-text)' }}>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** The vendors the billable chart names one by one; the rest share one segment. */
export const CHART_VENDORS = 3;

/**
 * The billable chart's series: the vendors with the most site-months each, then the others
 * together (when there are any), so each month's bar adds up to the total.
 */
export function billableSeries(
  report: BillableSitesReport,
): { key: string; label: string; sites: number[] }[] {
  const ranked = [...report.vendors].sort(
    (a, b) => b.siteMonths - a.siteMonths || a.name.localeCompare(b.name),
  );
  const named = ranked.slice(0, CHART_VENDORS);
  const series = named.map((v) => ({ key: `v${v.id}`, label: v.name, sites: v.sites }));
  const rest = ranked.slice(CHART_VENDORS);
  if (rest.length > 0)
    series.push({
      key: 'others',
      label: `${rest.length} other ${rest.length === 1 ? 'vendor' : 'vendors'}`,
      sites: report.months.map((_, i) => rest.reduce((sum, v) => sum + (v.sites[i] ?? 0), 0)),
    });
  return series;
}

export function BillableChart({ report }: { report: BillableSitesReport }) {
  const colors = useColors();
  const series = billableSeries(report);
  const fills = colors.series;
  const data = report.months.map((month, i) => ({
    month: monthLabel(month),
    total: report.totals.sites[i] ?? 0,
    ...Object.fromEntries(series.map((s) => [s.key, s.sites[i] ?? 0])),
  }));
  const label = `Stacked bar chart of billable sites per month, by vendor (${series
    .map((s) => s.label)
    .join(
      ', ',
    )}): ${data.map((d) => `${d.month}, ${countText(d.total)} in all`).join('; ')}. The table below lists them by vendor.`;
  return (
    <Figure
      label={label}
      height={280}
      legend={series.map((s, i) => ({
        label: s.label,
        color: fills[i % fills.length]!,
        mark: 'bar' as const,
      }))}
    >
      <BarChart
        data={data}
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="#e5e5e5" />
        <XAxis dataKey="month" tick={tick(colors.axis)} stroke={colors.axis} minTickGap={12} />
        <YAxis allowDecimals={false} tick={tick(colors.axis)} stroke={colors.axis} width={48} />
        <Tooltip
          {...tooltipText(colors)}
          itemSorter={(item) => series.findIndex((s) => s.key === item.dataKey)}
          formatter={(value, name) => [countText(Number(value)), name]}
        />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId="sites"
            fill={fills[i % fills.length]}
            stroke="#ffffff"
            strokeWidth={1}
            maxBarSize={48}
          />
        ))}
      </BarChart>
    </Figure>
  );
}

export function ApprovalChart({ report }: { report: ApprovalTimesReport }) {
  const colors = useColors();
  const data = report.months.map((m) => ({
    month: monthLabel(m.month),
    median: m.all.medianHours,
    p90: m.all.p90Hours,
  }));
  const goal = report.goalHours;
  const label = `Chart of hours from waiting to decision per month, against the goal of one business day (${goal} hours): ${data
    .map((d) =>
      d.median === null
        ? `${d.month}, no decisions`
        : `${d.month}, median ${hoursText(d.median)}, 90th percentile ${hoursText(d.p90)}`,
    )
    .join('; ')}. The table below lists them by kind.`;
  return (
    <Figure
      label={label}
      height={280}
      legend={[
        { label: 'Median', color: colors.primary, mark: 'bar' },
        { label: '90th percentile', color: colors.secondary, mark: 'line' },
        { label: `Goal: one business day (${goal} h)`, color: colors.goal, mark: 'dash' },
      ]}
    >
      <ComposedChart
        data={data}
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="#e5e5e5" />
        <XAxis dataKey="month" tick={tick(colors.axis)} stroke={colors.axis} minTickGap={12} />
        <YAxis
          tick={tick(colors.axis)}
          stroke={colors.axis}
          width={48}
          unit=" h"
          domain={[0, (max: number) => Math.ceil(Math.max(max, goal) * 1.15)]}
        />
        <Tooltip
          itemSorter={(item) => (item.dataKey === 'median' ? 0 : 1)}
          {...tooltipText(colors)}
          formatter={(value, name) => [value === null ? 'N/A' : `${hoursText(Number(value))} h`, name]}
        />
        <Bar dataKey="median" name="Median" fill={colors.primary} maxBarSize={40} />
        <Line
          dataKey="p90"
          name="90th percentile"
          stroke={colors.secondary}
          strokeWidth={2}
          dot={{ r: 3, fill: colors.secondary }}
          connectNulls={false}
          isAnimationActive={false}
        />
        <ReferenceLine y={goal} stroke={colors.goal} strokeDasharray="6 4" strokeWidth={2} />
      </ComposedChart>
    </Figure>
  );
}

export function ProductsChart({ report }: { report: SitesByProductReport }) {
  const colors = useColors();
  const data = report.rows.map((row) => ({ product: row.product, ...row.counts }));
  const label = `Stacked bar chart of websites by product and status today: ${report.rows
    .map(
      (row) =>
        `${row.product}, ${SITE_STATUS_SORT_ORDER.map((s) => `${SITE_STATUS_DISPLAY[s]} ${countText(row.counts[s])}`).join(', ')}`,
    )
    .join('; ')}. The table below lists them.`;
  return (
    <Figure
      label={label}
      height={Math.max(120, 40 + data.length * 52)}
      legend={SITE_STATUS_SORT_ORDER.map((status) => ({
        label: SITE_STATUS_DISPLAY[status],
        color: colors.status[status],
        mark: 'bar' as const,
      }))}
    >
      <BarChart
        data={data}
        layout="vertical"
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 0, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} stroke="#e5e5e5" />
        <XAxis type="number" allowDecimals={false} tick={tick(colors.axis)} stroke={colors.axis} />
        <YAxis type="category" dataKey="product" tick={tick(colors.axis)} stroke={colors.axis} width={120} />
        <Tooltip
          {...tooltipText(colors)}
          itemSorter={(item) => SITE_STATUS_SORT_ORDER.indexOf(item.dataKey as SiteStatus)}
          formatter={(value, name) => [countText(Number(value)), name]}
        />
        {SITE_STATUS_SORT_ORDER.map((status) => (
          <Bar
            key={status}
            dataKey={status}
            name={SITE_STATUS_DISPLAY[status]}
            stackId="sites"
            fill={colors.status[status]}
            stroke="#ffffff"
            strokeWidth={1}
            maxBarSize={32}
          />
        ))}
      </BarChart>
    </Figure>
  );
}
