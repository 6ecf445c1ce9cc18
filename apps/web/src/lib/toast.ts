import { NOTIFICATION_DURATION_MS, SUCCESS_TOAST_MS } from '@vp/contract';

/**
 * Toasts (spec §9 durations). antd's message code is loaded on first use, which keeps it out of the
 * login page's bundle; the defaults are set where it is loaded.
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

type Message = typeof import('./toast-impl.ts').message;
let loaded: Message | null = null;

/** Loads the toast code ahead of the first toast (the signed-in layout has it anyway). */
export function preloadToasts(): Promise<Message> {
  return loaded ? Promise.resolve(loaded) : import('./toast-impl.ts').then((m) => (loaded = m.message));
}

export function toast(kind: ToastKind, text: string, durationMs?: number): Promise<void> {
  const show = (message: Message) => {
    void message[kind](text, durationMs === undefined ? undefined : durationMs / 1000);
  };
  // Once loaded, a toast shows at once rather than a tick later, when its page may be gone.
  if (loaded) {
    show(loaded);
    return Promise.resolve();
  }
  return preloadToasts().then(show);
}

/** Create/save/delete confirmations are shorter than the default toast. */
export function toastSaved(text: string): Promise<void> {
  return toast('success', text, SUCCESS_TOAST_MS);
}

/**
 * antd's message for components that need more than a text toast (keys, loading states). Its
 * defaults are applied by toast-impl.ts, which the signed-in layout loads.
 */
export { message } from 'antd';

export const NOTIFICATION_DEFAULTS = {
  duration: NOTIFICATION_DURATION_MS / 1000,
  placement: 'topRight',
} as const;
