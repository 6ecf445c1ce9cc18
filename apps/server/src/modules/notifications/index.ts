/**
 * Notifications: what other modules call in the transaction of a change (`notify` through a
 * `NoticeBatch`, with the texts of `noticeText`), and the routes and jobs of the drawer and digest.
 */
export { announce, noticeBatch, notify, withNotices, type NoticeBatch, type NotifyInput } from './notify.ts';
export { noticeText } from './texts.ts';
export { notificationsRoutes } from './routes.ts';
