import { countOf, formatCount, passRateText, type ComplianceReport } from '@vp/contract';
import type { ReactNode } from 'react';

/**
 * The report's header figures: the pass rate, the websites checked (in the last day and week), the
 * failing and unreadable ones, and the findings open and overdue. A figure that needs attention
 * says so in words as well as in colour.
 */
export function SummaryFigures({ report }: { report: ComplianceReport }) {
  const s = report.summary;
  return (
    <dl className="vp-cr-figures" data-testid="compliance-summary">
      <Figure label="Pass rate" value={passRateText(s.passRate)} testId="figure-pass-rate">
        {s.sitesChecked > 0
          ? `${formatCount(s.passing)} of ${countOf(s.sitesChecked, 'website')} passing`
          : 'No website checked'}
      </Figure>
      <Figure label="Websites checked" value={formatCount(s.sitesChecked)} testId="figure-checked">
        of {countOf(s.sitesToCheck, 'website')} to check
      </Figure>
      <Figure label="Checked in the last day" value={formatCount(s.checkedLastDay)} testId="figure-last-day">
        {formatCount(s.checkedLast7Days)} in the last 7 days
      </Figure>
      <Figure
        label="Failing"
        value={formatCount(s.failing)}
        tone={s.failing > 0 ? 'danger' : undefined}
        testId="figure-failing"
      >
        {formatCount(s.unknown)} could not be read
      </Figure>
      <Figure label="Open findings" value={formatCount(s.openFindings)} testId="figure-open">
        waiting for a fix
      </Figure>
      <Figure
        label="Overdue findings"
        value={formatCount(s.overdueFindings)}
        tone={s.overdueFindings > 0 ? 'danger' : undefined}
        testId="figure-overdue"
      >
        {s.overdueFindings > 0 ? 'past their fix-by date' : 'none past its fix-by date'}
      </Figure>
    </dl>
  );
}

function Figure({
  label,
  value,
  tone,
  testId,
  children,
}: {
  label: string;
  value: string;
  tone?: 'danger';
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className={`vp-cr-figure${tone ? ` vp-cr-figure-${tone}` : ''}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <span className="vp-cr-figure-value">{value}</span>
        <span className="vp-cr-figure-note">{children}</span>
      </dd>
    </div>
  );
}
