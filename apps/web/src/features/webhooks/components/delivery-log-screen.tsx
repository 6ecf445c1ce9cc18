import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import {
  canWrite,
  WEBHOOK_DELIVERY_STATES,
  type WebhookDelivery,
  type WebhookDeliveryState,
} from '@vp/contract';
import { Button, Card, Select, Table, type TableProps } from 'antd';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { urlParam, useUrlState } from '../../../hooks/use-url-state.ts';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useRole } from '../../../lib/session.ts';
import { useDeliveries, useWebhooks, type WebhookScope } from '../api.ts';
import { idOf } from '../ids.ts';
import { DELIVERY_STATE_LABELS, WebhookTexts as T } from '../texts.ts';
import { DeliveryDrawer } from './delivery-drawer.tsx';
import { useEndpointCommands } from './endpoint-commands.ts';
import { DeliveryState, EndpointState, HttpStatus } from './endpoint-state.tsx';
import '../webhooks.css';

export const DELIVERY_PAGE_SIZES = [20, 50, 100] as const;

/** The log's filter, page and open delivery live in the address, so Back and a reload keep them. */
const URL_STATE = {
  state: urlParam.optional<WebhookDeliveryState>((raw) =>
    (WEBHOOK_DELIVERY_STATES as readonly string[]).includes(raw ?? '') ? (raw as WebhookDeliveryState) : null,
  ),
  page: urlParam.int(1, 1, 10_000),
  size: urlParam.intOf(DELIVERY_PAGE_SIZES, 20),
  delivery: urlParam.optional<number>(idOf),
};

/** A row that opens its delivery by mouse or keyboard: one Tab stop, Enter or Space opens it. */
function openableRow(open: () => void, label: string) {
  return {
    onClick: open,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
        e.preventDefault();
        open();
      }
    },
    tabIndex: 0,
    'aria-label': label,
  };
}

const dash = <span className="vp-muted">—</span>;

function columns(wide: boolean): NonNullable<TableProps<WebhookDelivery>['columns']> {
  const C = T.deliveryColumns;
  if (!wide)
    return [
      {
        title: C.event,
        key: 'card',
        render: (_, d) => (
          <div className="vp-webhook-card" data-testid="delivery-card">
            <span className="vp-webhook-card-head">
              <span className="vp-webhook-mono vp-webhook-name">{d.eventType}</span>
              <DeliveryState delivery={d} />
            </span>
            <span className="vp-webhook-mono vp-webhook-wrap vp-muted">{d.eventId}</span>
            <span>{displayDateTime(d.createdAt)}</span>
            <span className="vp-webhook-card-line">
              {d.responseStatus !== null || d.attempts > 0 ? <HttpStatus status={d.responseStatus} /> : null}
              {d.responseMs !== null && <span>{d.responseMs} ms</span>}
              <span className="vp-muted">
                {C.attempts}: {d.attempts}
              </span>
            </span>
            {d.nextAttemptAt && (
              <span className="vp-muted">
                {C.next}: {displayDateTime(d.nextAttemptAt)}
              </span>
            )}
          </div>
        ),
      },
    ];
  return [
    {
      title: C.event,
      dataIndex: 'eventType',
      render: (v: string) => <span className="vp-webhook-mono">{v}</span>,
    },
    {
      title: C.eventId,
      dataIndex: 'eventId',
      render: (v: string) => <span className="vp-webhook-mono vp-webhook-id">{v}</span>,
    },
    { title: C.created, dataIndex: 'createdAt', render: (v: string) => displayDateTime(v) },
    { title: C.state, key: 'state', render: (_, d) => <DeliveryState delivery={d} /> },
    { title: C.attempts, dataIndex: 'attempts', align: 'right' },
    {
      title: C.status,
      key: 'status',
      render: (_, d) =>
        d.responseStatus !== null || d.attempts > 0 ? <HttpStatus status={d.responseStatus} /> : dash,
    },
    { title: C.ms, dataIndex: 'responseMs', align: 'right', render: (v: number | null) => v ?? dash },
    {
      title: C.next,
      dataIndex: 'nextAttemptAt',
      render: (v: string | null) => (v ? displayDateTime(v) : dash),
    },
  ];
}

/**
 * An endpoint's delivery log: every event sent to it with its state, attempts and the receiver's
 * answer, filtered by state and paged in the address. A row opens the delivery (payload and
 * answer, and Redeliver); the log is read again every few seconds while a delivery is pending.
 */
export function DeliveryLogScreen({
  scope,
  endpointId,
  backTo,
  owner,
}: {
  scope: WebhookScope;
  /** null: the address names no endpoint. */
  endpointId: number | null;
  /** Where "All endpoints" leads. */
  backTo: string;
  /** Whose endpoint it is, when the console shows a vendor's. */
  owner?: ReactNode;
}) {
  const role = useRole();
  const writer = role !== null && canWrite(role);
  const wide = useIsWide();
  const [url, setUrl] = useUrlState(URL_STATE);
  const endpoints = useWebhooks(scope);
  const deliveries = useDeliveries(scope, endpointId, { page: url.page, size: url.size, state: url.state });
  const commands = useEndpointCommands(scope);
  const endpoint = endpoints.data?.find((e) => e.id === endpointId);
  const gone = endpointId === null || (endpoints.data !== undefined && !endpoint);

  // When the open delivery's drawer closes, focus goes back to its row.
  const lastOpen = useRef(url.delivery);
  useEffect(() => {
    const was = lastOpen.current;
    lastOpen.current = url.delivery;
    if (url.delivery !== null || was === null) return;
    const frame = requestAnimationFrame(() => {
      document
        .querySelector<HTMLElement>(`[data-testid="deliveries-table"] tr[data-row-key="${was}"]`)
        ?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [url.delivery]);

  const back = (
    <Link to={backTo} className="vp-webhook-back">
      <ArrowLeftOutlined aria-hidden="true" /> {T.backToList}
    </Link>
  );

  if (endpoints.isError)
    return (
      <Card title={<h1 className="vp-card-title">{T.logTitle}</h1>}>
        {back}
        <ErrorState title={T.loadFailed} error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      </Card>
    );
  if (gone)
    return (
      <Card title={<h1 className="vp-card-title">{T.logTitle}</h1>}>
        <EmptyState title={T.gone} action={back} />
      </Card>
    );

  const filtered = url.state !== null;
  const emptyText =
    deliveries.isPending || !endpoint ? (
      <LoadingState label={T.logLoading} rows={6} />
    ) : filtered ? (
      <EmptyState
        title={T.logEmptyFiltered(DELIVERY_STATE_LABELS[url.state!])}
        action={<Button onClick={() => setUrl({ state: null, page: 1 }, 'push')}>{T.showAll}</Button>}
      />
    ) : (
      <EmptyState title={T.logEmpty} />
    );

  return (
    <Card title={<h1 className="vp-card-title">{T.logTitle}</h1>} className="vp-webhooks">
      {back}
      {endpoint && (
        <div className="vp-webhook-head">
          <span className="vp-webhook-name">
            <span className="vp-webhook-mono vp-webhook-url" data-testid="log-endpoint">
              {endpoint.url}
            </span>
            {endpoint.description && <span className="vp-muted">{endpoint.description}</span>}
            {owner}
          </span>
          <EndpointState endpoint={endpoint} />
        </div>
      )}
      <div className="vp-webhook-toolbar">
        <Select<WebhookDeliveryState | 'all'>
          aria-label={T.stateFilter}
          className="vp-webhook-filter"
          value={url.state ?? 'all'}
          onChange={(v) => setUrl({ state: v === 'all' ? null : v, page: 1 }, 'push')}
          options={[
            { value: 'all', label: T.allStates },
            ...WEBHOOK_DELIVERY_STATES.map((s) => ({ value: s, label: DELIVERY_STATE_LABELS[s] })),
          ]}
        />
        <span className="vp-webhook-grow" />
        {writer && endpoint && (
          <Button
            icon={<SendOutlined aria-hidden="true" />}
            loading={commands.testing(endpoint.id)}
            onClick={() => void commands.sendTest(endpoint)}
          >
            {T.sendTest}
          </Button>
        )}
      </div>
      {deliveries.isError ? (
        <ErrorState title={T.logFailed} error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : (
        <Table<WebhookDelivery>
          className="vp-webhook-table vp-webhook-deliveries"
          data-testid="deliveries-table"
          rowKey="id"
          size="small"
          dataSource={endpoint ? (deliveries.data?.items ?? []) : []}
          columns={columns(wide)}
          showHeader={wide}
          loading={deliveries.isPlaceholderData}
          locale={{ emptyText }}
          tableLayout={wide ? 'auto' : 'fixed'}
          scroll={wide ? { x: 'max-content' } : undefined}
          onRow={(d) =>
            openableRow(() => setUrl({ delivery: d.id }, 'push'), T.openDelivery(d.eventType, d.eventId))
          }
          pagination={{
            current: url.page,
            pageSize: url.size,
            total: deliveries.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [...DELIVERY_PAGE_SIZES],
            showTotal: (t) => T.deliveryCount(t),
            size: wide ? undefined : 'small',
            hideOnSinglePage: false,
          }}
          onChange={(pagination, _filters, _sorter, extra) => {
            if (extra.action !== 'paginate') return;
            const size = pagination.pageSize ?? url.size;
            setUrl({ page: size !== url.size ? 1 : (pagination.current ?? 1), size }, 'push');
          }}
        />
      )}
      {url.delivery !== null && endpoint && (
        <DeliveryDrawer
          key={url.delivery}
          scope={scope}
          endpointId={endpoint.id}
          deliveryId={url.delivery}
          writer={writer}
          onClose={() => setUrl({ delivery: null })}
        />
      )}
    </Card>
  );
}
