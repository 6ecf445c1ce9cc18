import { useSyncExternalStore } from 'react';

/** antd's `md` breakpoint: from this width lists are tables and drawers are side panels. */
const WIDE_QUERY = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(WIDE_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/**
 * Whether the window is at least antd's `md` wide, known from the first render: a phone draws its
 * cards at once instead of a wide table that is thrown away when antd's breakpoints report in.
 */
export function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(WIDE_QUERY).matches ?? true,
    () => true,
  );
}
