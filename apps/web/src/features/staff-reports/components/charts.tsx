import {
  SITE_STATUS_DISPLAY,
  SITE_STATUS_SORT_ORDER,
  type ApprovalTimesReport,
  type BillableSitesReport,
  type SitesByProductReport,
} from '@vp/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useSettings } from '../../../lib/settings.ts';
import { chartColors } from '../chart-colors.ts';
import { countText, hoursText, monthLabel } from '../format.ts';

/**
 * The reports' charts (recharts, loaded with this page only). A chart is one picture to a screen
 * reader, named with what it shows; its figures are in the table beside it. Ticks and labels are
 * dark enough to read, and every series has a legend or a label of its own.
 */

const TICK_SIZE = 12;

function useColors() {
  return chartColors(useSettings().colorblind);
}

/** A chart as one image to assistive technology; the table that follows holds its figures. */
function Figure({ label, height, children }: { label: string; height: number; children: React.ReactNode }) {
  return (
    <div className="vp-report-chart" role="img" aria-label={label} style={{ height }}>
      {children}
    </div>
  );
}

const tick = (fill: string) => ({ fill, fontSize: TICK_SIZE });

/** Tooltips and legends write in dark text; a series' colour marks it, never colours its words. */
const TEXT = '#262626';
const tooltipText = { itemStyle: { color: TEXT }, labelStyle: { color: TEXT, fontWeight: 600 } };
const legendText = (value: string) => <span style={{ color: TEXT }}>{value}</span>;

export function BillableChart({ report }: { report: BillableSitesReport }) {
  const colors = useColors();
  const data = report.months.map((month, i) => ({
    month: monthLabel(month),
    sites: report.totals.sites[i] ?? 0,
  }));
  const label = `Bar chart of billable sites per month, all vendors: ${data
    .map((d) => `${d.month}, ${countText(d.sites)}`)
    .join('; ')}. The table below lists them by vendor.`;
  return (
    <Figure label={label} height={280}>
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
        <Tooltip {...tooltipText} formatter={(value) => [countText(Number(value)), 'Billable sites']} />
        <Bar dataKey="sites" name="Billable sites" fill={colors.primary} maxBarSize={48} />
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
    <Figure label={label} height={300}>
      <ComposedChart
        data={data}
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 20, right: 8, bottom: 0, left: 0 }}
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
          {...tooltipText}
          formatter={(value, name) => [value === null ? 'N/A' : `${hoursText(Number(value))} h`, name]}
        />
        <Legend wrapperStyle={{ fontSize: TICK_SIZE }} formatter={legendText} />
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
        <ReferenceLine
          y={goal}
          stroke={colors.goal}
          strokeDasharray="6 4"
          strokeWidth={2}
          label={{
            value: `Goal: ${goal} h`,
            position: 'insideTopRight',
            fill: colors.goal,
            fontSize: TICK_SIZE,
          }}
        />
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
    <Figure label={label} height={Math.max(160, 72 + data.length * 52)}>
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
        <Tooltip {...tooltipText} formatter={(value, name) => [countText(Number(value)), name]} />
        <Legend wrapperStyle={{ fontSize: TICK_SIZE }} formatter={legendText} />
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
