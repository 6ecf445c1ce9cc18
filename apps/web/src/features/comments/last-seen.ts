import type { Comment } from '@vp/contract';
import { createStore, useStore } from '../../lib/store.ts';
import { readStorage, StorageKeys, writeStorage } from '../../lib/storage.ts';

/**
 * When the user last read a website's messages, kept per user and site in this browser. The
 * newest message's own time is stored, not the clock's: the server's and the browser's clocks need
 * not agree.
 */
const changes = createStore(0);

export function readLastSeen(userId: number, siteId: number): string | null {
  return readStorage(StorageKeys.commentsSeen(userId, siteId));
}

export function markSeen(userId: number, siteId: number, comments: readonly Comment[]): void {
  const newest = newestTime(comments);
  if (newest === null) return;
  const before = readLastSeen(userId, siteId);
  if (before !== null && Date.parse(before) >= Date.parse(newest)) return;
  writeStorage(StorageKeys.commentsSeen(userId, siteId), newest);
  changes.set((n) => n + 1);
}

function newestTime(comments: readonly Comment[]): string | null {
  let newest: string | null = null;
  for (const c of comments)
    if (newest === null || Date.parse(c.dateTime) > Date.parse(newest)) newest = c.dateTime;
  return newest;
}

/** Messages from others (a removed author's included) written after the user last read the tab. */
export function unreadCount(comments: readonly Comment[], userId: number, lastSeen: string | null): number {
  const since = lastSeen === null ? -Infinity : Date.parse(lastSeen);
  return comments.filter((c) => c.user?.id !== userId && Date.parse(c.dateTime) > since).length;
}

/** The stored time, re-read whenever any tab of this page marks messages seen. */
export function useLastSeen(userId: number | undefined, siteId: number): string | null {
  useStore(changes);
  return userId === undefined ? null : readLastSeen(userId, siteId);
}
