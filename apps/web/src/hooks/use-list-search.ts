import { useEffect, useRef, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box of a list whose search lives in the URL: the box follows the typing at once, the
 * URL (and so the query) after a pause; when the URL changes by itself (Back, Forward, a link),
 * the box follows the URL.
 */
export function useListSearch(urlSearch: string, write: (text: string) => void) {
  const [text, setText] = useState(urlSearch);
  const [seen, setSeen] = useState(urlSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  if (seen !== urlSearch) {
    setSeen(urlSearch);
    if (text.trim() !== urlSearch) setText(urlSearch);
  }

  function change(next: string) {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => writeRef.current(next.trim()), SEARCH_DEBOUNCE_MS);
  }

  function clear() {
    clearTimeout(timer.current);
    setText('');
    writeRef.current('');
  }

  return { text, change, clear };
}
