/**
 * Every localStorage key the app uses, in one place (the e2e suite sets some of them directly).
 * Reads and writes never throw: storage may be disabled or full, and the app must still run.
 */
export const StorageKeys = {
  token: 'vp.token',
  vendor: 'vp.vendor',
  sidebarOpen: 'vp.sidebarOpen',
  size: 'vp.size',
  colorblind: 'vp.colorblind',
  theme: 'vp.theme',
  idleTimeoutMs: 'vp.idleTimeoutMs',
  /** The last colour scheme's computed shades (lib/settings.ts). */
  toneColors: 'vp.toneColors',
  /** When this user last read this website's Messages tab (ISO instant of the newest message seen). */
  commentsSeen: (userId: number, siteId: number) => `vp.commentsSeen.${userId}.${siteId}`,
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Without storage the setting simply lasts for this page load.
  }
}
