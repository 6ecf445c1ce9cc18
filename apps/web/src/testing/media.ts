import { vi } from 'vitest';

/**
 * The browser's media queries answered by `matches` (a phone: nothing at least 768 px wide; a touch
 * screen: `pointer: coarse`), until the test's mocks are restored.
 */
export function stubMedia(matches: (query: string) => boolean) {
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** A phone: narrower than antd's `md` breakpoint, so lists are cards. */
export const PHONE = () => false;
/** A touch screen without a hovering pointer. */
export const TOUCH = (query: string) => query.includes('pointer: coarse');
