import { useEffect, useRef, useState } from 'react';
import { touchScreen } from '../../lib/pointer.ts';

/** The form fields a keyboard user can reach first: the first one that is not disabled gets focus. */
const FIELD_SELECTOR = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled])';

interface Options {
  open: boolean;
  /** What the form is filled for ('new', or the site's rowKey); null until it is filled. */
  focusKey: number | 'new' | null;
  /** The field locks have settled on the filled values. */
  settled: boolean;
}

/**
 * The modal's focus: it opens with focus on its first field that can be edited, once per site (on
 * a touch screen focus stays on the dialog, so no keyboard covers the form), and gives focus back to what opened it (the row, or the New Website button) when it goes. Answers the
 * ref setter of the box that holds the form's fields.
 */
export function useModalFocus({ open, focusKey, settled }: Options): (box: HTMLDivElement | null) => void {
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  // A state, not a ref: the form renders inside the dialog's portal a commit after the modal itself.
  const [formBox, setFormBox] = useState<HTMLDivElement | null>(null);

  useEffect(
    () => () => {
      // After the dialog's own focus lock has let go, which happens later in the same unmount.
      setTimeout(() => {
        if (opener?.isConnected) opener.focus({ preventScroll: true });
      }, 0);
    },
    [opener],
  );

  // Only once the locks have settled: a field focused before then could be disabled under the cursor.
  const focusedFor = useRef<number | 'new' | null>(null);
  useEffect(() => {
    if (focusKey === null || !open || !formBox || !settled || focusedFor.current === focusKey) return;
    focusedFor.current = focusKey;
    if (touchScreen()) return;
    formBox.querySelector<HTMLElement>(FIELD_SELECTOR)?.focus({ preventScroll: true });
  }, [focusKey, open, formBox, settled]);

  return setFormBox;
}
