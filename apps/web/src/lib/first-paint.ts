import { useLayoutEffect } from 'react';
import { getToken } from './session.ts';

/**
 * The hand-over from the signed-in first paint (app/first-paint.tsx) to the full app. While the
 * first paint is on screen the full app renders under it; the page it stands in for ends it once
 * that page shows the same content (or its error), and any other address ends it at once. Ending
 * it removes it in the same frame as the page's content is drawn.
 */
let remove: (() => void) | null = null;
let shownPath: string | null = null;

export type FirstPaintPage = 'dashboard' | 'websites';

/** The signed-in pages with a first paint; null for any other address, or without a session. */
export function firstPaintPage(pathname: string): FirstPaintPage | null {
  if (!getToken()) return null;
  if (pathname === '/dashboard') return 'dashboard';
  if (pathname === '/websites') return 'websites';
  return null;
}

/** Called by the first paint once it is on screen, with what removes it. */
export function holdFirstPaint(path: string, end: () => void): void {
  shownPath = path;
  remove = end;
}

/** Removes the first paint if it is still on screen; the full app shows from then on. */
export function endFirstPaint(): void {
  const end = remove;
  remove = null;
  shownPath = null;
  end?.();
}

/** An answer the first paint drew from, for the app's query cache, so the app starts with it. */
export interface FirstPaintAnswer {
  queryKey: readonly unknown[];
  data: unknown;
  updatedAt: number;
  /** The early call it came from, forgotten once the answer is in the cache (else a refetch would take it). */
  early?: string;
}
let answers: FirstPaintAnswer[] = [];

export function offerFirstPaintAnswers(list: FirstPaintAnswer[]): void {
  answers = list;
}

/** The first paint's answers, once: the app puts them in its cache before its first render. */
export function takeFirstPaintAnswers(): FirstPaintAnswer[] {
  const out = answers;
  answers = [];
  return out;
}

/** The address the first paint shows while it is on screen, else null. */
export function firstPaintPath(): string | null {
  return shownPath;
}

/** A page the first paint stands in for ends it, before the browser draws, once it is `ready`. */
export function useEndFirstPaint(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) endFirstPaint();
  }, [ready]);
}
