import { DisconnectOutlined } from '@ant-design/icons';
import { Messages } from '@vp/contract';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useOnline } from '../hooks/use-online.ts';
import { errorMessage } from '../lib/http.ts';

/**
 * The three states every screen shows besides its data: loading, empty and failed. Screens use
 * these rather than their own spinners and texts, so every screen says the same thing the same way.
 */

/** A placeholder in the shape of what is coming; never 'No data' while the answer is on its way. */
export function LoadingState({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div className="vp-state" role="status" aria-live="polite" aria-busy="true">
      <span className="vp-sr-only">{label}</span>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}

/** Why there is nothing to show, and what to do next. */
export function EmptyState({ title, action }: { title: ReactNode; action?: ReactNode }) {
  return (
    <div className="vp-state" data-testid="empty-state">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={title}>
        {action}
      </Empty>
    </div>
  );
}

/**
 * A failed load: a sentence a user can act on and a Retry. When the browser is offline it says
 * so, and retries by itself as soon as the network is back.
 */
export function ErrorState({
  error,
  onRetry,
  title = Messages.loadFailed,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
}) {
  const online = useOnline();
  const wasOffline = useRef(!online);
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      retry.current();
    }
  }, [online]);

  return (
    <Alert
      className="vp-state"
      type={online ? 'error' : 'warning'}
      showIcon
      icon={online ? undefined : <DisconnectOutlined />}
      title={title}
      description={online ? errorMessage(error) : Messages.offline}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}

/** A page-wide line while the browser has no network, so a failure is never a mystery. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      role="status"
      banner
      type="warning"
      icon={<DisconnectOutlined />}
      title={Messages.offline}
      data-testid="offline-notice"
    />
  );
}
