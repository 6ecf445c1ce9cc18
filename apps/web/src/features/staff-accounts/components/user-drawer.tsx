import {
  FACTOR_LABELS,
  MANAGED_ROLES,
  ROLE_NAMES,
  UserMessages,
  type ManagedRole,
  type UserSummary,
} from '@vp/contract';
import { Alert, Button, Descriptions, Drawer, Form, Modal, Radio } from 'antd';
import { useState, type ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { confirmLeaveAll, useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { displayDateTime, displayDay } from '../../../lib/date-time.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useResetFactors, useUser, useUserAction, useUserFactors, type UserAction } from '../api.ts';
import { InvitationBadge, UserStatusBadge } from './badges.tsx';
import { ChangeHistory } from './change-history.tsx';
import { LinkedAccountsFields } from './linked-accounts-fields.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';

const DRAWER_WIDTH = 680;

/** Runs one action on the user and says how it went, in one toast. */
function useRun(id: number) {
  const action = useUserAction(id);
  const run = async (a: UserAction): Promise<boolean> => {
    try {
      const { message } = await action.mutateAsync(a);
      void toastSaved(message);
      return true;
    } catch (err) {
      void toast('error', errorMessage(err));
      return false;
    }
  };
  return { run, pending: action.isPending };
}

function confirmThen(
  options: {
    title: string;
    content: ReactNode;
    okText: string;
    danger?: boolean;
    /** Cannot be undone: the focus starts on Cancel. */
    irreversible?: boolean;
  },
  then: () => Promise<unknown>,
) {
  Modal.confirm({
    title: options.title,
    content: options.content,
    okText: options.okText,
    okButtonProps: { danger: options.danger ?? false },
    cancelText: 'Cancel',
    focusable: { autoFocusButton: options.irreversible ? 'cancel' : 'ok' },
    onOk: then,
  });
}

function RoleSection({ user }: { user: UserSummary }) {
  const { run, pending } = useRun(user.id);
  const current = user.role === 'admin' ? undefined : user.role;
  const [role, setRole] = useState<ManagedRole | undefined>(current);
  const changed = role !== undefined && role !== user.role;
  useUnsavedChanges(changed);
  return (
    <section className="vp-console-section" aria-labelledby="user-role">
      <h3 id="user-role">Role</h3>
      {user.role === 'admin' && <p>{ROLE_NAMES.admin}. Choosing a role below makes them a vendor user.</p>}
      <Radio.Group
        aria-labelledby="user-role"
        value={role}
        onChange={(e) => setRole(e.target.value as ManagedRole)}
        options={MANAGED_ROLES.map((r) => ({ value: r, label: ROLE_NAMES[r] }))}
      />
      <p className="vp-muted" style={{ margin: '6px 0' }}>
        {UserMessages.roleChangeEffect}
      </p>
      <Button
        type="primary"
        disabled={!changed}
        loading={pending}
        onClick={() =>
          confirmThen(
            {
              title: `Make ${user.username} ${ROLE_NAMES[role!]}?`,
              content: UserMessages.roleChangeEffect,
              okText: 'Change role',
            },
            () => run({ kind: 'role', role: role! }),
          )
        }
      >
        Save role
      </Button>
    </section>
  );
}

interface LinkValues {
  primaryVendorId?: number;
  otherVendorIds: number[];
}

function LinksSection({ user }: { user: UserSummary }) {
  const { run, pending } = useRun(user.id);
  const [form] = Form.useForm<LinkValues>();
  const initial: LinkValues = {
    primaryVendorId: user.vendors.find((v) => v.isPrimary)?.id,
    otherVendorIds: user.vendors.filter((v) => !v.isPrimary).map((v) => v.id),
  };
  const watched = Form.useWatch((v: LinkValues) => v, form) as LinkValues | undefined;
  const key = (v: Partial<LinkValues> | undefined) =>
    `${v?.primaryVendorId ?? ''}|${[...(v?.otherVendorIds ?? [])].sort((a, b) => a - b).join(',')}`;
  const dirty = watched !== undefined && key(watched) !== key(initial);
  const guard = useUnsavedChanges(dirty);

  return (
    <section className="vp-console-section" aria-labelledby="user-links">
      <h3 id="user-links">Vendor accounts</h3>
      <Form<LinkValues>
        form={form}
        name={`user-links-${user.id}`}
        layout="vertical"
        className="vp-console-form"
        initialValues={initial}
        onFinish={async (v) => {
          const ok = await run({
            kind: 'vendors',
            input: { primaryVendorId: v.primaryVendorId!, otherVendorIds: v.otherVendorIds ?? [] },
          });
          if (ok) guard.release();
        }}
      >
        <LinkedAccountsFields />
        <Button htmlType="submit" type="primary" disabled={!dirty} loading={pending}>
          Save vendor accounts
        </Button>
      </Form>
    </section>
  );
}

function AccessSection({ user }: { user: UserSummary }) {
  const { run, pending } = useRun(user.id);
  const buttons: ReactNode[] = [];
  if (user.status === 'active') {
    buttons.push(
      <Button
        key="reset"
        loading={pending}
        disabled={!user.email}
        onClick={() =>
          confirmThen(
            {
              title: `Send ${user.username} a password reset link?`,
              content: `The link goes to ${user.email} and works for one hour.`,
              okText: 'Send link',
            },
            () => run({ kind: 'password-reset' }),
          )
        }
      >
        Send password reset
      </Button>,
      <Button
        key="deactivate"
        danger
        loading={pending}
        onClick={() =>
          confirmThen(
            {
              title: `Deactivate ${user.username}?`,
              content: UserMessages.deactivateEffect,
              okText: 'Deactivate',
              danger: true,
            },
            () => run({ kind: 'deactivate' }),
          )
        }
      >
        Deactivate
      </Button>,
    );
  } else if (user.status === 'deactivated') {
    buttons.push(
      <Button
        key="reactivate"
        type="primary"
        loading={pending}
        onClick={() => void run({ kind: 'reactivate' })}
      >
        Reactivate
      </Button>,
    );
  } else {
    buttons.push(
      <Button key="resend" loading={pending} onClick={() => void run({ kind: 'resend' })}>
        Send invitation again
      </Button>,
    );
    if (user.invitation && user.invitation.state !== 'revoked')
      buttons.push(
        <Button
          key="revoke"
          danger
          loading={pending}
          onClick={() =>
            confirmThen(
              {
                title: `Revoke the invitation of ${user.username}?`,
                content: 'The link they were mailed stops working. You can send a new one later.',
                okText: 'Revoke',
                danger: true,
              },
              () => run({ kind: 'revoke' }),
            )
          }
        >
          Revoke invitation
        </Button>,
      );
  }
  return (
    <section className="vp-console-section" aria-labelledby="user-access">
      <h3 id="user-access">Access</h3>
      {user.status === 'active' && (
        <Alert type="info" showIcon title="Deactivating" description={UserMessages.deactivateEffect} />
      )}
      <div className="vp-console-actions" style={{ marginTop: 8 }}>
        {buttons}
      </div>
    </section>
  );
}

export const StaffTwoStepTexts = {
  title: 'Two-step sign-in',
  required: 'Their role requires two-step sign-in.',
  none: 'No second step is set up.',
  codesLeft: (n: number) => `Recovery codes left: ${n}`,
  reset: 'Reset two-step sign-in',
  resetTitle: (username: string) => `Reset two-step sign-in for ${username}?`,
  resetOk: 'Reset',
  resetEffects: (required: boolean) => [
    'All their authenticator apps, passkeys and recovery codes are removed.',
    'Their sessions end, and they are told by email.',
    required
      ? 'They set up two-step sign-in again when they next log in.'
      : 'They log in with their password alone until they set up two-step sign-in again.',
  ],
  loading: 'Loading their sign-in methods',
} as const;

/** How the user signs in after their password, and the reset for one who has lost their phone. */
function TwoStepSection({ user }: { user: UserSummary }) {
  const factors = useUserFactors(user.id);
  const reset = useResetFactors(user.id);

  let body: ReactNode;
  if (factors.isPending) body = <LoadingState label={StaffTwoStepTexts.loading} rows={2} />;
  else if (factors.isError)
    body = <ErrorState error={factors.error} onRetry={() => void factors.refetch()} />;
  else {
    const { factors: list, recoveryCodesLeft, required } = factors.data;
    const ask = () =>
      confirmThen(
        {
          title: StaffTwoStepTexts.resetTitle(user.username),
          content: (
            <ul className="vp-console-effects">
              {StaffTwoStepTexts.resetEffects(required).map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ),
          okText: StaffTwoStepTexts.resetOk,
          danger: true,
          irreversible: true,
        },
        async () => {
          try {
            const { message } = await reset.mutateAsync();
            void toastSaved(message);
          } catch (err) {
            void toast('error', errorMessage(err));
          }
        },
      );
    body = (
      <>
        {required && <p>{StaffTwoStepTexts.required}</p>}
        {list.length === 0 ? (
          <p className="vp-muted">{StaffTwoStepTexts.none}</p>
        ) : (
          <ul className="vp-console-history" data-testid="user-factors">
            {list.map((f) => (
              <li key={f.id}>
                {f.name}
                <span className="vp-console-history-meta">
                  {FACTOR_LABELS[f.kind]} · added {displayDay(f.createdAt)}
                  {f.lastUsedAt ? `, last used ${displayDateTime(f.lastUsedAt)}` : ', not used yet'}
                </span>
              </li>
            ))}
          </ul>
        )}
        {(list.length > 0 || recoveryCodesLeft > 0) && (
          <>
            <p style={{ margin: '8px 0' }}>{StaffTwoStepTexts.codesLeft(recoveryCodesLeft)}</p>
            <Button danger loading={reset.isPending} onClick={ask}>
              {StaffTwoStepTexts.reset}
            </Button>
          </>
        )}
      </>
    );
  }
  return (
    <section className="vp-console-section" aria-labelledby="user-two-step">
      <h3 id="user-two-step">{StaffTwoStepTexts.title}</h3>
      {body}
    </section>
  );
}

function UserDetails({ user }: { user: UserSummary }) {
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        className="vp-console-section"
        items={[
          { key: 'name', label: 'Name', children: `${user.firstName} ${user.lastName}`.trim() || '—' },
          { key: 'email', label: 'Email', children: user.email || '—' },
          { key: 'role', label: 'Role', children: ROLE_NAMES[user.role] },
          {
            key: 'seen',
            label: 'Last seen',
            children: user.lastSeenAt ? displayDateTime(user.lastSeenAt) : 'Never',
          },
          ...(user.invitation
            ? [
                {
                  key: 'invitation',
                  label: 'Invitation',
                  children: (
                    <span className="vp-console-card-meta">
                      <InvitationBadge state={user.invitation.state} />
                      <span>
                        sent {displayDateTime(user.invitation.sentAt)}, expires{' '}
                        {displayDateTime(user.invitation.expiresAt)}
                      </span>
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      <AccessSection user={user} />
      {user.status !== 'invited' && <TwoStepSection user={user} />}
      <RoleSection key={`role-${user.role}`} user={user} />
      <LinksSection
        key={`links-${user.vendors.map((v) => `${v.id}${v.isPrimary ? 'p' : ''}`).join()}`}
        user={user}
      />
      <section className="vp-console-section" aria-labelledby="user-history">
        <h3 id="user-history">History</h3>
        <ChangeHistory subject="user" id={user.id} />
      </section>
    </>
  );
}

/** A user in the console: who they are, their access, role and vendor accounts, and what changed. */
export function UserDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const narrow = !useIsWide();
  const user = useUser(id);

  async function close() {
    if (await confirmLeaveAll()) onClose();
  }

  let title: ReactNode = 'User';
  let body: ReactNode;
  if (user.isPending) body = <LoadingState label="Loading the user" rows={8} />;
  else if (user.isError) body = <ErrorState error={user.error} onRetry={() => void user.refetch()} />;
  else {
    title = (
      <span className="vp-console-card-meta">
        <span>{user.data.username}</span>
        <UserStatusBadge status={user.data.status} />
      </span>
    );
    body = <UserDetails user={user.data} />;
  }

  return (
    <Drawer
      title={title}
      size={narrow ? '100%' : DRAWER_WIDTH}
      open
      onClose={() => void close()}
      destroyOnHidden
      data-testid="user-drawer"
    >
      {body}
    </Drawer>
  );
}
