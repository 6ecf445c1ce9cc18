import {
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { WebhookEndpoint } from '@vp/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WebhookTexts as T } from '../texts.ts';

export interface EndpointHandlers {
  onEdit: (endpoint: WebhookEndpoint) => void;
  onToggle: (endpoint: WebhookEndpoint) => void;
  onRotate: (endpoint: WebhookEndpoint) => void;
  onTest: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
  toggling: (id: number) => boolean;
  testing: (id: number) => boolean;
}

/**
 * An endpoint's actions: its delivery log for everyone, and for a user who may write, edit,
 * enable or disable, rotate the secret, send a test event and delete. On a phone the buttons are
 * icons, named by their labels.
 */
export function EndpointActions({
  endpoint,
  logPath,
  handlers,
  wide,
}: {
  endpoint: WebhookEndpoint;
  logPath: string;
  /** Absent for the read-only role. */
  handlers: EndpointHandlers | null;
  wide: boolean;
}) {
  const named = (text: string) => T.actionOn(text, endpoint.url);
  const button = (
    text: string,
    icon: ReactNode,
    onClick: () => void,
    extra: { danger?: boolean; loading?: boolean } = {},
  ) => (
    <Button size="small" icon={icon} aria-label={named(text)} onClick={onClick} {...extra}>
      {wide ? text : null}
    </Button>
  );
  return (
    <div className="vp-webhook-actions" data-testid="endpoint-actions">
      <Link to={logPath} className="vp-webhook-log-link" aria-label={named(T.deliveries)}>
        <UnorderedListOutlined aria-hidden="true" />
        {wide && <span>{T.deliveries}</span>}
      </Link>
      {handlers && (
        <>
          {button(T.edit, <EditOutlined aria-hidden="true" />, () => handlers.onEdit(endpoint))}
          {endpoint.enabled
            ? button(
                T.disable,
                <PauseCircleOutlined aria-hidden="true" />,
                () => handlers.onToggle(endpoint),
                {
                  loading: handlers.toggling(endpoint.id),
                },
              )
            : button(T.enable, <PlayCircleOutlined aria-hidden="true" />, () => handlers.onToggle(endpoint), {
                loading: handlers.toggling(endpoint.id),
              })}
          {button(T.rotate, <KeyOutlined aria-hidden="true" />, () => handlers.onRotate(endpoint))}
          {button(T.sendTest, <SendOutlined aria-hidden="true" />, () => handlers.onTest(endpoint), {
            loading: handlers.testing(endpoint.id),
          })}
          {button(T.delete, <DeleteOutlined aria-hidden="true" />, () => handlers.onDelete(endpoint), {
            danger: true,
          })}
        </>
      )}
    </div>
  );
}
