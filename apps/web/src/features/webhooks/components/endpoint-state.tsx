import type { WebhookDelivery, WebhookEndpoint } from '@vp/contract';
import { ToneBadge } from '../../../components/status-badge.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import {
  DELIVERY_STATE_LABELS,
  endpointState,
  isRetrying,
  RETRYING_LABEL,
  WebhookTexts as T,
} from '../texts.ts';

/** Enabled, Disabled (with the portal's reason when it did it) or Failing since when. */
export function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  const state = endpointState(endpoint);
  return (
    <span className="vp-webhook-state">
      {state === 'enabled' && <ToneBadge tone="success" text={T.enabled} testId="endpoint-state" />}
      {state === 'disabled' && <ToneBadge tone="danger" text={T.disabled} testId="endpoint-state" />}
      {state === 'failing' && (
        <ToneBadge
          tone="warning"
          text={T.failingSince(displayDateTime(endpoint.failingSince))}
          testId="endpoint-state"
        />
      )}
      {state === 'disabled' && endpoint.disabledReason && (
        <span className="vp-webhook-reason" data-testid="endpoint-disabled-reason">
          {endpoint.disabledReason}
        </span>
      )}
    </span>
  );
}

/** When the last delivery was tried, and what the receiver answered. */
export function LastDelivery({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.lastDeliveryAt) return <span className="vp-muted">{T.noDelivery}</span>;
  return (
    <span className="vp-webhook-last" data-testid="endpoint-last-delivery">
      <span>{displayDateTime(endpoint.lastDeliveryAt)}</span>
      <HttpStatus status={endpoint.lastDeliveryStatus} />
    </span>
  );
}

/** A receiver's HTTP status, marked as arrived (2xx) or not; no status means it did not answer. */
export function HttpStatus({ status }: { status: number | null }) {
  if (status === null) return <span className="vp-webhook-http vp-text-danger">{T.noAnswer}</span>;
  const ok = status >= 200 && status < 300;
  return (
    <span className={`vp-webhook-http ${ok ? 'vp-webhook-http-ok' : 'vp-text-danger'}`}>
      {T.httpStatus(status)}
    </span>
  );
}

const DELIVERY_TONE = { pending: 'info', delivered: 'success', failed: 'danger' } as const;

/** Pending, Delivered or Failed; a pending delivery that failed and waits for another try is Retrying. */
export function DeliveryState({
  delivery,
}: {
  delivery: Pick<WebhookDelivery, 'state' | 'attempts' | 'error'>;
}) {
  if (isRetrying(delivery)) return <ToneBadge tone="warning" text={RETRYING_LABEL} testId="delivery-state" />;
  return (
    <ToneBadge
      tone={DELIVERY_TONE[delivery.state]}
      text={DELIVERY_STATE_LABELS[delivery.state]}
      testId="delivery-state"
    />
  );
}
