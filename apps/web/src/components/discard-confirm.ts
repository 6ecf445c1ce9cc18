import { Modal } from 'antd';

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
  open = new Promise<boolean>((resolve) => {
    Modal.confirm({
      title: DiscardTexts.title,
      content: DiscardTexts.content,
      okText: DiscardTexts.ok,
      okButtonProps: { danger: true },
      cancelText: DiscardTexts.cancel,
      // Keep editing is the safe answer, so Enter on the opened dialog does not throw work away.
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
      // Closed any other way (destroyed with the page): nothing was agreed to.
      afterClose: () => resolve(false),
    });
  }).finally(() => {
    open = null;
  });
  return open;
}
