import { useEffect } from 'react';
import { getToken } from './session.ts';

/**
 * The hand-over from the first paint (app/first-paint.tsx) to the full app. While the first paint
 * is on screen the full app renders under it, hidden; a page that the first paint stands in for
 * ends it once it shows the same content (its data has arrived), and so does anything that takes
 * the user elsewhere (a redirect, an error, a click). Ending it swaps the two in one frame.
 */
let end: (() => void) | null = null;
let shownPath: string | null = null;

/** Called by the first paint when it is on screen, with what removes it. */
export function holdFirstPaint(path: string, remove: () => void): void {
  shownPath = path;
  end = remove;
}

/** Removes the first paint, if it is still on screen; the full app shows from then on. */
export function endFirstPaint(): void {
  const remove = end;
  end = null;
  shownPath = null;
  remove?.();
}

/** Whether the first paint is on screen. */
export function firstPaintShown(): boolean {
  return end !== null;
}

/** The address the first paint shows, while it is on screen. */
export function firstPaintPath(): string | null {
  return shownPath;
}

/** A page that the first paint stands in for ends it once it shows its content (`ready`). */
export function useEndFirstPaint(ready: boolean): void {
  useEffect(() => {
    if (ready) endFirstPaint();
  }, [ready]);
}

export type FirstPaintPage = 'dashboard' | 'websites';

/** The signed-in pages with a first paint; null for any other address, or without a session. */
export function firstPaintPage(pathname: string): FirstPaintPage | null {
  if (!getToken()) return null;
  if (pathname === '/dashboard') return 'dashboard';
  if (pathname === '/websites') return 'websites';
  return null;
}
