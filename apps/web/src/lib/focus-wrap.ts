import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from a dialog's last control goes to its first, Shift+Tab from the first to the last. antd
 * pulls focus back when it lands outside the dialog, but a dialog that is the last thing on the
 * page would let Tab leave the page for the browser's own controls; this keeps it going round.
 */
export function wrapFocus(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab' || e.defaultPrevented) return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0,
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  }
}
