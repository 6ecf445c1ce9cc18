import {
  COMPLIANCE_TREND_DAYS,
  ComplianceReportMessages,
  countOf,
  formatCount,
  passRateText,
  type ComplianceTrendDay,
} from '@vp/contract';

/** How the compliance report writes its days and says what its trend shows. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const parts = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return { y: y ?? 0, m: m ?? 1, d: d ?? 1 };
};

/** '06/15/2026' for 2026-06-15: the console's dates. */
export function dayText(day: string): string {
  const { y, m, d } = parts(day);
  return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`;
}

/** 'Jun 15' for 2026-06-15: the chart's axis. */
export function shortDay(day: string): string {
  const { m, d } = parts(day);
  return `${MONTHS[m - 1] ?? ''} ${d}`;
}

/**
 * The trend in a few sentences, for every reader (and the chart's text alternative): how many days
 * had checks and how many sites a day, the pass rate at the start and end and its lowest and highest,
 * and the findings opened and resolved.
 */
export function trendSummary(trend: readonly ComplianceTrendDay[]): string {
  const checked = trend.filter((d) => d.sitesChecked > 0);
  const opened = trend.reduce((n, d) => n + d.findingsOpened, 0);
  const resolved = trend.reduce((n, d) => n + d.findingsResolved, 0);
  const findings = `${countOf(opened, 'finding was', 'findings were')} opened and ${formatCount(resolved)} resolved.`;
  if (checked.length === 0) return `${ComplianceReportMessages.trendEmpty} ${findings}`;
  const first = checked[0]!;
  const last = checked.at(-1)!;
  const average = Math.round(checked.reduce((n, d) => n + d.sitesChecked, 0) / checked.length);
  const sentences = [
    `Websites were checked on ${countOf(checked.length, 'day')} of the last ${COMPLIANCE_TREND_DAYS}, ${countOf(average, 'website')} a day on average.`,
  ];
  if (checked.length === 1) {
    sentences.push(`The pass rate was ${passRateText(first.passRate)} on ${dayText(first.day)}.`);
  } else {
    const byRate = [...checked].sort((a, b) => (a.passRate ?? 0) - (b.passRate ?? 0));
    const lowest = byRate[0]!;
    const highest = byRate.at(-1)!;
    sentences.push(
      `The pass rate went from ${passRateText(first.passRate)} on ${dayText(first.day)} to ${passRateText(last.passRate)} on ${dayText(last.day)}; it was lowest on ${dayText(lowest.day)} (${passRateText(lowest.passRate)}) and highest on ${dayText(highest.day)} (${passRateText(highest.passRate)}).`,
    );
  }
  sentences.push(findings);
  return sentences.join(' ');
}
