import { FeedMessages, type FeedRelation, type FeedStatus } from '@vp/contract';
import { Card, Space, Table, Tag, type TableProps } from 'antd';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useConsumers } from '../api.ts';

const STATUS_COLORS: Record<FeedStatus, string | undefined> = {
  Active: 'green',
  Pending: 'gold',
  Suspended: 'red',
  Ended: undefined,
};

const columns: NonNullable<TableProps<FeedRelation>['columns']> = [
  {
    title: 'Vendor',
    dataIndex: 'vendorName',
    render: (name: string, r) => (
      <Space size={6} wrap>
        <span>{name}</span>
        <span className="vp-muted">{r.vendorCode}</span>
      </Space>
    ),
  },
  { title: 'Feed type', dataIndex: 'feedType' },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (s: FeedStatus) => <Tag color={STATUS_COLORS[s]}>{s}</Tag>,
  },
  { title: 'Since', dataIndex: 'since' },
];

function FeedTable({ title, rows, empty }: { title: string; rows: FeedRelation[]; empty: string }) {
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
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
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
