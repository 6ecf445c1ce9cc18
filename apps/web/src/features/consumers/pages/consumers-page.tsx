import { displayDate, FeedMessages, type FeedRelation, type FeedStatus } from '@vp/contract';
import { Card, Space, Table, type TableProps } from 'antd';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { FeedStatusBadge } from '../../../components/status-badge.tsx';
import { useConsumers } from '../api.ts';
import { useIsWide } from '../../../hooks/use-is-wide.ts';

const vendorCell = (name: string, r: FeedRelation) => (
  <Space size={6} wrap>
    <span>{name}</span>
    <span className="vp-muted">{r.vendorCode}</span>
  </Space>
);

const wideColumns: NonNullable<TableProps<FeedRelation>['columns']> = [
  { title: 'Vendor', dataIndex: 'vendorName', render: vendorCell },
  { title: 'Feed type', dataIndex: 'feedType' },
  { title: 'Status', dataIndex: 'status', render: (s: FeedStatus) => <FeedStatusBadge status={s} /> },
  // Dates as every other screen writes them (spec: MM/DD/YYYY).
  { title: 'Since', dataIndex: 'since', render: (d: string) => displayDate(d) },
];

/** On a phone each relation is one cell: the vendor, then its feed type, status and since-date. */
const narrowColumns: NonNullable<TableProps<FeedRelation>['columns']> = [
  {
    title: 'Vendor',
    dataIndex: 'vendorName',
    render: (name: string, r) => (
      <div>
        {vendorCell(name, r)}
        <div className="vp-muted">
          {r.feedType} · <FeedStatusBadge status={r.status} /> since {displayDate(r.since)}
        </div>
      </div>
    ),
  },
];

function FeedTable({ title, rows, empty }: { title: string; rows: FeedRelation[]; empty: string }) {
  const wide = useIsWide();
  const id = `feeds-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="vp-section">
      <h2 id={id} className="vp-card-title" style={{ fontSize: 16, marginBottom: 8 }}>
        {title}
      </h2>
      <Table<FeedRelation>
        data-testid={id}
        rowKey="id"
        size="middle"
        columns={wide ? wideColumns : narrowColumns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: empty }}
      />
    </section>
  );
}

/**
 * The vendor's data feeds: a provider sees the consumers it feeds, a consumer the providers that
 * feed it (a vendor that is both sees both), each with the other vendor, feed type, status and
 * since-date.
 */
export default function ConsumersPage() {
  const data = useConsumers();
  let body;
  if (data.isPending) body = <LoadingState label="Loading data feeds" rows={4} />;
  else if (data.isError) body = <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  else
    body = (
      <>
        {data.data.isProvider && (
          <FeedTable
            title={FeedMessages.consumersTitle}
            rows={data.data.consumers}
            empty={FeedMessages.noConsumers}
          />
        )}
        {data.data.isConsumer && (
          <FeedTable
            title={FeedMessages.providersTitle}
            rows={data.data.providers}
            empty={FeedMessages.noProviders}
          />
        )}
      </>
    );
  return <Card title={<h1 className="vp-card-title">Data Feeds</h1>}>{body}</Card>;
}
