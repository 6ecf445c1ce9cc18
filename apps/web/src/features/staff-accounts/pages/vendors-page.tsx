import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  countOf,
  formatCount,
  SITE_STATUS_DISPLAY,
  STAFF_PAGE_SIZES,
  VENDOR_STATUS_LABELS,
  VENDOR_STATUSES,
  VENDOR_TYPE_LABELS,
  type VendorStatus,
  type VendorSummary,
  type VendorType,
} from '@vp/contract';
import { Button, Card, Input, Select, Space, Table, Tag, type TableProps } from 'antd';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useListSearch } from '../../../hooks/use-list-search.ts';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useVendors } from '../api.ts';
import { VendorStatusBadge } from '../components/badges.tsx';
import { openableRow, useFocusRowOnClose } from '../components/openable-row.ts';
import { VendorDrawer } from '../components/vendor-drawer.tsx';
import { useVendorsListState, vendorListParams, type VendorsListState } from '../list-state.ts';
import '../staff-accounts.css';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { CLEARABLE } from '../../../components/clear-icon.tsx';

type SortKey = VendorsListState['sort'];

function SitesCell({ v }: { v: VendorSummary }) {
  const s = v.sites;
  const parts: [string, number][] = [
    [SITE_STATUS_DISPLAY.Active, s.active],
    [SITE_STATUS_DISPLAY['Pending Activation'], s.pendingActivation],
    [SITE_STATUS_DISPLAY['Pending Termination'], s.pendingTermination],
    [SITE_STATUS_DISPLAY.Inactive, s.inactive],
  ];
  return (
    <span className="vp-console-sites-cell">
      <span className="vp-console-name">{countOf(s.total, 'site')}</span>
      <span className="vp-console-sites">
        {parts.map(([label, n]) => (
          <span key={label}>
            {label} {n}
          </span>
        ))}
      </span>
    </span>
  );
}

function MissingCell({ v }: { v: VendorSummary }) {
  if (v.missingDocs === 0 && v.missingSiteDocs === 0) return <span className="vp-muted">None</span>;
  return (
    <span className="vp-console-sites">
      {v.missingDocs > 0 && <span>{v.missingDocs} on the account</span>}
      {v.missingSiteDocs > 0 && (
        <span>
          {v.missingSiteDocs} site{v.missingSiteDocs === 1 ? '' : 's'}
        </span>
      )}
    </span>
  );
}

function TypeCell({ v }: { v: VendorSummary }) {
  return (
    <Space size={4} wrap>
      <span>{VENDOR_TYPE_LABELS[v.type as VendorType] ?? v.type}</span>
      {v.isProvider && <Tag>Provider</Tag>}
      {v.isConsumer && <Tag>Consumer</Tag>}
    </Space>
  );
}

/**
 * Vendors in the MLS staff console: every account with its figures at a glance (sites by status,
 * missing documents, users, last activity), searched, filtered, sorted and paged in the URL, and
 * the open vendor (`vendor`) too, so a reload or a shared link brings the same screen back.
 */
export default function VendorsPage() {
  const [state, setState] = useVendorsListState();
  const search = useListSearch(state.search, (text) => setState({ search: text, page: 1 }));
  const list = useVendors(vendorListParams(state));
  const wide = useIsWide();

  const open = (id: number | 'new') => setState({ vendor: id }, 'push');
  const close = () => setState({ vendor: null });
  useFocusRowOnClose('vendors-table', state.vendor === 'new' ? null : state.vendor);

  const sortable = (key: SortKey) => ({
    key,
    sorter: true,
    sortOrder:
      state.sort === key ? (state.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });

  const columns: NonNullable<TableProps<VendorSummary>['columns']> = wide
    ? [
        {
          title: 'Vendor',
          dataIndex: 'name',
          ...sortable('name'),
          render: (_: string, v) => (
            <>
              <span className="vp-console-name">{v.name}</span>
              {v.parent && <span className="vp-console-sub">Sub-account of {v.parent.code}</span>}
            </>
          ),
        },
        { title: 'Code', dataIndex: 'code', ...sortable('code') },
        { title: 'Type', key: 'type', render: (_, v) => <TypeCell v={v} /> },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (s: VendorStatus) => <VendorStatusBadge status={s} />,
        },
        { title: 'Sites', key: 'sites', width: 250, render: (_, v) => <SitesCell v={v} /> },
        { title: 'Missing documents', key: 'missing', width: 140, render: (_, v) => <MissingCell v={v} /> },
        { title: 'Users', dataIndex: 'users' },
        {
          title: 'Last activity',
          dataIndex: 'lastActivity',
          ...sortable('lastActivity'),
          render: (at: string | null) => (at ? displayDateTime(at) : <span className="vp-muted">None</span>),
        },
      ]
    : [
        {
          title: 'Vendor',
          dataIndex: 'name',
          ...sortable('name'),
          render: (_: string, v) => (
            <div className="vp-console-card" data-testid="vendor-card">
              <span className="vp-console-name">
                {v.name} <span className="vp-muted">({v.code})</span>
              </span>
              <span className="vp-console-card-meta">
                <VendorStatusBadge status={v.status} />
                <span>{countOf(v.sites.total, 'site')}</span>
                {v.missingDocs + v.missingSiteDocs > 0 && (
                  <span>{v.missingDocs + v.missingSiteDocs} missing documents</span>
                )}
              </span>
            </div>
          ),
        },
      ];

  const filtered = !!state.search || !!state.status;
  const waiting = list.isPending;
  const emptyText = waiting ? (
    <LoadingState label="Loading vendors" rows={6} />
  ) : filtered ? (
    <EmptyState
      title={
        state.search && state.status
          ? `No ${VENDOR_STATUS_LABELS[state.status].toLowerCase()} vendors match "${state.search}".`
          : state.search
            ? `No vendors match "${state.search}".`
            : `No vendors are ${VENDOR_STATUS_LABELS[state.status!].toLowerCase()}.`
      }
      action={
        <Button
          onClick={() => {
            search.clear();
            setState({ search: '', status: null, page: 1 }, 'push');
          }}
        >
          Show all vendors
        </Button>
      }
    />
  ) : (
    <EmptyState
      title="No vendors yet."
      action={
        <Button type="primary" onClick={() => open('new')}>
          New vendor
        </Button>
      }
    />
  );

  return (
    <Card title={<h1 className="vp-card-title">Vendors</h1>}>
      <div className="vp-console-toolbar">
        <Select<VendorStatus>
          className="vp-console-filter"
          aria-label="Status filter"
          placeholder="All statuses"
          allowClear
          value={state.status ?? undefined}
          onChange={(v) => setState({ status: v ?? null, page: 1 }, 'push')}
          options={VENDOR_STATUSES.map((s) => ({ value: s, label: VENDOR_STATUS_LABELS[s] }))}
        />
        <Input
          className="vp-console-search"
          prefix={<SearchOutlined aria-hidden="true" />}
          aria-label="Search vendors"
          placeholder="Name or code"
          allowClear={CLEARABLE}
          value={search.text}
          onChange={(e) => search.change(e.target.value)}
        />
        <span className="vp-console-toolbar-grow" />
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => open('new')}>
          New vendor
        </Button>
      </div>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<VendorSummary>
          className="vp-console-table"
          data-testid="vendors-table"
          rowKey="id"
          size={wide ? 'middle' : 'small'}
          dataSource={list.data?.items ?? []}
          columns={columns}
          loading={list.isPlaceholderData}
          locale={{ emptyText }}
          tableLayout={wide ? 'auto' : undefined}
          scroll={wide ? { x: true } : undefined}
          onRow={(v) => ({ ...openableRow(() => open(v.id)), 'aria-label': `Open ${v.name}` })}
          pagination={{
            current: state.page,
            pageSize: state.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [...STAFF_PAGE_SIZES],
            showTotal: (t) => `${formatCount(t)} vendors`,
            size: wide ? undefined : 'small',
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const key = (s?.order ? s.columnKey : undefined) as SortKey | undefined;
              setState(
                { sort: key ?? 'name', order: s?.order === 'descend' ? 'desc' : 'asc', page: 1 },
                'push',
              );
              return;
            }
            if (extra.action !== 'paginate') return;
            const size = pagination.pageSize ?? state.size;
            setState({ page: size !== state.size ? 1 : (pagination.current ?? 1), size }, 'push');
          }}
        />
      )}
      {state.vendor !== null && (
        <VendorDrawer
          key={String(state.vendor)}
          id={state.vendor}
          onClose={close}
          onOpenVendor={(id) => open(id)}
          onCreated={(id) => setState({ vendor: id })}
        />
      )}
    </Card>
  );
}
