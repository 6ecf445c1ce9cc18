import { setImmediate as nextTurn } from 'node:timers/promises';

/** Items handled between two turns of the event loop: a slice takes a few milliseconds at most. */
export const SLICE = 250;

/**
 * Maps a long list (an import's rows) a slice at a time, in order, letting the server answer other
 * requests between slices: the main thread answers every tenant, so no one list holds it long.
 */
export async function mapInSlices<T, U>(items: readonly T[], fn: (item: T) => U, size = SLICE): Promise<U[]> {
  const out: U[] = [];
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await nextTurn();
    for (const item of items.slice(start, start + size)) out.push(fn(item));
  }
  return out;
}

/** The list cut into slices, for work done a slice at a time (a query per slice). */
export function slices<T>(items: readonly T[], size = SLICE): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
