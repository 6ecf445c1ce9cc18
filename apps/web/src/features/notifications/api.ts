import type { Notification, NotificationList, NotificationSettings } from '@vp/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Rows per page of the drawer; Load more asks for the next page. */
export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * The user's notifications, newest first, a page at a time (spec §7 GET /notifications). The first
 * page's `unread` is the bell's badge, so the bell and the drawer share this one query.
 */
export function useNotifications(enabled = true) {
  return useInfiniteQuery({
    queryKey: queryKeys.notifications.list(NOTIFICATION_PAGE_SIZE),
    queryFn: ({ pageParam }) =>
      http.get<NotificationList>(`/notifications?page=${pageParam}&pageSize=${NOTIFICATION_PAGE_SIZE}`),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    enabled,
  });
}

/**
 * The loaded rows as one list. A dismissal between two pages shifts the later ones, so a row may
 * come twice: it is shown once.
 */
export function loadedNotifications(pages: readonly NotificationList[] | undefined): Notification[] {
  const seen = new Set<number>();
  const out: Notification[] = [];
  for (const page of pages ?? [])
    for (const n of page.items) {
      if (seen.has(n.rowKey)) continue;
      seen.add(n.rowKey);
      out.push(n);
    }
  return out;
}

function useInvalidateNotifications() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.notifications.lists });
}

export function useDismissNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (rowKey: number) => http.put<unknown>(`/notifications/${rowKey}/dismiss`),
    onSuccess: invalidate,
  });
}

export function useDismissNotifications() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (rowKeys: number[]) => http.put<unknown>('/notifications/dismiss', rowKeys),
    onSuccess: invalidate,
  });
}

/**
 * Opening a notification marks it read: the row and the bell show it at once, and the server keeps
 * it (a refusal is put right by the next read of the list).
 */
export function useReadNotification() {
  const qc = useQueryClient();
  const key = queryKeys.notifications.list(NOTIFICATION_PAGE_SIZE);
  return useMutation({
    mutationFn: (rowKey: number) => http.put<unknown>(`/notifications/${rowKey}/read`),
    onMutate: (rowKey) =>
      qc.setQueryData<InfiniteData<NotificationList>>(key, (data) => {
        const first = data?.pages[0];
        const wasUnread = data?.pages.some((p) => p.items.some((n) => n.rowKey === rowKey && !n.read));
        if (!data || !first || !wasUnread) return data;
        const pages = data.pages.map((p) => ({
          ...p,
          items: p.items.map((n) => (n.rowKey === rowKey ? { ...n, read: true } : n)),
        }));
        pages[0] = { ...pages[0]!, unread: Math.max(0, first.unread - 1) };
        return { ...data, pages };
      }),
    onError: () => void qc.invalidateQueries({ queryKey: queryKeys.notifications.lists }),
  });
}

const SETTINGS_PATH = '/profile/preferences/notifications';

export function useNotificationSettings(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications.settings,
    queryFn: () => http.get<NotificationSettings>(SETTINGS_PATH),
    enabled,
  });
}

export function useSaveNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => http.put<NotificationSettings>(SETTINGS_PATH, settings),
    onSuccess: (saved, sent) =>
      qc.setQueryData(queryKeys.notifications.settings, saved && typeof saved === 'object' ? saved : sent),
  });
}

/** How many notifications have not been opened yet (the bell's badge). */
export function useUnreadNotifications(): number {
  return useNotifications().data?.pages[0]?.unread ?? 0;
}
