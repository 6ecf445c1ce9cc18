import {
  DECISION_KINDS,
  DECISION_KIND_LABELS,
  ReportMessages,
  type ApprovalMonth,
  type ApprovalStats,
  type ApprovalTimesReport,
  type ReportRange,
} from '@vp/contract';
import { Table, type TableProps } from 'antd';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useApprovalTimes } from '../api.ts';
import { countText, hoursText, monthLabel } from '../format.ts';
import { ApprovalChart } from './charts.tsx';
import { useScrollRegion } from '../use-scroll-region.ts';
import { ReportCard } from '../../../components/report-card.tsx';

/** A kind's figures in one cell: how many decisions, and their median. */
function KindCell({ stats }: { stats: ApprovalStats }) {
  if (stats.decisions === 0) return <span className="vp-muted">0</span>;
  return (
    <span className="vp-report-kind">
      <span>{countText(stats.decisions)}</span>
      <span className="vp-muted">median {hoursText(stats.medianHours)} h</span>
    </span>
  );
}

/** Whether a median keeps to the goal, said in words as well as by colour. */
function GoalCell({ stats, goal }: { stats: ApprovalStats; goal: number }) {
  if (stats.medianHours === null) return <span className="vp-muted">N/A</span>;
  const met = stats.medianHours <= goal;
  return (
    <span className={met ? 'vp-report-goal-met' : 'vp-report-goal-missed'}>
      {hoursText(stats.medianHours)}
      <span className="vp-report-goal-word">{met ? ' (met)' : ' (missed)'}</span>
    </span>
  );
}

/** Approval times per month: the median and 90th percentile against the goal, and each kind's share. */
export function ApprovalReport({ range }: { range: ReportRange }) {
  const query = useApprovalTimes(range);
  const report = query.data;
  const empty = report !== undefined && report.overall.all.decisions === 0;
  return (
    <ReportCard
      id="report-approvals"
      title={ReportMessages.approvalTitle}
      note={`${ReportMessages.approvalNote} The goal is one business day (${report?.goalHours ?? 24} hours).`}
    >
      {query.isError && !report ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !report ? (
        <LoadingState label="Loading approval times" rows={6} />
      ) : empty ? (
        <EmptyState title={ReportMessages.approvalEmpty} />
      ) : (
        <div aria-busy={query.isPlaceholderData}>
          <ApprovalChart report={report} />
          <ApprovalTable report={report} />
        </div>
      )}
    </ReportCard>
  );
}

function ApprovalTable({ report }: { report: ApprovalTimesReport }) {
  const region = useScrollRegion<HTMLDivElement>('Approval times by month');
  const goal = report.goalHours;
  const columns: NonNullable<TableProps<ApprovalMonth>['columns']> = [
    { title: 'Month', key: 'month', fixed: 'left', render: (_, m) => monthLabel(m.month) },
    { title: 'Decisions', key: 'decisions', align: 'right', render: (_, m) => countText(m.all.decisions) },
    {
      title: 'Median (hours)',
      key: 'median',
      align: 'right',
      render: (_, m) => <GoalCell stats={m.all} goal={goal} />,
    },
    {
      title: '90th percentile (hours)',
      key: 'p90',
      align: 'right',
      render: (_, m) => hoursText(m.all.p90Hours),
    },
    ...DECISION_KINDS.map((kind) => ({
      title: DECISION_KIND_LABELS[kind],
      key: kind,
      align: 'right' as const,
      render: (_: unknown, m: ApprovalMonth) => <KindCell stats={m.byKind[kind]} />,
    })),
  ];
  const { overall } = report;
  return (
    <div ref={region}>
      <Table<ApprovalMonth>
        className="vp-report-table"
        data-testid="approval-table"
        size="small"
        rowKey="month"
        columns={columns}
        dataSource={report.months}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() => (
          <Table.Summary>
            <Table.Summary.Row className="vp-report-total">
              <Table.Summary.Cell index={0}>All months</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {countText(overall.all.decisions)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <GoalCell stats={overall.all} goal={goal} />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {hoursText(overall.all.p90Hours)}
              </Table.Summary.Cell>
              {DECISION_KINDS.map((kind, i) => (
                <Table.Summary.Cell key={kind} index={4 + i} align="right">
                  <KindCell stats={overall.byKind[kind]} />
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </div>
  );
}
