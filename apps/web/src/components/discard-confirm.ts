import type { Modal } from 'antd';
import { loadChunk } from '../lib/chunk-load.ts';

/** The texts of the one question asked before unsaved edits are thrown away. */
export const DiscardTexts = {
  title: 'Discard changes?',
  content: 'You have unsaved changes. If you leave now, they will be lost.',
  ok: 'Discard changes',
  cancel: 'Keep editing',
} as const;

let open: Promise<boolean> | null = null;

/**
 * Asks whether to discard unsaved edits; answers true to discard. A second ask while the first is
 * still open (a double click, Escape pressed twice) shares the first one's answer.
 */
export function confirmDiscard(): Promise<boolean> {
  if (open) return open;
  open = loadChunk(() => import('./confirm-dialog.ts'))
    .then((dialog) => ask(dialog.Modal))
    // Without the dialog's code nothing can be agreed to: the edits stay.
    .catch(() => false)
    .finally(() => {
      open = null;
    });
  return open;
}

function ask(modal: typeof Modal): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let discard = false;
    let fallback: ReturnType<typeof setTimeout> | undefined;
    // The answer is given once the question has gone: its dialog holds focus until then, so
    // whatever the answer does with focus (closing a form, going back to a row) would be undone.
    const answer = (value: boolean) => {
      discard = value;
      // In case the dialog's leave never reports its end.
      fallback = setTimeout(() => resolve(discard), 1000);
    };
    modal.confirm({
      title: DiscardTexts.title,
      content: DiscardTexts.content,
      okText: DiscardTexts.ok,
      okButtonProps: { danger: true },
      cancelText: DiscardTexts.cancel,
      // Keep editing is the safe answer, so Enter on the opened dialog does not throw work away.
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => answer(true),
      onCancel: () => answer(false),
      // Also when it is closed any other way (destroyed with the page): then nothing was agreed to.
      afterClose: () => {
        clearTimeout(fallback);
        resolve(discard);
      },
    });
  });
}
