/** Notifications: the navbar's bell and the drawer with the list and the delivery settings. */
export { NotificationBell } from './components/notification-bell.tsx';
export { NotificationsDrawer } from './components/notifications-drawer.tsx';
export { useUnreadNotifications } from './api.ts';
