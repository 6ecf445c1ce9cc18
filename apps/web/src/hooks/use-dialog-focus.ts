import { useEffect, useRef, useState } from 'react';

const FIELD_SELECTOR = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled])';

/**
 * Focus for a dialog: what had focus when it opened (a row, a button) gets it back when it goes,
 * and its first editable field gets it once per `key` when `ready` (the form shows its values and
 * its locks have settled, so the field is not disabled under the cursor).
 */
export function useDialogFocus(container: HTMLElement | null, key: number | string | null, ready: boolean) {
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      // After the dialog's own focus lock has let go, which happens later in the same unmount.
      setTimeout(() => {
        if (opener?.isConnected) opener.focus({ preventScroll: true });
      }, 0);
    },
    [opener],
  );

  const focusedFor = useRef<number | string | null>(null);
  useEffect(() => {
    if (key === null || !container || !ready || focusedFor.current === key) return;
    focusedFor.current = key;
    container.querySelector<HTMLElement>(FIELD_SELECTOR)?.focus({ preventScroll: true });
  }, [key, container, ready]);
}
