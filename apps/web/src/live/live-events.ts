import type { LiveEvent } from '@vp/contract';
import { useEffect, useEffectEvent } from 'react';

/** Screens that react to an event themselves (the open website modal) listen here. */
const listeners = new Set<(event: LiveEvent) => void>();

export function emitLiveEvent(event: LiveEvent): void {
  for (const l of listeners) l(event);
}

export function onLiveEvent(listener: (event: LiveEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `handler` with each event while the component is mounted; the latest handler is used. */
export function useLiveEvent(handler: (event: LiveEvent) => void): void {
  const handle = useEffectEvent(handler);
  useEffect(() => onLiveEvent((e) => handle(e)), []);
}
