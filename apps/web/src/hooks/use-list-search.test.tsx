import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListSearch } from './use-list-search.ts';

/**
 * A list whose search lives in the URL: the URL takes a moment to follow a write (the router
 * navigates, the page renders again), as in the browser.
 */
function useList(initial = '', urlDelayMs = 40) {
  const [url, setUrl] = useState(initial);
  const search = useListSearch(url, (text) => setTimeout(() => setUrl(text), urlDelayMs));
  return { url, setUrl, search };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a list search box', () => {
  // Typed at a steady pace, with one hesitation after the third letter long enough for a search to
  // go out; the URL shows each search 150 ms after it is written, after the next letter is typed.
  for (const perKey of [150, 250, 350]) {
    it(`keeps every letter typed at ${perKey} ms a key while earlier searches land`, () => {
      const { result } = renderHook(() => useList('', 150));
      let typed = '';
      for (const letter of 'howard') {
        typed += letter;
        act(() => result.current.search.change(typed));
        expect(result.current.search.text).toBe(typed);
        act(() => void vi.advanceTimersByTime(typed.length === 3 ? 400 : perKey));
        expect(result.current.search.text).toBe(typed);
      }
      act(() => void vi.advanceTimersByTime(1_000));
      expect(result.current.search.text).toBe('howard');
      expect(result.current.url).toBe('howard');
    });
  }

  it('follows the URL when it changes by itself (Back, a link), dropping a search not yet sent', () => {
    const { result } = renderHook(() => useList('summit'));
    expect(result.current.search.text).toBe('summit');
    act(() => result.current.search.change('summitw'));
    act(() => result.current.setUrl('harbor'));
    expect(result.current.search.text).toBe('harbor');
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current.url).toBe('harbor');
    expect(result.current.search.text).toBe('harbor');
  });

  it('follows the URL back to a search it once wrote itself', () => {
    const { result } = renderHook(() => useList());
    act(() => result.current.search.change('ab'));
    act(() => void vi.advanceTimersByTime(1_000));
    act(() => result.current.search.change('ab'));
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current.url).toBe('ab');
    act(() => result.current.setUrl(''));
    expect(result.current.search.text).toBe('');
    act(() => result.current.setUrl('ab'));
    expect(result.current.search.text).toBe('ab');
  });

  it('clears the box and the URL at once', () => {
    const { result } = renderHook(() => useList('summit'));
    act(() => result.current.search.clear());
    expect(result.current.search.text).toBe('');
    act(() => void vi.advanceTimersByTime(100));
    expect(result.current.url).toBe('');
  });
});
