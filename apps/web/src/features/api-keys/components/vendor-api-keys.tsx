import type { ApiKey } from '@vp/contract';
import { Table, type TableProps } from 'antd';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { useStaffRevokeApiKey, useVendorApiKeys } from '../api.ts';
import { isRevocable } from '../key-format.ts';
import { KeyCards } from './key-card.tsx';
import { CreatedCell, ExpiryCell, KeyName, KeyStateBadge, LastUsedCell, ScopeTags } from './key-parts.tsx';
import { RevokeButton } from './revoke-button.tsx';
import '../api-keys.css';

/**
 * A vendor's API keys in the MLS console (the vendor drawer): what each may do, who made it, when
 * it expires and was last used, and a Revoke for those that still work, e.g. a key that leaked.
 */
export function VendorApiKeys({ vendorId }: { vendorId: number }) {
  const keys = useVendorApiKeys(vendorId);
  const revoke = useStaffRevokeApiKey();
  const wide = useIsWide();
  const action = (k: ApiKey) =>
    isRevocable(k) ? <RevokeButton apiKey={k} revoke={(id) => revoke.mutateAsync(id)} /> : null;

  const columns: NonNullable<TableProps<ApiKey>['columns']> = [
    { title: 'Name', key: 'name', render: (_, k) => <KeyName apiKey={k} /> },
    { title: 'Scopes', key: 'scopes', render: (_, k) => <ScopeTags apiKey={k} /> },
    { title: 'Created by', key: 'created', render: (_, k) => <CreatedCell apiKey={k} /> },
    { title: 'Expires', key: 'expires', render: (_, k) => <ExpiryCell apiKey={k} /> },
    { title: 'Last used', key: 'lastUsed', render: (_, k) => <LastUsedCell apiKey={k} /> },
    { title: 'State', key: 'state', render: (_, k) => <KeyStateBadge apiKey={k} /> },
    { title: <span className="vp-sr-only">Actions</span>, key: 'actions', render: (_, k) => action(k) },
  ];

  let body;
  if (keys.isError) body = <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />;
  else if (keys.isPending) body = <LoadingState label="Loading the vendor's API keys" rows={3} />;
  else if (keys.data.length === 0) body = <p className="vp-muted">This vendor has no API keys.</p>;
  else if (!wide) body = <KeyCards keys={keys.data} actions={action} />;
  else
    body = (
      <Table<ApiKey>
        data-testid="vendor-api-keys"
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={keys.data}
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
    );

  return (
    <section className="vp-console-section" aria-labelledby="vendor-api-keys">
      <h3 id="vendor-api-keys">API keys</h3>
      {body}
    </section>
  );
}
