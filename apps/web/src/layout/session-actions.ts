import { loginPath, Messages } from '@vp/contract';
import { logout } from '../features/auth/index.ts';
import { loadChunk } from '../lib/chunk-load.ts';
import { navigateTo } from '../lib/navigation.ts';
import { getToken, resetToken } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';

/**
 * Ends the session in the browser first (token, cached data, queries in flight), then on the server
 * (best effort). In that order, calls still answering with the old token are no longer the
 * session's, so their 401s cannot ask the user to log in again.
 */
export async function endSession(then = '/login'): Promise<void> {
  const token = getToken();
  resetToken();
  navigateTo(then);
  if (!token) return;
  try {
    await logout(token);
  } catch {
    // The session may already be gone on the server; the browser side has ended regardless.
  }
}

export function confirmLogOut(): void {
  loadChunk(() => import('../components/confirm-dialog.ts')).then(
    ({ Modal }) =>
      Modal.confirm({
        title: 'Log Out',
        content: 'Are you sure you want to log out?',
        okText: 'Log Out',
        cancelText: 'Cancel',
        onOk: () => endSession(),
      }),
    // The question's code did not arrive: the user asked to log out, so the session ends.
    () => endSession(),
  );
}

/** An idle session ends; logging in again returns to the page the user left, with its URL state. */
export async function idleLogOut(): Promise<void> {
  await endSession(loginPath(`${window.location.pathname}${window.location.search}`));
  void toast('warning', Messages.idleLogout);
}
