import { IDLE_TIMEOUT_MS } from '@vp/contract';
import { readStorage, StorageKeys } from './storage.ts';

/**
 * The idle limit (spec §9: 60 minutes). localStorage `vp.idleTimeoutMs` may set a shorter one (the
 * end-to-end tests use it to avoid waiting an hour). It can only shorten: the value is capped at
 * the spec's limit, so editing it never keeps a session open longer; the server's own idle expiry
 * applies regardless.
 */
export function idleTimeoutMs(): number {
  const override = Number(readStorage(StorageKeys.idleTimeoutMs));
  return Number.isFinite(override) && override > 0 ? Math.min(override, IDLE_TIMEOUT_MS) : IDLE_TIMEOUT_MS;
}

export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'touchstart',
  'wheel',
  'scroll',
] as const;

/** Calls onIdle once after timeoutMs without user input; returns the stop function. */
export function watchIdle(onIdle: () => void, timeoutMs: number, target: Window = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(onIdle, timeoutMs);
  };
  for (const e of ACTIVITY_EVENTS) target.addEventListener(e, arm, { passive: true, capture: true });
  arm();
  return () => {
    clearTimeout(timer);
    for (const e of ACTIVITY_EVENTS) target.removeEventListener(e, arm, { capture: true });
  };
}
