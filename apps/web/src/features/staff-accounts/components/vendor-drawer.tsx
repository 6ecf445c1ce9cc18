import {
  ROLE_NAMES,
  SITE_STATUS_DISPLAY,
  SITE_STATUS_TONE,
  VENDOR_TYPE_LABELS,
  VendorMessages,
  type BadgeTone,
  type VendorDetail,
  type VendorType,
} from '@vp/contract';
import { Alert, Button, Drawer, Modal, Table, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { confirmLeaveAll } from '../../../hooks/use-unsaved-changes.ts';
import { displayDateTime } from '../../../lib/date-time.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { VendorApiKeys } from '../../api-keys/index.ts';
import { VendorWebhooks } from '../../webhooks/index.ts';
import { useVendor, useVendorStanding } from '../api.ts';
import { UserStatusBadge, VendorStatusBadge } from './badges.tsx';
import { ChangeHistory } from './change-history.tsx';
import { VendorForm } from './vendor-form.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';

const DRAWER_WIDTH = 760;

function Figure({ label, value, tone }: { label: string; value: string | number; tone: BadgeTone }) {
  return (
    <div className={`vp-console-figure vp-tone-${tone}`} data-testid="vendor-figure">
      <div className="vp-console-figure-value">{value}</div>
      <div className="vp-console-figure-label">{label}</div>
    </div>
  );
}

/** The vendor's figures at a glance: sites by status, missing documents, users, last activity. */
export function VendorFigures({ vendor }: { vendor: VendorDetail }) {
  const s = vendor.sites;
  const warn = (n: number): BadgeTone => (n > 0 ? 'warning' : 'info');
  return (
    <div className="vp-console-figures">
      <Figure label="Total sites" value={s.total} tone="primary" />
      <Figure label={SITE_STATUS_DISPLAY.Active} value={s.active} tone={SITE_STATUS_TONE.Active} />
      <Figure
        label={SITE_STATUS_DISPLAY['Pending Activation']}
        value={s.pendingActivation}
        tone={SITE_STATUS_TONE['Pending Activation']}
      />
      <Figure
        label={SITE_STATUS_DISPLAY['Pending Termination']}
        value={s.pendingTermination}
        tone={SITE_STATUS_TONE['Pending Termination']}
      />
      <Figure label={SITE_STATUS_DISPLAY.Inactive} value={s.inactive} tone={SITE_STATUS_TONE.Inactive} />
      <Figure label="Missing documents" value={vendor.missingDocs} tone={warn(vendor.missingDocs)} />
      <Figure
        label="Sites missing documents"
        value={vendor.missingSiteDocs}
        tone={warn(vendor.missingSiteDocs)}
      />
      <Figure label="Active users" value={vendor.users} tone="info" />
      <Figure
        label="Last activity"
        value={vendor.lastActivity ? displayDateTime(vendor.lastActivity).split(' ')[0]! : 'None'}
        tone="info"
      />
    </div>
  );
}

/** Suspend or reinstate, after a confirmation that says what it does. */
function Standing({ vendor }: { vendor: VendorDetail }) {
  const standing = useVendorStanding();
  const suspended = vendor.status === 'suspended';
  const effects = (
    <ul className="vp-console-effects">
      {VendorMessages.suspensionEffects.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );

  function ask() {
    Modal.confirm({
      title: suspended ? `Reinstate ${vendor.name}?` : `Suspend ${vendor.name}?`,
      content: suspended ? VendorMessages.reinstateEffect : <>While suspended: {effects}</>,
      okText: suspended ? 'Reinstate' : 'Suspend',
      okButtonProps: { danger: !suspended },
      cancelText: 'Cancel',
      width: 520,
      onOk: async () => {
        try {
          const { message } = await standing.mutateAsync({ id: vendor.id, suspend: !suspended });
          void toastSaved(message);
        } catch (err) {
          void toast('error', errorMessage(err));
        }
      },
    });
  }

  return (
    <section className="vp-console-section" aria-labelledby="vendor-standing">
      <h3 id="vendor-standing">{suspended ? 'Suspended' : 'Suspension'}</h3>
      <Alert
        type={suspended ? 'warning' : 'info'}
        showIcon
        title={suspended ? 'This vendor is suspended. While suspended:' : 'Suspending this vendor:'}
        description={effects}
      />
      <div className="vp-console-actions" style={{ marginTop: 8 }}>
        <Button danger={!suspended} onClick={ask} loading={standing.isPending}>
          {suspended ? 'Reinstate vendor' : 'Suspend vendor'}
        </Button>
      </div>
    </section>
  );
}

function Overview({ vendor, onOpenVendor }: { vendor: VendorDetail; onOpenVendor: (id: number) => void }) {
  return (
    <>
      <VendorFigures vendor={vendor} />
      <section className="vp-console-section" aria-labelledby="vendor-accounts">
        <h3 id="vendor-accounts">Linked accounts</h3>
        {vendor.parent ? (
          <p>
            Sub-account of{' '}
            <Button type="link" size="small" onClick={() => onOpenVendor(vendor.parent!.id)}>
              {vendor.parent.name} ({vendor.parent.code})
            </Button>
          </p>
        ) : vendor.subAccountList.length === 0 ? (
          <p className="vp-muted">A primary account without sub-accounts.</p>
        ) : (
          <ul className="vp-console-effects" data-testid="sub-accounts">
            {vendor.subAccountList.map((s) => (
              <li key={s.id}>
                <Button type="link" size="small" onClick={() => onOpenVendor(s.id)}>
                  {s.name} ({s.code})
                </Button>{' '}
                <VendorStatusBadge status={s.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="vp-console-section" aria-labelledby="vendor-users">
        <h3 id="vendor-users">Users</h3>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={vendor.userList}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No users are linked to this vendor yet.' }}
          columns={[
            {
              title: 'Username',
              dataIndex: 'username',
              render: (v: string, u) => <Link to={`/admin/users?user=${u.id}`}>{v}</Link>,
            },
            { title: 'Name', dataIndex: 'name' },
            { title: 'Role', dataIndex: 'role', render: (r: keyof typeof ROLE_NAMES) => ROLE_NAMES[r] },
            { title: 'Status', dataIndex: 'status', render: (s) => <UserStatusBadge status={s} /> },
            { title: 'Primary', dataIndex: 'isPrimary', render: (p: boolean) => (p ? 'Yes' : 'No') },
          ]}
        />
      </section>
      <VendorApiKeys vendorId={vendor.id} />
      <VendorWebhooks vendorId={vendor.id} />
      <Standing vendor={vendor} />
    </>
  );
}

/**
 * A vendor in the console: its figures, linked accounts and users, suspension, its details to
 * edit, and what staff changed. `id` 'new' shows the form of a new vendor.
 */
export function VendorDrawer({
  id,
  onClose,
  onOpenVendor,
  onCreated,
}: {
  id: number | 'new';
  onClose: () => void;
  onOpenVendor: (id: number) => void;
  /** A new vendor was saved: it is shown in place of the form. */
  onCreated: (id: number) => void;
}) {
  const narrow = !useIsWide();
  const vendor = useVendor(id === 'new' ? null : id);

  async function close() {
    if (await confirmLeaveAll()) onClose();
  }

  let title: ReactNode = 'New vendor';
  let body: ReactNode;
  if (id === 'new') {
    body = <VendorForm vendor={null} onSaved={onCreated} onCancel={() => void close()} />;
  } else if (vendor.isPending) {
    title = 'Vendor';
    body = <LoadingState label="Loading the vendor" rows={8} />;
  } else if (vendor.isError) {
    title = 'Vendor';
    body = <ErrorState error={vendor.error} onRetry={() => void vendor.refetch()} />;
  } else {
    const v = vendor.data;
    title = (
      <span className="vp-console-card-meta">
        <span>
          {v.name} <span className="vp-muted">({v.code})</span>
        </span>
        <VendorStatusBadge status={v.status} />
        <span className="vp-muted">{VENDOR_TYPE_LABELS[v.type as VendorType] ?? v.type}</span>
      </span>
    );
    body = (
      <Tabs
        items={[
          {
            key: 'overview',
            label: 'Overview',
            children: <Overview vendor={v} onOpenVendor={onOpenVendor} />,
          },
          {
            key: 'details',
            label: 'Details',
            children: <VendorForm key={v.id} vendor={v} onSaved={() => undefined} />,
          },
          { key: 'history', label: 'History', children: <ChangeHistory subject="vendor" id={v.id} /> },
        ]}
      />
    );
  }

  return (
    <Drawer
      title={title}
      size={narrow ? '100%' : DRAWER_WIDTH}
      open
      onClose={() => void close()}
      destroyOnHidden
      data-testid="vendor-drawer"
    >
      {body}
    </Drawer>
  );
}
