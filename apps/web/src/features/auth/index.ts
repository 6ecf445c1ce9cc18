/** Authentication: the login-free pages (routed by app/pages.ts) and ending a session on the server. */
export { logout } from './api.ts';
/** The one-time login code exchange, loaded only when a link brings a code (it needs antd's Modal). */
export const loadLoginCode = () => import('./login-code.ts');
