import {
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  KeyOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { WebhookEndpoint } from '@vp/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useId, useRef, useState } from 'react';
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

type MoreKey = 'toggle' | 'rotate' | 'test' | 'delete';

/**
 * An endpoint's actions, each with its word: its delivery log for everyone, and for a user who may
 * write, Edit, and a More menu with the rarer ones (enable or disable, rotate the secret, send a test
 * event, delete), so the row keeps to a width a list at a desktop's width shows whole. Each control's
 * name ends with the endpoint's address.
 */
export function EndpointActions({
  endpoint,
  logPath,
  handlers,
}: {
  endpoint: WebhookEndpoint;
  logPath: string;
  /** Absent for the read-only role. */
  handlers: EndpointHandlers | null;
}) {
  const named = (text: string) => T.actionOn(text, endpoint.url);
  const more = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const busy = handlers !== null && (handlers.toggling(endpoint.id) || handlers.testing(endpoint.id));

  const items: MenuProps['items'] = [
    endpoint.enabled
      ? { key: 'toggle', label: T.disable, icon: <PauseCircleOutlined aria-hidden="true" /> }
      : { key: 'toggle', label: T.enable, icon: <PlayCircleOutlined aria-hidden="true" /> },
    { key: 'rotate', label: T.rotate, icon: <KeyOutlined aria-hidden="true" /> },
    { key: 'test', label: T.sendTest, icon: <SendOutlined aria-hidden="true" /> },
    { type: 'divider' },
    { key: 'delete', label: T.delete, danger: true, icon: <DeleteOutlined aria-hidden="true" /> },
  ];

  function choose(key: MoreKey) {
    if (!handlers) return;
    setOpen(false);
    // The menu closes: what the choice opens, and the focus after it, start from the More button.
    more.current?.focus();
    if (key === 'toggle') handlers.onToggle(endpoint);
    else if (key === 'rotate') handlers.onRotate(endpoint);
    else if (key === 'test') handlers.onTest(endpoint);
    else handlers.onDelete(endpoint);
  }

  return (
    <div className="vp-webhook-actions" data-testid="endpoint-actions">
      <Link to={logPath} className="vp-webhook-log-link" aria-label={named(T.deliveries)}>
        <UnorderedListOutlined aria-hidden="true" />
        <span>{T.deliveries}</span>
      </Link>
      {handlers && (
        <>
          <Button
            size="small"
            icon={<EditOutlined aria-hidden="true" />}
            aria-label={named(T.edit)}
            onClick={() => handlers.onEdit(endpoint)}
          >
            {T.edit}
          </Button>
          <Dropdown
            trigger={['click']}
            open={open}
            onOpenChange={setOpen}
            // Opened from the keyboard, the menu takes the focus, so the arrow keys move in it.
            autoFocus
            menu={{ id: menuId, items, onClick: ({ key }) => choose(key as MoreKey) }}
          >
            <Button
              ref={more}
              size="small"
              icon={<DownOutlined aria-hidden="true" />}
              iconPlacement="end"
              loading={busy}
              aria-label={named(T.moreActions)}
              aria-haspopup="menu"
              aria-expanded={open}
              aria-controls={open ? menuId : undefined}
            >
              {T.more}
            </Button>
          </Dropdown>
        </>
      )}
    </div>
  );
}
