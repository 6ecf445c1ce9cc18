import { COMPLIANCE_RULE_LABELS, formatCount, type ComplianceRuleRow } from '@vp/contract';
import { Table, type TableProps } from 'antd';
import { useScrollRegion } from '../../../hooks/use-scroll-region.ts';
import { AttentionCount, PassRate } from './pass-rate.tsx';

/** Each kind of rule: the latest checks' results, the share that passed, and the findings. */
export function RulesTable({ rules }: { rules: readonly ComplianceRuleRow[] }) {
  const region = useScrollRegion<HTMLDivElement>('Pass rate per rule');
  const columns: NonNullable<TableProps<ComplianceRuleRow>['columns']> = [
    {
      title: 'Rule',
      key: 'rule',
      fixed: 'left',
      className: 'vp-cr-rule-cell',
      render: (_, r) => COMPLIANCE_RULE_LABELS[r.kind],
    },
    { title: 'Results', key: 'checks', align: 'right', render: (_, r) => formatCount(r.checks) },
    { title: 'Pass', key: 'pass', align: 'right', render: (_, r) => formatCount(r.pass) },
    { title: 'Fail', key: 'fail', align: 'right', render: (_, r) => formatCount(r.fail) },
    { title: 'Could not be read', key: 'unknown', align: 'right', render: (_, r) => formatCount(r.unknown) },
    { title: 'Pass rate', key: 'passRate', render: (_, r) => <PassRate rate={r.passRate} /> },
    { title: 'Open findings', key: 'open', align: 'right', render: (_, r) => formatCount(r.openFindings) },
    {
      title: 'Overdue',
      key: 'overdue',
      align: 'right',
      render: (_, r) => <AttentionCount n={r.overdueFindings} />,
    },
  ];
  return (
    <div ref={region}>
      <Table<ComplianceRuleRow>
        className="vp-cr-table"
        data-testid="rules-table"
        size="small"
        rowKey="kind"
        columns={columns}
        dataSource={[...rules]}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
