import type { QueueItem } from '@vp/contract';
import { formatCount } from '@vp/contract';
import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { LoadingState } from '../../../components/query-states.tsx';
import { SiteStatusBadge } from '../../../components/status-badge.tsx';
import { bulkKindOf } from '../queue-format.ts';
import { QUEUE_PAGE_SIZES } from '../queue-state.ts';
import {
  AgentCell,
  ItemActions,
  ItemDetails,
  KindTag,
  VendorCell,
  Waiting,
  type ItemActionKind,
} from './queue-item-parts.tsx';
import { DomainName } from '../../../components/domain-name.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';

export interface QueueTableHandlers {
  onAction: (item: QueueItem, kind: ItemActionKind) => void;
  onReject: (item: QueueItem, documentId: number, type: string) => void;
  /** The action of this item under way, if any (its button spins). */
  busy: (item: QueueItem) => ItemActionKind | null;
}

interface Props extends QueueTableHandlers {
  items: QueueItem[];
  total: number;
  /** The first answer is on its way (no rows yet); `refreshing`: rows shown while a newer one comes. */
  loading: boolean;
  refreshing: boolean;
  emptyText: ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  selected: readonly string[];
  onSelect: (keys: string[]) => void;
  /** Whether the rows shown can be decided in bulk (none can when filtered to another kind). */
  selectable?: boolean;
}

/**
 * The queue, oldest first as the server orders it. A wide screen shows a column per fact; a phone
 * shows each item as a card with the same facts and actions, one under the other.
 */
export function QueueTable({
  items,
  total,
  loading,
  refreshing,
  emptyText,
  page,
  pageSize,
  onPage,
  selected,
  onSelect,
  selectable = true,
  ...handlers
}: Props) {
  const wide = useIsWide();

  const details = (item: QueueItem) => (
    <ItemDetails item={item} onReject={(id, type) => handlers.onReject(item, id, type)} />
  );
  const actions = (item: QueueItem) => (
    <ItemActions item={item} busy={handlers.busy(item)} onAction={(kind) => handlers.onAction(item, kind)} />
  );

  const columns: NonNullable<TableProps<QueueItem>['columns']> = wide
    ? [
        { title: 'Kind', key: 'kind', render: (_, item) => <KindTag kind={item.kind} /> },
        {
          title: 'Website',
          key: 'website',
          render: (_, item) => (
            <span className="vp-queue-stack">
              <DomainName className="vp-domain-cell" domain={item.domainName} />
              <SiteStatusBadge status={item.status} />
            </span>
          ),
        },
        { title: 'Vendor', key: 'vendor', render: (_, item) => <VendorCell item={item} /> },
        { title: 'Agent', key: 'agent', render: (_, item) => <AgentCell item={item} /> },
        { title: 'Waiting', key: 'waiting', render: (_, item) => <Waiting item={item} /> },
        { title: 'Details', key: 'details', render: (_, item) => details(item) },
        { title: 'Actions', key: 'actions', render: (_, item) => actions(item) },
      ]
    : [
        {
          title: 'Item',
          key: 'item',
          render: (_, item) => (
            <div className="vp-queue-card" data-testid="queue-card">
              <div className="vp-queue-card-head">
                <KindTag kind={item.kind} />
                <Waiting item={item} />
              </div>
              <DomainName className="vp-domain-cell" domain={item.domainName} />
              <span className="vp-queue-card-meta">
                <SiteStatusBadge status={item.status} />
                <span>
                  {item.vendor.name} ({item.vendor.code})
                </span>
                <span>
                  {item.agent.name || item.agent.memberNumber} ({item.agent.memberNumber})
                </span>
              </span>
              {details(item)}
              {actions(item)}
            </div>
          ),
        },
      ];

  const waiting = loading && items.length === 0;
  return (
    <Table<QueueItem>
      className={`vp-queue-table${wide ? '' : ' vp-queue-table-phone'}`}
      data-testid="queue-table"
      rowKey="key"
      size={wide ? 'middle' : 'small'}
      dataSource={items}
      columns={columns}
      loading={refreshing && !waiting}
      locale={{ emptyText: waiting ? <LoadingState label="Loading the queue" rows={6} /> : emptyText }}
      tableLayout={wide ? 'auto' : undefined}
      scroll={wide ? { x: 1100 } : undefined}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: [...selected],
              onChange: (keys) => onSelect(keys.map(String)),
              columnWidth: wide ? 40 : 32,
              // Only activations and terminations are decided in bulk; other rows have no box.
              getCheckboxProps: (item) => ({
                disabled: bulkKindOf(item) === null,
                'aria-label': `Select ${item.domainName}`,
              }),
              renderCell: (_checked, item, _index, node) => (bulkKindOf(item) === null ? null : node),
            }
          : undefined
      }
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [...QUEUE_PAGE_SIZES],
        showTotal: (t) => `${formatCount(t)} ${t === 1 ? 'item' : 'items'}`,
        size: wide ? undefined : 'small',
      }}
      onChange={(pagination, _filters, _sorter, extra) => {
        if (extra.action !== 'paginate') return;
        const size = pagination.pageSize ?? pageSize;
        onPage(size !== pageSize ? 1 : (pagination.current ?? 1), size);
      }}
    />
  );
}
