import {
  BADGE_TONES,
  COLORBLIND_SCHEMES,
  markShade,
  textShade,
  themeColor,
  themePalette,
  toneColor,
  type ColorblindScheme,
} from '@vp/contract';
import { onSessionReset } from './session.ts';
import { createStore, useStore } from './store.ts';
import { readStorage, StorageKeys, writeStorage } from './storage.ts';

/** Local, per-browser settings (spec §2 Layout): sidebar, component size, colour-blind scheme, vendor. */
export type UiSize = 'small' | 'medium' | 'large';
export const UI_SIZES: readonly UiSize[] = ['small', 'medium', 'large'];

export interface Settings {
  sidebarOpen: boolean;
  size: UiSize;
  colorblind: ColorblindScheme | null;
  /** The chosen linked vendor account id, sent as the Vendor header. */
  vendor: number | null;
}

function readSize(): UiSize {
  const v = readStorage(StorageKeys.size);
  return UI_SIZES.includes(v as UiSize) ? (v as UiSize) : 'medium';
}

function readScheme(): ColorblindScheme | null {
  const v = readStorage(StorageKeys.colorblind);
  return COLORBLIND_SCHEMES.includes(v as ColorblindScheme) ? (v as ColorblindScheme) : null;
}

function readVendor(): number | null {
  const v = Number(readStorage(StorageKeys.vendor));
  return Number.isInteger(v) && v > 0 ? v : null;
}

function loadSettings(): Settings {
  return {
    sidebarOpen: readStorage(StorageKeys.sidebarOpen) !== '0',
    size: readSize(),
    colorblind: readScheme(),
    vendor: readVendor(),
  };
}

export const settingsStore = createStore<Settings>(loadSettings());

export function setSidebarOpen(open: boolean): void {
  writeStorage(StorageKeys.sidebarOpen, open ? '1' : '0');
  settingsStore.set((s) => ({ ...s, sidebarOpen: open }));
}

export function setSize(size: UiSize): void {
  writeStorage(StorageKeys.size, size);
  settingsStore.set((s) => ({ ...s, size }));
}

export function setColorblind(scheme: ColorblindScheme | null): void {
  writeStorage(StorageKeys.colorblind, scheme);
  settingsStore.set((s) => ({ ...s, colorblind: scheme }));
  applyToneColors(scheme);
}

export function setVendor(vendor: number | null): void {
  writeStorage(StorageKeys.vendor, vendor === null ? null : String(vendor));
  settingsStore.set((s) => ({ ...s, vendor }));
}

// The next user to log in here may not be linked to the account the previous one chose.
onSessionReset(() => setVendor(null));

export function getVendor(): number | null {
  return settingsStore.get().vendor;
}

export function useSettings(): Settings {
  return useStore(settingsStore);
}

/**
 * Status and theme colours are CSS variables so a scheme change restyles every badge, card and
 * control at once. Each colour comes as chosen (`--vp-success`), as a shade readable as text
 * (`--vp-success-text`) and as a shade visible as a mark (`--vp-success-mark`).
 */
export function applyToneColors(
  scheme: ColorblindScheme | null,
  root: HTMLElement = document.documentElement,
): void {
  for (const tone of BADGE_TONES) {
    const color = toneColor(tone, scheme);
    root.style.setProperty(`--vp-${tone}`, color);
    root.style.setProperty(`--vp-${tone}-text`, textShade(color));
    root.style.setProperty(`--vp-${tone}-mark`, markShade(color));
  }
  const theme = themePalette(themeColor(scheme));
  root.style.setProperty('--vp-theme', theme.base);
  root.style.setProperty('--vp-theme-text', theme.text);
  root.style.setProperty('--vp-theme-hover', theme.hover);
  root.style.setProperty('--vp-focus', theme.mark);
}

/** antd calls the default size 'middle'. */
export function antdSize(size: UiSize): 'small' | 'middle' | 'large' {
  return size === 'medium' ? 'middle' : size;
}
