import { PlusOutlined } from '@ant-design/icons';
import {
  WEBHOOK_ENDPOINTS_PER_VENDOR,
  WebhookMessages as M,
  canWrite,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@vp/contract';
import { Button, Card, Table, type TableProps } from 'antd';
import { useRef, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { useRole } from '../../../lib/session.ts';
import { deliveryLogPath, useWebhooks, type WebhookScope } from '../api.ts';
import { WebhookTexts as T } from '../texts.ts';
import { useEndpointCommands } from './endpoint-commands.ts';
import { EndpointActions, type EndpointHandlers } from './endpoint-actions.tsx';
import { EndpointDrawer } from './endpoint-drawer.tsx';
import { EndpointState, LastDelivery } from './endpoint-state.tsx';
import { EventSummary } from './event-summary.tsx';
import { RotateDialog } from './rotate-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import '../webhooks.css';

/** What is open over the list: nothing, the drawer, the rotate question, or a secret shown once. */
type Open =
  | null
  | { kind: 'edit'; endpoint: WebhookEndpoint | null }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; made: WebhookWithSecret; rotated: boolean };

function EndpointName({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <span className="vp-webhook-name">
      <span className="vp-webhook-mono vp-webhook-url">{endpoint.url}</span>
      {endpoint.description && <span className="vp-muted">{endpoint.description}</span>}
    </span>
  );
}

/**
 * The webhook endpoints of a scope (a vendor's own under Tools, the MLS's in the console): each
 * with its events, state and last delivery, and the actions a user who may write has on it.
 */
export function WebhooksScreen({ scope, intro }: { scope: WebhookScope; intro: string }) {
  const role = useRole();
  const writer = role !== null && canWrite(role);
  const list = useWebhooks(scope);
  const commands = useEndpointCommands(scope);
  const wide = useIsWide();
  const [open, setOpenState] = useState<Open>(null);
  // A dialog leaves the page when it closes, so focus goes back to the control that opened it.
  const opener = useRef<HTMLElement | null>(null);
  const setOpen = (next: Open) => {
    if (next && !open)
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!next)
      window.setTimeout(() => {
        if (opener.current?.isConnected) opener.current.focus();
      }, 0);
    setOpenState(next);
  };

  const handlers: EndpointHandlers | null = writer
    ? {
        onEdit: (endpoint) => setOpen({ kind: 'edit', endpoint }),
        onToggle: (endpoint) => void commands.setEnabled(endpoint, !endpoint.enabled),
        onRotate: (endpoint) => setOpen({ kind: 'rotate', endpoint }),
        onTest: (endpoint) => void commands.sendTest(endpoint),
        onDelete: (endpoint) => commands.askDelete(endpoint),
        toggling: commands.toggling,
        testing: commands.testing,
      }
    : null;

  const actions = (e: WebhookEndpoint) => (
    <EndpointActions endpoint={e} logPath={deliveryLogPath(scope, e.id)} handlers={handlers} wide={wide} />
  );

  const columns: NonNullable<TableProps<WebhookEndpoint>['columns']> = wide
    ? [
        { title: T.columns.endpoint, key: 'endpoint', render: (_, e) => <EndpointName endpoint={e} /> },
        { title: T.columns.events, key: 'events', render: (_, e) => <EventSummary types={e.eventTypes} /> },
        { title: T.columns.state, key: 'state', render: (_, e) => <EndpointState endpoint={e} /> },
        { title: T.columns.lastDelivery, key: 'last', render: (_, e) => <LastDelivery endpoint={e} /> },
        {
          title: <span className="vp-sr-only">{T.columns.actions}</span>,
          key: 'actions',
          width: 300,
          render: (_, e) => actions(e),
        },
      ]
    : [
        {
          title: T.columns.endpoint,
          key: 'endpoint',
          render: (_, e) => (
            <div className="vp-webhook-card" data-testid="endpoint-card">
              <EndpointName endpoint={e} />
              <EndpointState endpoint={e} />
              <EventSummary types={e.eventTypes} />
              <span className="vp-webhook-card-line">
                <span className="vp-muted">{T.columns.lastDelivery}:</span> <LastDelivery endpoint={e} />
              </span>
              {actions(e)}
            </div>
          ),
        },
      ];

  const full = (list.data?.length ?? 0) >= WEBHOOK_ENDPOINTS_PER_VENDOR;
  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden="true" />}
      disabled={full}
      onClick={() => setOpen({ kind: 'edit', endpoint: null })}
    >
      {T.add}
    </Button>
  );

  let body;
  if (list.isError) {
    body = <ErrorState title={T.loadFailed} error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.isPending) {
    body = <LoadingState label={T.loading} rows={4} />;
  } else if (list.data.length === 0) {
    body = (
      <EmptyState
        title={
          <>
            {T.empty}
            {writer && <> {T.emptyNext}</>}
          </>
        }
        action={writer ? addButton : undefined}
      />
    );
  } else {
    body = (
      <Table<WebhookEndpoint>
        className="vp-webhook-table"
        data-testid="webhooks-table"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list.data}
        columns={columns}
        showHeader={wide}
        tableLayout={wide ? 'auto' : 'fixed'}
        scroll={wide ? { x: 'max-content' } : undefined}
      />
    );
  }

  return (
    <Card title={<h1 className="vp-card-title">{T.title}</h1>} className="vp-webhooks">
      <p className="vp-muted">{intro}</p>
      {writer && list.data && list.data.length > 0 && (
        <div className="vp-webhook-toolbar">
          {addButton}
          {full && <span className="vp-muted">{M.tooMany}</span>}
        </div>
      )}
      {body}
      {open?.kind === 'edit' && writer && (
        <EndpointDrawer
          key={open.endpoint?.id ?? 'new'}
          scope={scope}
          endpoint={open.endpoint}
          onClose={() => setOpen(null)}
          onCreated={(made) => setOpenState({ kind: 'secret', made, rotated: false })}
        />
      )}
      {open?.kind === 'rotate' && writer && (
        <RotateDialog
          scope={scope}
          endpoint={open.endpoint}
          onClose={() => setOpen(null)}
          onRotated={(made) => setOpenState({ kind: 'secret', made, rotated: true })}
        />
      )}
      {open?.kind === 'secret' && (
        <SecretDialog made={open.made} rotated={open.rotated} onClose={() => setOpen(null)} />
      )}
    </Card>
  );
}
