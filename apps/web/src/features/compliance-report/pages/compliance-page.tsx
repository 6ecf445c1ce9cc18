import { DownloadOutlined } from '@ant-design/icons';
import {
  COMPLIANCE_OVERDUE_LIST_MAX,
  ComplianceReportMessages as M,
  formatCount,
  type ComplianceReport,
} from '@vp/contract';
import { Alert, Button, Card } from 'antd';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useComplianceReport } from '../api.ts';
import { OverdueList } from '../components/overdue-list.tsx';
import { ReportFilters } from '../components/report-filters.tsx';
import { ReportCard } from '../../../components/report-card.tsx';
import { RulesTable } from '../components/rules-table.tsx';
import { SummaryFigures } from '../components/summary-figures.tsx';
import { TrendChart } from '../components/trend-chart.tsx';
import { VendorsTable } from '../components/vendors-table.tsx';
import { useComplianceFilter, type ComplianceFilter } from '../report-filter.ts';
import { trendSummary } from '../report-text.ts';
import '../compliance-report.css';

/**
 * The MLS staff's compliance screen: the pass rate of the licensed websites overall, per vendor and
 * per rule; the findings past their fix-by date, each a link to its decision in the approval queue;
 * and the last 90 days. The vendor and product it is narrowed to live in the URL; the workbook holds
 * every table of it.
 */
export default function CompliancePage() {
  const [filter, setFilter] = useComplianceFilter();
  const query = useComplianceReport(filter);
  const report = query.data;
  const [downloading, setDownloading] = useState(false);
  const filtered = filter.vendor !== null || filter.product !== null;
  const showAll = () => setFilter({ vendor: null, product: null });

  async function download(data: ComplianceReport) {
    setDownloading(true);
    try {
      const { downloadComplianceReport } = await import('../compliance-xlsx.ts');
      const fileName = await downloadComplianceReport(data);
      void toast('success', `${fileName} downloaded`);
    } catch (err) {
      void toast('error', errorMessage(err));
    } finally {
      setDownloading(false);
    }
  }

  let body;
  if (query.isError && !report) {
    const notFound = query.error instanceof ApiError && query.error.status === 404 && filtered;
    body = notFound ? (
      <Alert
        type="warning"
        showIcon
        title={errorMessage(query.error)}
        action={
          <Button size="small" onClick={showAll}>
            Show every vendor and product
          </Button>
        }
      />
    ) : (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} />
    );
  } else if (!report) {
    body = <LoadingState label="Loading the compliance report" rows={8} />;
  } else {
    body = (
      <ReportBody
        report={report}
        filter={filter}
        busy={query.isPlaceholderData}
        onChange={setFilter}
        onShowAll={showAll}
      />
    );
  }

  return (
    <div className="vp-cr">
      <Card className="vp-cr-head">
        <div className="vp-cr-head-row">
          <div className="vp-cr-head-intro">
            <h1 className="vp-card-title">{M.title}</h1>
            <p className="vp-muted vp-cr-note">{M.intro}</p>
          </div>
          <Button
            icon={<DownloadOutlined aria-hidden="true" />}
            disabled={!report || query.isPlaceholderData}
            loading={downloading}
            onClick={() => report && void download(report)}
          >
            Download xlsx
          </Button>
        </div>
        <ReportFilters filter={filter} choices={report?.choices} onChange={setFilter} />
        {report && <SummaryFigures report={report} />}
      </Card>
      {body}
    </div>
  );
}

function ReportBody({
  report,
  filter,
  busy,
  onChange,
  onShowAll,
}: {
  report: ComplianceReport;
  filter: ComplianceFilter;
  busy: boolean;
  onChange: (patch: Partial<ComplianceFilter>) => void;
  onShowAll: () => void;
}) {
  const summaryId = useId();
  const nothing =
    report.summary.sitesChecked === 0 &&
    report.summary.openFindings === 0 &&
    report.trend.every((d) => d.sitesChecked === 0 && d.findingsOpened === 0 && d.findingsResolved === 0);
  if (nothing) {
    const filtered = filter.vendor !== null || filter.product !== null;
    return (
      <Card>
        <EmptyState
          title={filtered ? 'Nothing was checked for this choice yet.' : M.nothingChecked}
          action={filtered ? <Button onClick={onShowAll}>Show every vendor and product</Button> : undefined}
        />
      </Card>
    );
  }
  const { overdue } = report;
  return (
    <div className="vp-cr-body" aria-busy={busy}>
      <ReportCard
        id="compliance-overdue"
        title={M.overdueTitle}
        note={
          overdue.total > overdue.items.length
            ? `${M.overdueNote} The ${formatCount(overdue.items.length)} most overdue of ${formatCount(overdue.total)}.`
            : M.overdueNote
        }
        tools={
          overdue.total > 0 ? (
            <Link to="/admin/queue?kind=compliance" className="vp-cr-queue-link">
              Open the compliance queue
            </Link>
          ) : undefined
        }
      >
        {overdue.items.length === 0 ? (
          <EmptyState title={M.overdueEmpty} />
        ) : (
          <OverdueList items={overdue.items} />
        )}
        {overdue.total > COMPLIANCE_OVERDUE_LIST_MAX && (
          <p className="vp-muted vp-cr-note">The approval queue lists every one of them.</p>
        )}
      </ReportCard>
      <ReportCard id="compliance-vendors" title={M.vendorsTitle} note={M.vendorsNote}>
        {report.vendors.length === 0 ? (
          <EmptyState title="No vendor has a website checked." />
        ) : (
          <VendorsTable
            vendors={report.vendors}
            onChoose={filter.vendor === null ? (vendor) => onChange({ vendor }) : undefined}
          />
        )}
      </ReportCard>
      <ReportCard id="compliance-rules" title={M.rulesTitle} note={M.rulesNote}>
        {report.rules.length === 0 ? (
          <EmptyState title="No rule has been judged yet." />
        ) : (
          <RulesTable rules={report.rules} />
        )}
      </ReportCard>
      <ReportCard id="compliance-trend" title={M.trendTitle} note={M.trendNote}>
        <TrendChart trend={report.trend} summaryId={summaryId} />
        <p id={summaryId} className="vp-cr-summary" data-testid="trend-summary">
          {trendSummary(report.trend)}
        </p>
      </ReportCard>
    </div>
  );
}
