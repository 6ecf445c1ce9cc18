import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsWide } from './use-is-wide.ts';

/** A window whose width answers antd's `md` query, and can be resized. */
function stubWidth(width: number) {
  const listeners = new Set<() => void>();
  const state = { width };
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return query === '(min-width: 768px)' && state.width >= 768;
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return {
    resize(to: number) {
      state.width = to;
      for (const l of listeners) l();
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('useIsWide', () => {
  it('knows a phone from the first render, and follows the window across the breakpoint', () => {
    const window = stubWidth(390);
    const { result } = renderHook(() => useIsWide());
    expect(result.current).toBe(false);
    act(() => window.resize(1440));
    expect(result.current).toBe(true);
    act(() => window.resize(767));
    expect(result.current).toBe(false);
  });

  it('takes a wide screen where the browser cannot say', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useIsWide());
    expect(result.current).toBe(true);
  });
});
