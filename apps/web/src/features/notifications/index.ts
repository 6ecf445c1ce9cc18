/** Notifications: the navbar's bell and the drawer with the list and the delivery settings. */
import { lazy } from 'react';
import { loadChunk } from '../../lib/chunk-load.ts';

export { NotificationBell } from './components/notification-bell.tsx';
export { useUnreadNotifications } from './api.ts';

/** The drawer (its list, tabs and settings form) loads when it is first opened. */
export const NotificationsDrawer = lazy(() =>
  loadChunk(() => import('./components/notifications-drawer.tsx')).then((m) => ({
    default: m.NotificationsDrawer,
  })),
);
