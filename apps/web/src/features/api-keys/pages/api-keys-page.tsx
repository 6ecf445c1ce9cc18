import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { ApiKeyMessages, type ApiKey, type IssuedApiKey } from '@vp/contract';
import { Button, Card, Space, Table, type TableProps } from 'antd';
import { useRef, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { useRole } from '../../../lib/session.ts';
import { useApiKeys, useRevokeApiKey } from '../api.ts';
import { CreateKeyDialog, CreateTexts } from '../components/create-key-dialog.tsx';
import { KeyCards } from '../components/key-card.tsx';
import {
  AllowedAddresses,
  CreatedCell,
  ExpiryCell,
  KeyName,
  KeyPartTexts,
  KeyStateBadge,
  LastUsedCell,
  ScopeTags,
} from '../components/key-parts.tsx';
import { RevokeButton } from '../components/revoke-button.tsx';
import { RotateDialog } from '../components/rotate-dialog.tsx';
import { SecretDialog } from '../components/secret-dialog.tsx';
import { isRevocable, isRotatable, keyActionLabel, mayIssueKeys, mayRevokeKeys } from '../key-format.ts';
import '../api-keys.css';

export const PageTexts = {
  title: 'API keys',
  intro:
    "An API key lets your own systems call the portal's API for this account, within the scopes you give it and until the day it expires. Its secret is shown once, when it is made.",
  empty: 'No API keys yet.',
  emptyWhy:
    'Create one when a system of yours (a website builder, a CRM, a script) should list or change your websites without a person signing in.',
  loading: 'Loading API keys',
  loadFailed: 'The API keys could not be loaded.',
  rotate: 'Rotate',
  columns: {
    name: 'Name',
    scopes: 'Scopes',
    addresses: KeyPartTexts.addresses,
    created: 'Created',
    expires: 'Expires',
    lastUsed: 'Last used',
    state: 'State',
    actions: 'Actions',
  },
} as const;

type Dialog =
  | null
  | { kind: 'create' }
  | { kind: 'rotate'; key: ApiKey }
  | { kind: 'secret'; issued: IssuedApiKey; rotated: boolean };

/**
 * Tools → API keys: the vendor's keys with their scopes, expiry and last use. Vendor users create,
 * rotate and revoke them (a new secret is shown once); MLS staff acting for the vendor may revoke;
 * the read-only role sees the list alone. On a phone each key is a card.
 */
export default function ApiKeysPage() {
  const role = useRole();
  const issuer = mayIssueKeys(role);
  const revoker = mayRevokeKeys(role);
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const wide = useIsWide();
  const [dialog, setDialogState] = useState<Dialog>(null);
  // The dialogs leave the page when they close, so focus goes back to the button that opened them
  // (or to Create key, when that button went with a rotated key's actions).
  const opener = useRef<HTMLElement | null>(null);
  const createButton = useRef<HTMLButtonElement | null>(null);
  const setDialog = (next: Dialog) => {
    if (next && !dialog)
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!next)
      window.setTimeout(() => {
        const back = opener.current?.isConnected ? opener.current : createButton.current;
        back?.focus();
      }, 0);
    setDialogState(next);
  };

  const actions = (k: ApiKey) =>
    revoker && isRevocable(k) ? (
      <Space size={4} wrap>
        {issuer && isRotatable(k) && (
          <Button
            size="small"
            icon={<SyncOutlined aria-hidden="true" />}
            aria-label={keyActionLabel(PageTexts.rotate, k)}
            onClick={() => setDialog({ kind: 'rotate', key: k })}
          >
            {PageTexts.rotate}
          </Button>
        )}
        <RevokeButton apiKey={k} revoke={(id) => revoke.mutateAsync(id)} />
      </Space>
    ) : null;

  const C = PageTexts.columns;
  const columns: NonNullable<TableProps<ApiKey>['columns']> = [
    {
      title: C.name,
      key: 'name',
      className: 'vp-api-key-name-cell',
      render: (_, k) => <KeyName apiKey={k} />,
    },
    { title: C.scopes, key: 'scopes', render: (_, k) => <ScopeTags apiKey={k} /> },
    { title: C.addresses, key: 'addresses', render: (_, k) => <AllowedAddresses apiKey={k} /> },
    { title: C.created, key: 'created', render: (_, k) => <CreatedCell apiKey={k} /> },
    { title: C.expires, key: 'expires', render: (_, k) => <ExpiryCell apiKey={k} /> },
    { title: C.lastUsed, key: 'lastUsed', render: (_, k) => <LastUsedCell apiKey={k} /> },
    { title: C.state, key: 'state', render: (_, k) => <KeyStateBadge apiKey={k} /> },
    ...(revoker
      ? [
          {
            title: <span className="vp-sr-only">{C.actions}</span>,
            key: 'actions',
            render: (_: unknown, k: ApiKey) => actions(k),
          },
        ]
      : []),
  ];

  const createAction = (
    <Button
      ref={createButton}
      type="primary"
      icon={<PlusOutlined aria-hidden="true" />}
      onClick={() => setDialog({ kind: 'create' })}
    >
      {CreateTexts.ok}
    </Button>
  );

  let body;
  if (keys.isError) {
    body = <ErrorState title={PageTexts.loadFailed} error={keys.error} onRetry={() => void keys.refetch()} />;
  } else if (keys.isPending) {
    body = <LoadingState label={PageTexts.loading} rows={5} />;
  } else if (keys.data.length === 0) {
    body = (
      <EmptyState
        title={
          <>
            <strong>{PageTexts.empty}</strong> {PageTexts.emptyWhy}
          </>
        }
        action={issuer ? createAction : undefined}
      />
    );
  } else if (wide) {
    body = (
      <Table<ApiKey>
        className="vp-api-keys-table"
        data-testid="api-keys-table"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={keys.data}
        columns={columns}
        // As wide as the card, long names and many scopes wrapping, so the actions stay in sight; it
        // scrolls only where even that cannot fit.
        scroll={{ x: true }}
      />
    );
  } else {
    body = <KeyCards keys={keys.data} actions={revoker ? actions : undefined} />;
  }

  const empty = keys.isSuccess && keys.data.length === 0;
  return (
    <Card title={<h1 className="vp-card-title">{PageTexts.title}</h1>} className="vp-api-keys">
      <p className="vp-muted">{PageTexts.intro}</p>
      {revoker && !issuer && <p className="vp-muted">{ApiKeyMessages.staffCreate}</p>}
      {issuer && !empty && <div className="vp-api-keys-toolbar">{createAction}</div>}
      {body}
      {dialog?.kind === 'create' && (
        <CreateKeyDialog
          onCreated={(issued) => setDialogState({ kind: 'secret', issued, rotated: false })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rotate' && (
        <RotateDialog
          apiKey={dialog.key}
          onRotated={(issued) => setDialogState({ kind: 'secret', issued, rotated: true })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'secret' && (
        <SecretDialog issued={dialog.issued} rotated={dialog.rotated} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}
