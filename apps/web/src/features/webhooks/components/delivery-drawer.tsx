import { RedoOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer } from 'antd';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { displayDateTime } from '../../../lib/date-time.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useDelivery, useRedeliver, type WebhookScope } from '../api.ts';
import { WebhookTexts as T } from '../texts.ts';
import { DeliveryState, HttpStatus } from './endpoint-state.tsx';

const DRAWER_WIDTH = 640;

/** A body as it was sent, laid out for reading: JSON indented, anything else as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * One delivery: what was sent (the payload, indented) and what came back (status, time, the start
 * of the body, or why nothing did), with Redeliver for a user who may write.
 */
export function DeliveryDrawer({
  scope,
  endpointId,
  deliveryId,
  writer,
  onClose,
}: {
  scope: WebhookScope;
  endpointId: number;
  deliveryId: number;
  writer: boolean;
  onClose: () => void;
}) {
  const wide = useIsWide();
  const delivery = useDelivery(scope, endpointId, deliveryId);
  const redeliver = useRedeliver(scope);
  const d = delivery.data;

  async function again() {
    try {
      await redeliver.mutateAsync({ id: endpointId, deliveryId });
      void toast('success', T.redelivered);
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  let body;
  if (delivery.isError) {
    body = <ErrorState error={delivery.error} onRetry={() => void delivery.refetch()} />;
  } else if (!d) {
    body = <LoadingState label={T.deliveryLoading} rows={8} />;
  } else {
    const C = T.deliveryColumns;
    body = (
      <div className="vp-webhook-delivery">
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            {
              key: 'event',
              label: C.event,
              children: <span className="vp-webhook-mono">{d.eventType}</span>,
            },
            {
              key: 'id',
              label: C.eventId,
              children: <span className="vp-webhook-mono vp-webhook-wrap">{d.eventId}</span>,
            },
            { key: 'created', label: C.created, children: displayDateTime(d.createdAt) },
            { key: 'state', label: C.state, children: <DeliveryState delivery={d} /> },
            { key: 'attempts', label: C.attempts, children: d.attempts },
            { key: 'last', label: T.lastAttempt, children: displayDateTime(d.lastAttemptAt) || '—' },
            { key: 'next', label: C.next, children: displayDateTime(d.nextAttemptAt) || '—' },
          ]}
        />
        <section aria-labelledby="webhook-payload">
          <h3 id="webhook-payload">{T.payload}</h3>
          <pre className="vp-webhook-code" tabIndex={0} role="region" aria-label={T.payloadRegion}>
            {prettyJson(d.payload)}
          </pre>
        </section>
        <section aria-labelledby="webhook-answer">
          <h3 id="webhook-answer">{T.answer}</h3>
          <p className="vp-webhook-answer-line" data-testid="delivery-answer">
            {d.attempts > 0 || d.responseStatus !== null ? <HttpStatus status={d.responseStatus} /> : '—'}
            {d.responseMs !== null && <span className="vp-muted">{d.responseMs} ms</span>}
          </p>
          {d.error && <p className="vp-webhook-error vp-text-danger">{d.error}</p>}
          {d.responseBody !== null &&
            (d.responseBody === '' ? (
              <p className="vp-muted">{T.noBody}</p>
            ) : (
              <pre className="vp-webhook-code" tabIndex={0} role="region" aria-label={T.answerBody}>
                {prettyJson(d.responseBody)}
              </pre>
            ))}
        </section>
      </div>
    );
  }

  return (
    <Drawer
      title={d ? `${T.deliveryTitle}: ${d.eventType}` : T.deliveryTitle}
      open
      size={wide ? DRAWER_WIDTH : '100%'}
      onClose={onClose}
      destroyOnHidden
      data-testid="delivery-drawer"
      footer={
        writer && d ? (
          <div className="vp-webhook-actions">
            <Button
              type="primary"
              icon={<RedoOutlined aria-hidden="true" />}
              loading={redeliver.isPending}
              onClick={() => void again()}
            >
              {T.redeliver}
            </Button>
          </div>
        ) : undefined
      }
    >
      {body}
    </Drawer>
  );
}
