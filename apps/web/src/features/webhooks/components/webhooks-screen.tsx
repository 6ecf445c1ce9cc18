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
import { focusWhen } from '../../../lib/focus-when.ts';
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

/** The widths of the columns beside the address: the events wrap within theirs. */
const EVENTS_WIDTH = 240;
const ACTIONS_WIDTH = 250;

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
  const card = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  /** Add endpoint (in the toolbar, or the empty list's), else the list's heading. */
  const addOrHeading = () => {
    const add = addRef.current;
    return add?.isConnected && !add.disabled ? add : heading.current;
  };
  // A dialog leaves the page when it closes, so focus goes back to the control that opened it; when
  // that has gone (the empty list's Add endpoint, once there is an endpoint), to Add endpoint.
  const opener = useRef<HTMLElement | null>(null);
  const setOpen = (next: Open, then?: () => HTMLElement | null | undefined) => {
    if (next && !open)
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!next)
      window.setTimeout(() => {
        if (then) focusWhen(then, { fallback: addOrHeading });
        else if (opener.current?.isConnected) opener.current.focus();
        else focusWhen(addOrHeading);
      }, 0);
    setOpenState(next);
  };
  /** The Edit of an endpoint's row (or card), once the list shows it. */
  const editOf = (id: number) =>
    card.current?.querySelector<HTMLElement>(
      `tr[data-row-key="${id}"] [data-testid="endpoint-actions"] button`,
    );

  const handlers: EndpointHandlers | null = writer
    ? {
        onEdit: (endpoint) => setOpen({ kind: 'edit', endpoint }),
        onToggle: (endpoint) => void commands.setEnabled(endpoint, !endpoint.enabled),
        onRotate: (endpoint) => setOpen({ kind: 'rotate', endpoint }),
        onTest: (endpoint) => void commands.sendTest(endpoint),
        // Its row goes, and the More button that asked with it: focus goes to Add endpoint.
        onDelete: (endpoint) =>
          commands.askDelete(endpoint, () =>
            focusWhen(() =>
              card.current?.querySelector(`tr[data-row-key="${endpoint.id}"]`) ? null : addOrHeading(),
            ),
          ),
        toggling: commands.toggling,
        testing: commands.testing,
      }
    : null;

  const actions = (e: WebhookEndpoint) => (
    <EndpointActions endpoint={e} logPath={deliveryLogPath(scope, e.id)} handlers={handlers} />
  );

  // Every column but the address keeps to a width, so the actions are in sight at a desktop's width.
  const columns: NonNullable<TableProps<WebhookEndpoint>['columns']> = wide
    ? [
        { title: T.columns.endpoint, key: 'endpoint', render: (_, e) => <EndpointName endpoint={e} /> },
        {
          title: T.columns.events,
          key: 'events',
          width: EVENTS_WIDTH,
          className: 'vp-webhook-events-cell',
          render: (_, e) => <EventSummary types={e.eventTypes} />,
        },
        { title: T.columns.state, key: 'state', render: (_, e) => <EndpointState endpoint={e} /> },
        { title: T.columns.lastDelivery, key: 'last', render: (_, e) => <LastDelivery endpoint={e} /> },
        {
          title: <span className="vp-sr-only">{T.columns.actions}</span>,
          key: 'actions',
          width: writer ? ACTIONS_WIDTH : undefined,
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
      ref={addRef}
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
        // As wide as the card, the address wrapping; it scrolls only where even that cannot fit.
        scroll={wide ? { x: true } : undefined}
      />
    );
  }

  return (
    <Card
      ref={card}
      title={
        <h1 ref={heading} className="vp-card-title">
          {T.title}
        </h1>
      }
      className="vp-webhooks"
    >
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
        <SecretDialog
          made={open.made}
          rotated={open.rotated}
          // A new endpoint: focus goes to its Edit once the list shows it.
          onClose={() => {
            const id = open.made.endpoint.id;
            setOpen(null, open.rotated ? undefined : () => editOf(id));
          }}
        />
      )}
    </Card>
  );
}
