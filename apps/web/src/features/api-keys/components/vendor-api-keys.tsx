import type { ApiKey } from '@vp/contract';
import { Table, type TableProps } from 'antd';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { useStaffRevokeApiKey, useVendorApiKeys } from '../api.ts';
import { isRevocable } from '../key-format.ts';
import { KeyCards } from './key-card.tsx';
import {
  AllowedAddresses,
  CreatedCell,
  ExpiryCell,
  KeyName,
  KeyPartTexts,
  KeyStateBadge,
  LastUsedCell,
  ScopeTags,
} from './key-parts.tsx';
import { RevokeButton } from './revoke-button.tsx';
import '../api-keys.css';

export const VendorKeyColumns = {
  key: 'Key',
  access: 'Scopes',
  expires: 'Expires',
  lastUsed: 'Last used',
  state: 'State',
  actions: 'Actions',
} as const;

/**
 * A vendor's API keys in the MLS console (the vendor drawer): what each may do and from where, who
 * made it, when it expires and was last used, and a Revoke for those that still work, e.g. a key
 * that leaked. The drawer is narrower than a page: who made a key is told under its name, and its
 * addresses under its scopes, so Revoke stays in sight.
 */
export function VendorApiKeys({ vendorId }: { vendorId: number }) {
  const keys = useVendorApiKeys(vendorId);
  const revoke = useStaffRevokeApiKey();
  const wide = useIsWide();
  const action = (k: ApiKey) =>
    isRevocable(k) ? <RevokeButton apiKey={k} revoke={(id) => revoke.mutateAsync(id)} /> : null;

  const C = VendorKeyColumns;
  const columns: NonNullable<TableProps<ApiKey>['columns']> = [
    {
      title: C.key,
      key: 'key',
      className: 'vp-api-key-name-cell',
      render: (_, k) => (
        <span className="vp-api-key-facts">
          <KeyName apiKey={k} />
          <CreatedCell apiKey={k} />
        </span>
      ),
    },
    {
      title: C.access,
      key: 'scopes',
      render: (_, k) => (
        <span className="vp-api-key-facts">
          <ScopeTags apiKey={k} />
          <span className="vp-api-key-addresses">
            <span className="vp-muted">{KeyPartTexts.addresses}:</span> <AllowedAddresses apiKey={k} />
          </span>
        </span>
      ),
    },
    { title: C.expires, key: 'expires', render: (_, k) => <ExpiryCell apiKey={k} /> },
    { title: C.lastUsed, key: 'lastUsed', render: (_, k) => <LastUsedCell apiKey={k} /> },
    { title: C.state, key: 'state', render: (_, k) => <KeyStateBadge apiKey={k} /> },
    { title: <span className="vp-sr-only">{C.actions}</span>, key: 'actions', render: (_, k) => action(k) },
  ];

  let body;
  if (keys.isError) body = <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />;
  else if (keys.isPending) body = <LoadingState label="Loading the vendor's API keys" rows={3} />;
  else if (keys.data.length === 0) body = <p className="vp-muted">This vendor has no API keys.</p>;
  else if (!wide) body = <KeyCards keys={keys.data} actions={action} />;
  else
    body = (
      <Table<ApiKey>
        className="vp-api-keys-table"
        data-testid="vendor-api-keys"
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={keys.data}
        columns={columns}
        // As wide as the drawer, its cells wrapping; it scrolls only where even that cannot fit.
        scroll={{ x: true }}
      />
    );

  return (
    <section className="vp-console-section" aria-labelledby="vendor-api-keys">
      <h3 id="vendor-api-keys">API keys</h3>
      {body}
    </section>
  );
}
