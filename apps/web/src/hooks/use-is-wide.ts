import { useMediaQuery } from './use-media-query.ts';

/** antd's `md` breakpoint: from this width lists are tables and drawers are side panels. */
const WIDE_QUERY = '(min-width: 768px)';

/**
 * Whether the window is at least antd's `md` wide, known from the first render: a phone draws its
 * cards at once instead of a wide table that is thrown away when antd's breakpoints report in.
 */
export function useIsWide(): boolean {
  return useMediaQuery(WIDE_QUERY, true);
}
