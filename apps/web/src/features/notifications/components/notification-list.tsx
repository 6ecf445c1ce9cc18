import { CloseOutlined } from '@ant-design/icons';
import { NOTIFICATION_ROW_HEIGHT, NotificationMessages, type Notification } from '@vp/contract';
import { Button, Checkbox } from 'antd';
import { useEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import {
  loadedNotifications,
  useDismissNotification,
  useDismissNotifications,
  useNotifications,
  useReadNotification,
} from '../api.ts';

/** A link the portal made: an address inside it. Anything else is shown, never followed. */
export function isPortalLink(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}

/**
 * The Notifications tab (spec §2 Notifications drawer): select-all (indeterminate while only some
 * rows are chosen), Dismiss for the chosen rows, and per row its text, which opens what it is
 * about, and its own dismiss. Rows are 40 px high; Load more fetches the next page.
 */
export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const list = useNotifications();
  const dismissOne = useDismissNotification();
  const dismissMany = useDismissNotifications();
  const markRead = useReadNotification();
  const navigate = useNavigate();
  const rows = useMemo(() => loadedNotifications(list.data?.pages), [list.data]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const listRef = useRef<HTMLDivElement>(null);
  const refocus = useRefocusAfterDismiss(listRef, rows);
  // A row dismissed elsewhere (another tab, a refetch) leaves the choice by itself.
  const selected = rows.filter((n) => chosen.has(n.rowKey)).map((n) => n.rowKey);
  const all = rows.length > 0 && selected.length === rows.length;

  function toggle(rowKey: number, on: boolean) {
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(rowKey);
      else next.delete(rowKey);
      return next;
    });
  }

  async function dismissSelected() {
    if (selected.length === 0) return;
    try {
      await dismissMany.mutateAsync(selected);
      setChosen(new Set());
      refocus(selected, 'toolbar');
      void message.success(NotificationMessages.selectedDismissed);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  }

  async function dismiss(n: Notification) {
    try {
      const index = rows.findIndex((r) => r.rowKey === n.rowKey);
      await dismissOne.mutateAsync(n.rowKey);
      toggle(n.rowKey, false);
      refocus([n.rowKey], index);
      void message.success(NotificationMessages.dismissed);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  }

  function open(e: MouseEvent<HTMLAnchorElement>, n: Notification) {
    // Opened, in this tab or another: it has been read.
    if (!n.read) markRead.mutate(n.rowKey);
    // A modified click opens a new tab as any link does; a plain one stays in the app.
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onNavigate();
    void navigate(n.link);
  }

  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isLoading) return <LoadingState label="Loading your notifications" rows={3} />;

  return (
    <div className="vp-notifications" data-testid="notification-list" ref={listRef} tabIndex={-1}>
      <div className="vp-notifications-toolbar">
        <Checkbox
          checked={all}
          indeterminate={selected.length > 0 && !all}
          disabled={rows.length === 0}
          onChange={(e) => setChosen(e.target.checked ? new Set(rows.map((n) => n.rowKey)) : new Set())}
        >
          {NotificationMessages.selectAll}
        </Checkbox>
        <Button
          size="small"
          disabled={selected.length === 0}
          loading={dismissMany.isPending}
          onClick={() => void dismissSelected()}
        >
          {NotificationMessages.dismiss}
          {selected.length > 0 ? ` (${selected.length})` : ''}
        </Button>
      </div>
      {rows.length === 0 ? (
        <EmptyState title={NotificationMessages.none} />
      ) : (
        <ul className="vp-notification-rows" aria-label="Notifications">
          {rows.map((n) => (
            <li
              key={n.rowKey}
              className={`vp-notification-row${n.read ? '' : ' vp-notification-unread'}`}
              style={{ height: NOTIFICATION_ROW_HEIGHT }}
              data-testid="notification-row"
              data-read={n.read}
            >
              <Checkbox
                checked={chosen.has(n.rowKey)}
                onChange={(e) => toggle(n.rowKey, e.target.checked)}
                aria-label={`Select: ${n.content}`}
              />
              <span
                className="vp-notification-mark"
                data-testid="unread-mark"
                hidden={n.read}
                title={n.read ? undefined : 'Unread'}
              >
                <span className="vp-sr-only">Unread</span>
              </span>
              {isPortalLink(n.link) ? (
                <a
                  className="vp-notification-text"
                  href={n.link}
                  title={n.content}
                  onClick={(e) => open(e, n)}
                  onAuxClick={(e) => open(e, n)}
                >
                  {n.content}
                </a>
              ) : (
                <span className="vp-notification-text" title={n.content}>
                  {n.content}
                </span>
              )}
              <span className="vp-notification-time vp-muted">{displayDateTime(n.createdAt)}</span>
              <Button
                size="small"
                type="text"
                className="vp-notification-dismiss"
                icon={<CloseOutlined />}
                aria-label={`Dismiss: ${n.content}`}
                loading={dismissOne.isPending && dismissOne.variables === n.rowKey}
                onClick={() => void dismiss(n)}
              />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          block
          className="vp-notifications-more"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </div>
  );
}

type RefocusTarget = number | 'toolbar';

/**
 * A dismissal takes away the control that had focus (the row's own dismiss, or Dismiss, which is
 * disabled once nothing is chosen), which would leave keyboard users on the page's body, outside the
 * drawer, where Escape no longer closes it. Once the dismissed rows are gone, focus moves to the
 * dismiss of the row now in the place of the first one (or the last row), or for the toolbar's
 * Dismiss to Select all; with no row left, to the list.
 */
function useRefocusAfterDismiss(listRef: RefObject<HTMLDivElement | null>, rows: Notification[]) {
  const pending = useRef<{ keys: number[]; target: RefocusTarget } | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const want = pending.current;
    const root = listRef.current;
    if (!want || !root || rows.some((n) => want.keys.includes(n.rowKey))) return;
    pending.current = null;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || active.matches(':disabled');
    if (!lost && active !== root) return;
    const dismissers = root.querySelectorAll<HTMLElement>('.vp-notification-dismiss');
    const selectAll = root.querySelector<HTMLElement>('.vp-notifications-toolbar input:not(:disabled)');
    const target =
      want.target === 'toolbar'
        ? selectAll
        : (dismissers[Math.min(want.target, dismissers.length - 1)] ?? selectAll);
    (target ?? root).focus();
  }, [listRef, rows, tick]);
  return (keys: number[], target: RefocusTarget) => {
    pending.current = { keys, target };
    setTick((t) => t + 1);
  };
}
