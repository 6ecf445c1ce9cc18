import { useEffect, useRef, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box of a list whose search lives in the URL: the box follows the typing at once, the
 * URL (and so the query) after a pause. The box never changes under the user's fingers: when a
 * search this box wrote lands in the URL, the box keeps what has been typed since. Only when the
 * URL changes by itself (Back, Forward, a link) does the box follow the URL.
 */
export function useListSearch(urlSearch: string, write: (text: string) => void) {
  const [text, setText] = useState(urlSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Searches written to the URL that it has not shown yet, oldest first. */
  const written = useRef<string[]>([]);
  const shown = useRef(urlSearch);
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    shown.current = urlSearch;
    const own = written.current.indexOf(urlSearch);
    if (own >= 0) {
      written.current.splice(0, own + 1);
      return;
    }
    // Moved by something else: the box shows the URL's search, and a pending one is dropped.
    written.current = [];
    clearTimeout(timer.current);
    setText((typed) => (typed.trim() === urlSearch ? typed : urlSearch));
  }, [urlSearch]);

  function send(next: string) {
    // A search the URL already shows changes nothing, so it is not waited for.
    if (next !== shown.current) written.current.push(next);
    writeRef.current(next);
  }

  function change(next: string) {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(next.trim()), SEARCH_DEBOUNCE_MS);
  }

  function clear() {
    clearTimeout(timer.current);
    setText('');
    send('');
  }

  return { text, change, clear };
}
