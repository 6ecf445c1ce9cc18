import { Messages } from '@vp/contract';
import { Modal } from 'antd';
import { logout } from '../features/auth/index.ts';
import { navigateTo } from '../lib/navigation.ts';
import { resetToken } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';

/** Ends the session on the server (best effort), then in the browser. */
export async function endSession(): Promise<void> {
  try {
    await logout();
  } catch {
    // The session may already be gone on the server; the browser side must end regardless.
  }
  resetToken();
  navigateTo('/login');
}

export function confirmLogOut(): void {
  Modal.confirm({
    title: 'Log Out',
    content: 'Are you sure you want to log out?',
    okText: 'Log Out',
    cancelText: 'Cancel',
    onOk: () => endSession(),
  });
}

export async function idleLogOut(): Promise<void> {
  await endSession();
  void toast('warning', Messages.idleLogout);
}
