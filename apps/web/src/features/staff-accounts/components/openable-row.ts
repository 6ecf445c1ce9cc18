import { useEffect, useRef, type HTMLAttributes, type KeyboardEvent } from 'react';

/**
 * A table row that opens its record by mouse or keyboard: one Tab stop per row, Enter or Space
 * opens it (a key pressed on a button inside the row is left to the button).
 */
export function openableRow(open: () => void): HTMLAttributes<HTMLElement> {
  return {
    onClick: open,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
        e.preventDefault();
        open();
      }
    },
    tabIndex: 0,
  };
}

/**
 * When the open record (`open`, from the URL) is closed, focus goes back to its row, where the
 * keyboard left off, once the drawer has gone.
 */
export function useFocusRowOnClose(table: string, open: number | string | null): void {
  const last = useRef(open);
  useEffect(() => {
    const was = last.current;
    last.current = open;
    if (open !== null || was === null) return;
    const frame = requestAnimationFrame(() => {
      document.querySelector<HTMLElement>(`[data-testid="${table}"] tr[data-row-key="${was}"]`)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [table, open]);
}
