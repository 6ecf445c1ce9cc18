import { PauseCircleOutlined, PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { consoleVendorScope, deliveryLogPath, useWebhooks } from '../api.ts';
import { WebhookTexts as T } from '../texts.ts';
import { useEndpointCommands } from './endpoint-commands.ts';
import { EndpointState, LastDelivery } from './endpoint-state.tsx';
import { EventSummary } from './event-summary.tsx';
import '../webhooks.css';

/**
 * A section of the console's vendor drawer: the vendor's webhook endpoints, each with its state, its
 * events and last delivery, Enable or Disable, and its delivery log.
 */
export function VendorWebhooks({ vendorId }: { vendorId: number }) {
  const scope = consoleVendorScope(vendorId);
  const list = useWebhooks(scope);
  const commands = useEndpointCommands(scope);

  let body;
  if (list.isError)
    body = <ErrorState title={T.loadFailed} error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.isPending) body = <LoadingState label={T.loading} rows={2} />;
  else if (list.data.length === 0) body = <p className="vp-muted">{T.vendorEmpty}</p>;
  else
    body = (
      <ul className="vp-webhook-vendor-list" data-testid="vendor-webhooks">
        {list.data.map((e) => (
          <li key={e.id} className="vp-webhook-card" data-testid="vendor-webhook">
            <span className="vp-webhook-name">
              <span className="vp-webhook-mono vp-webhook-url">{e.url}</span>
              {e.description && <span className="vp-muted">{e.description}</span>}
            </span>
            <span className="vp-webhook-card-line">
              <EndpointState endpoint={e} />
            </span>
            <span className="vp-webhook-card-line">
              <span className="vp-muted">{T.columns.events}:</span> <EventSummary types={e.eventTypes} />
            </span>
            <span className="vp-webhook-card-line">
              <span className="vp-muted">{T.columns.lastDelivery}:</span> <LastDelivery endpoint={e} />
            </span>
            <div className="vp-webhook-actions">
              <Button
                size="small"
                icon={
                  e.enabled ? (
                    <PauseCircleOutlined aria-hidden="true" />
                  ) : (
                    <PlayCircleOutlined aria-hidden="true" />
                  )
                }
                loading={commands.toggling(e.id)}
                aria-label={T.actionOn(e.enabled ? T.disable : T.enable, e.url)}
                onClick={() => void commands.setEnabled(e, !e.enabled)}
              >
                {e.enabled ? T.disable : T.enable}
              </Button>
              <Link
                to={deliveryLogPath(scope, e.id)}
                className="vp-webhook-log-link"
                aria-label={T.actionOn(T.deliveries, e.url)}
              >
                <UnorderedListOutlined aria-hidden="true" />
                <span>{T.deliveries}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="vp-console-section" aria-labelledby={`vendor-webhooks-${vendorId}`}>
      <h3 id={`vendor-webhooks-${vendorId}`}>{T.vendorSection}</h3>
      {body}
    </section>
  );
}
