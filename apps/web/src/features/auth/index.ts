/** Authentication: the login-free pages (routed by app/pages.ts) and ending a session on the server. */
export { logout } from './api.ts';
