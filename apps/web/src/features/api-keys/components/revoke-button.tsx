import { StopOutlined } from '@ant-design/icons';
import type { ApiKey } from '@vp/contract';
import { Button, Modal } from 'antd';
import { useRef } from 'react';
import { focusWhen } from '../../../lib/focus-when.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { keyActionLabel } from '../key-format.ts';

export const RevokeTexts = {
  action: 'Revoke',
  confirm: (name: string) => `Revoke ${name}?`,
  detail: 'Calls made with this key are refused from now on. This cannot be undone.',
  done: (name: string) => `${name} is revoked.`,
  cancel: 'Cancel',
} as const;

/**
 * Revoke a key after a confirmation (a dialog, opened on Cancel); the answer is one toast. Focus
 * goes back to the button when the confirmation is dismissed, and to the key's name in its row once
 * the key is revoked and the button has gone with it.
 */
export function RevokeButton({
  apiKey,
  revoke,
}: {
  apiKey: ApiKey;
  revoke: (id: number) => Promise<unknown>;
}) {
  const button = useRef<HTMLButtonElement>(null);

  function ask() {
    // The row (or card) stays, showing the key as revoked; the list's heading when it does not.
    const row = button.current?.closest<HTMLElement>('tr, li') ?? null;
    const heading =
      button.current?.closest('section, .ant-card')?.querySelector<HTMLElement>('h1, h3') ?? null;
    let revoked = false;
    Modal.confirm({
      title: RevokeTexts.confirm(apiKey.name),
      content: RevokeTexts.detail,
      okText: RevokeTexts.action,
      okButtonProps: { danger: true },
      cancelText: RevokeTexts.cancel,
      // Cancel is the safe answer: Enter on the opened question revokes nothing.
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await revoke(apiKey.id);
          revoked = true;
          void toastSaved(RevokeTexts.done(apiKey.name));
        } catch (err) {
          void toast('error', errorMessage(err));
        }
      },
      afterClose: () => {
        if (!revoked) {
          button.current?.focus();
          return;
        }
        // The button leaves once the list is read again.
        focusWhen(() => {
          if (button.current?.isConnected) return null;
          const name = row?.isConnected ? row.querySelector<HTMLElement>('.vp-api-key-title') : null;
          return name ?? (heading?.isConnected ? heading : null);
        });
      },
    });
  }

  return (
    <Button
      ref={button}
      size="small"
      danger
      icon={<StopOutlined aria-hidden="true" />}
      aria-label={keyActionLabel(RevokeTexts.action, apiKey)}
      onClick={ask}
    >
      {RevokeTexts.action}
    </Button>
  );
}
