import { Messages } from '@vp/contract';
import { Modal } from 'antd';

/**
 * The 'Confirm logout' dialog (spec §8 Session). Loaded on demand so the login page does not carry
 * the modal code. Resolves true for Re-Login, false for Cancel.
 */
export function confirmLogout(): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: Messages.logoutConfirmTitle,
      content: Messages.logoutConfirm,
      okText: 'Re-Login',
      cancelText: 'Cancel',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
