import { SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  ROLE_NAMES,
  ROLES,
  STAFF_PAGE_SIZES,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type Role,
  type UserStatus,
  type UserSummary,
  formatCount,
} from '@vp/contract';
import { Button, Card, Input, Select, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useListSearch } from '../../../hooks/use-list-search.ts';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useUsers, useVendorOptions } from '../api.ts';
import { InvitationBadge, UserStatusBadge } from '../components/badges.tsx';
import { InviteDialog } from '../components/invite-dialog.tsx';
import { openableRow, useFocusRowOnClose } from '../components/openable-row.ts';
import { UserDrawer } from '../components/user-drawer.tsx';
import { useUsersListState, userListParams } from '../list-state.ts';
import '../staff-accounts.css';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { CLEARABLE } from '../../../components/clear-icon.tsx';

function fullName(u: UserSummary): string {
  return `${u.firstName} ${u.lastName}`.trim();
}

function StatusCell({ u }: { u: UserSummary }) {
  return (
    <span className="vp-console-card-meta">
      <UserStatusBadge status={u.status} />
      {u.invitation && u.invitation.state !== 'pending' && <InvitationBadge state={u.invitation.state} />}
    </span>
  );
}

function AccountsCell({ u }: { u: UserSummary }) {
  if (u.vendors.length === 0) return <span className="vp-muted">None</span>;
  return (
    <span className="vp-console-sites">
      {u.vendors.map((v) => (
        <span key={v.id} title={v.name} className={v.isPrimary ? 'vp-console-name' : undefined}>
          {v.code}
          {v.isPrimary && u.vendors.length > 1 ? ' (primary)' : ''}
          {v.suspended ? ' (suspended)' : ''}
        </span>
      ))}
    </span>
  );
}

/**
 * Users in the MLS staff console: searched by name, username or email and filtered by role,
 * status and vendor in the URL, with the open user (`user`) too. Invitations start here.
 */
export default function UsersPage() {
  const [state, setState] = useUsersListState();
  const search = useListSearch(state.search, (text) => setState({ search: text, page: 1 }));
  const list = useUsers(userListParams(state));
  const vendors = useVendorOptions();
  const wide = useIsWide();
  const [inviting, setInviting] = useState(false);

  const open = (id: number) => setState({ user: id }, 'push');
  useFocusRowOnClose('users-table', state.user);
  const sortOrder = state.order === 'asc' ? ('ascend' as const) : ('descend' as const);

  const columns: NonNullable<TableProps<UserSummary>['columns']> = wide
    ? [
        {
          title: 'User',
          dataIndex: 'username',
          key: 'username',
          sorter: true,
          sortOrder,
          render: (_: string, u) => (
            <>
              <span className="vp-console-name">{u.username}</span>
              {fullName(u) && <span className="vp-console-sub">{fullName(u)}</span>}
            </>
          ),
        },
        { title: 'Email', dataIndex: 'email' },
        { title: 'Role', dataIndex: 'role', render: (r: Role) => ROLE_NAMES[r] },
        { title: 'Vendor accounts', key: 'vendors', render: (_, u) => <AccountsCell u={u} /> },
        { title: 'Status', key: 'status', render: (_, u) => <StatusCell u={u} /> },
        {
          title: 'Last seen',
          dataIndex: 'lastSeenAt',
          render: (at: string | null) => (at ? displayDateTime(at) : <span className="vp-muted">Never</span>),
        },
      ]
    : [
        {
          title: 'User',
          dataIndex: 'username',
          key: 'username',
          sorter: true,
          sortOrder,
          render: (_: string, u) => (
            <div className="vp-console-card" data-testid="user-card">
              <span className="vp-console-name">
                {u.username} <span className="vp-muted">{fullName(u)}</span>
              </span>
              <span className="vp-console-card-meta">
                <StatusCell u={u} />
                <span>{ROLE_NAMES[u.role]}</span>
                {/* No separator left dangling after the role of a user without vendor accounts. */}
                {u.vendors.length > 0 && <span>{u.vendors.map((v) => v.code).join(', ')}</span>}
              </span>
            </div>
          ),
        },
      ];

  const filtered = !!(state.search || state.role || state.status || state.vendor);
  const emptyText = list.isPending ? (
    <LoadingState label="Loading users" rows={6} />
  ) : filtered ? (
    <EmptyState
      title={
        state.search && (state.role || state.status || state.vendor)
          ? `No users match "${state.search}" with these filters.`
          : state.search
            ? `No users match "${state.search}".`
            : 'No users match these filters.'
      }
      action={
        <Button
          onClick={() => {
            search.clear();
            setState({ search: '', role: null, status: null, vendor: null, page: 1 }, 'push');
          }}
        >
          Show all users
        </Button>
      }
    />
  ) : (
    <EmptyState title="No users yet." />
  );

  return (
    <Card title={<h1 className="vp-card-title">Users</h1>}>
      <div className="vp-console-toolbar">
        <Select<Role>
          className="vp-console-filter"
          aria-label="Role filter"
          placeholder="All roles"
          allowClear
          value={state.role ?? undefined}
          onChange={(v) => setState({ role: v ?? null, page: 1 }, 'push')}
          options={ROLES.map((r) => ({ value: r, label: ROLE_NAMES[r] }))}
        />
        <Select<UserStatus>
          className="vp-console-filter"
          aria-label="Status filter"
          placeholder="All statuses"
          allowClear
          value={state.status ?? undefined}
          onChange={(v) => setState({ status: v ?? null, page: 1 }, 'push')}
          options={USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] }))}
        />
        <Select<number>
          className="vp-console-filter"
          aria-label="Vendor filter"
          placeholder="All vendors"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={state.vendor ?? undefined}
          onChange={(v) => setState({ vendor: v ?? null, page: 1 }, 'push')}
          options={(vendors.data ?? []).map((v) => ({ value: v.id, label: `${v.name} (${v.code})` }))}
        />
        <Input
          className="vp-console-search"
          prefix={<SearchOutlined aria-hidden="true" />}
          aria-label="Search users"
          placeholder="Username, name or email"
          allowClear={CLEARABLE}
          value={search.text}
          onChange={(e) => search.change(e.target.value)}
        />
        <span className="vp-console-toolbar-grow" />
        <Button
          type="primary"
          icon={<UserAddOutlined aria-hidden="true" />}
          onClick={() => setInviting(true)}
        >
          Invite user
        </Button>
      </div>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<UserSummary>
          className="vp-console-table"
          data-testid="users-table"
          rowKey="id"
          size={wide ? 'middle' : 'small'}
          dataSource={list.data?.items ?? []}
          columns={columns}
          loading={list.isPlaceholderData}
          locale={{ emptyText }}
          scroll={wide ? { x: 'max-content' } : undefined}
          onRow={(u) => ({ ...openableRow(() => open(u.id)), 'aria-label': `Open ${u.username}` })}
          pagination={{
            current: state.page,
            pageSize: state.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [...STAFF_PAGE_SIZES],
            showTotal: (t) => `${formatCount(t)} users`,
            size: wide ? undefined : 'small',
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              setState({ order: s?.order === 'descend' ? 'desc' : 'asc', page: 1 }, 'push');
              return;
            }
            if (extra.action !== 'paginate') return;
            const size = pagination.pageSize ?? state.size;
            setState({ page: size !== state.size ? 1 : (pagination.current ?? 1), size }, 'push');
          }}
        />
      )}
      <InviteDialog
        open={inviting}
        vendorId={state.vendor}
        onClose={() => setInviting(false)}
        onInvited={(id) => {
          setInviting(false);
          open(id);
        }}
      />
      {state.user !== null && (
        <UserDrawer key={state.user} id={state.user} onClose={() => setState({ user: null })} />
      )}
    </Card>
  );
}
