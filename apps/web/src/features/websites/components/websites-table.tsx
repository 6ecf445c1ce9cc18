import { GlobalOutlined } from '@ant-design/icons';
import { displayDate, type SiteStatus, type Website, type WebsiteListQuery } from '@vp/contract';
import { Button, Grid, Table, Tooltip, type TableProps } from 'antd';
import type { Key } from 'react';
import { MlsStatusBadge, SiteStatusBadge } from '../../../components/status-badge.tsx';

export type SortField = NonNullable<WebsiteListQuery['sort']>;

export interface TableState {
  page: number;
  pageSize: number;
  sort: SortField;
  order: 'asc' | 'desc';
}

interface Props {
  rows: Website[];
  total: number;
  loading: boolean;
  state: TableState;
  onStateChange: (next: TableState) => void;
  onOpen?: (site: Website) => void;
  onView?: (site: Website) => void;
  selection?: TableProps<Website>['rowSelection'];
}

function dateCell(v: string | null) {
  return v ? displayDate(v) : '';
}

/** The websites table with server-side paging and sorting (the server holds every row). */
export function WebsitesTable({
  rows,
  total,
  loading,
  state,
  onStateChange,
  onOpen,
  onView,
  selection,
}: Props) {
  // On a phone the table scrolls sideways; a pinned action column would cover the first columns.
  const wide = Grid.useBreakpoint().md ?? true;
  const sortable = (key: SortField) => ({
    key,
    sorter: true,
    sortOrder:
      state.sort === key ? (state.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });

  const columns: TableProps<Website>['columns'] = [
    {
      title: 'Domain',
      dataIndex: 'domainName',
      ...sortable('domainName'),
      render: (v: string) => <span className="vp-domain-cell">{v}</span>,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      ...sortable('status'),
      render: (v: SiteStatus) => <SiteStatusBadge status={v} />,
    },
    { title: 'Licensee', dataIndex: 'licensee', ...sortable('licensee') },
    {
      title: 'MLS Status',
      dataIndex: 'mlsStatus',
      ...sortable('mlsStatus'),
      render: (v: string) => <MlsStatusBadge status={v} />,
    },
    { title: 'Office', dataIndex: 'office', ...sortable('office'), ellipsis: true },
    { title: 'MLS ID', dataIndex: 'mlsId', key: 'mlsId' },
    { title: 'Member #', dataIndex: 'memberNumber', ...sortable('memberNumber') },
    { title: 'Start Date', dataIndex: 'startDate', ...sortable('startDate'), render: dateCell },
    { title: 'Term Date', dataIndex: 'termDate', ...sortable('termDate'), render: dateCell },
  ];
  if (onView) {
    columns.push({
      title: <span className="vp-sr-only">View site</span>,
      key: 'view',
      fixed: wide ? 'end' : undefined,
      width: 56,
      render: (_: unknown, site: Website) => (
        <Tooltip title="View site">
          <Button
            size="small"
            type="text"
            icon={<GlobalOutlined />}
            aria-label={`View ${site.domainName}`}
            onClick={(e) => {
              e.stopPropagation();
              onView(site);
            }}
          />
        </Tooltip>
      ),
    });
  }

  return (
    <Table<Website>
      className="vp-websites-table"
      data-testid="websites-table"
      rowKey="rowKey"
      size="middle"
      dataSource={rows}
      columns={columns}
      loading={loading}
      rowSelection={selection}
      scroll={{ x: 'max-content' }}
      onRow={(site) =>
        onOpen
          ? {
              onClick: () => onOpen(site),
              onKeyDown: (e) => {
                if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(site);
              },
              tabIndex: 0,
            }
          : {}
      }
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: (t) => `${t.toLocaleString('en-US')} websites`,
      }}
      onChange={(pagination, _filters, sorter) => {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const key = (s?.order ? (s.columnKey as Key | undefined) : undefined) as SortField | undefined;
        const sortChanged =
          (key ?? 'domainName') !== state.sort || (s?.order === 'descend' ? 'desc' : 'asc') !== state.order;
        onStateChange({
          page: sortChanged ? 1 : (pagination.current ?? 1),
          pageSize: pagination.pageSize ?? state.pageSize,
          sort: key ?? 'domainName',
          order: s?.order === 'descend' ? 'desc' : 'asc',
        });
      }}
    />
  );
}
