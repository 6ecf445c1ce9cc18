import type { ImportRow, ImportRowResult } from '@vp/contract';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useScrollRegion } from '../../../hooks/use-scroll-region.ts';

/** The file's rows, with each row's status once checked: OK, Created, or the message in red. */

export type RowFilter = 'all' | 'problems';

interface Props {
  rows: readonly ImportRow[];
  /** By row number; empty before the dry run. */
  results: ReadonlyMap<number, ImportRowResult>;
  filter: RowFilter;
}

function Status({ result }: { result: ImportRowResult | undefined }) {
  if (!result) return <span className="vp-muted">Not checked</span>;
  if (!result.ok)
    return (
      <Typography.Text type="danger" data-testid="row-problem">
        {result.message}
      </Typography.Text>
    );
  return result.siteId === null ? <Tag color="green">OK</Tag> : <Tag color="blue">Created</Tag>;
}

export function ImportTable({ rows, results, filter }: Props) {
  const region = useScrollRegion<HTMLDivElement>('Rows of the file');
  const shown = filter === 'problems' ? rows.filter((r) => results.get(r.row)?.ok === false) : rows;
  const text = (key: keyof ImportRow) => (row: ImportRow) => String(row[key] ?? '');
  const columns: ColumnsType<ImportRow> = [
    { title: 'Row', dataIndex: 'row', key: 'row', width: 64 },
    // Beside the row number, so a phone shows what is wrong with a row without scrolling sideways.
    {
      title: 'Status',
      key: 'status',
      render: (_, row) => <Status result={results.get(row.row)} />,
      width: 240,
    },
    { title: 'Domain', key: 'domainName', render: text('domainName'), ellipsis: true },
    { title: 'Member #', key: 'memberNumber', render: text('memberNumber'), width: 110 },
    { title: 'Product', key: 'product', render: text('product'), width: 150 },
    { title: 'DBA', key: 'dba', render: text('dba'), ellipsis: true },
    { title: 'Start Date', key: 'startDate', render: text('startDate'), width: 120 },
  ];
  return (
    <div ref={region}>
      <Table<ImportRow>
        data-testid="import-table"
        size="small"
        rowKey="row"
        columns={columns}
        dataSource={shown as ImportRow[]}
        scroll={{ x: 1000 }}
        pagination={{
          defaultPageSize: 50,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          hideOnSinglePage: true,
        }}
        rowClassName={(row) => (results.get(row.row)?.ok === false ? 'vp-import-bad' : '')}
        locale={{ emptyText: filter === 'problems' ? 'No row has a problem.' : 'No rows.' }}
      />
    </div>
  );
}
