import {
  BADGE_TONES,
  COLORBLIND_SCHEMES,
  markShade,
  textShade,
  THEME_CHOICES,
  themeColor,
  themePalette,
  toneColor,
  type ColorblindScheme,
  type ThemeChoice,
  type ThemeMode,
} from '@vp/contract';
import { onSessionReset } from './session.ts';
import { createStore, useStore } from './store.ts';
import { readStorage, StorageKeys, writeStorage } from './storage.ts';

/**
 * Local, per-browser settings (spec §2 Layout): sidebar, component size, colour-blind scheme, light
 * or dark theme, vendor.
 */
export type UiSize = 'small' | 'medium' | 'large';
export const UI_SIZES: readonly UiSize[] = ['small', 'medium', 'large'];

export interface Settings {
  sidebarOpen: boolean;
  size: UiSize;
  colorblind: ColorblindScheme | null;
  /** The theme the user chose; 'system' follows the device's light or dark preference. */
  theme: ThemeChoice;
  /** The theme in effect: the choice, or the device's preference while the choice is 'system'. */
  mode: ThemeMode;
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

export { THEME_CHOICES, type ThemeChoice };

function readTheme(): ThemeChoice {
  const v = readStorage(StorageKeys.theme);
  return THEME_CHOICES.includes(v as ThemeChoice) ? (v as ThemeChoice) : 'system';
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemMode(): ThemeMode {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

function modeOf(choice: ThemeChoice): ThemeMode {
  return choice === 'system' ? systemMode() : choice;
}

function readVendor(): number | null {
  const v = Number(readStorage(StorageKeys.vendor));
  return Number.isInteger(v) && v > 0 ? v : null;
}

export function loadSettings(): Settings {
  return {
    sidebarOpen: readStorage(StorageKeys.sidebarOpen) !== '0',
    size: readSize(),
    colorblind: readScheme(),
    theme: readTheme(),
    mode: modeOf(readTheme()),
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
  applyToneColors(scheme, settingsStore.get().mode);
}

/** Light, dark, or 'system' to follow the device again. */
export function setTheme(theme: ThemeChoice): void {
  writeStorage(StorageKeys.theme, theme === 'system' ? null : theme);
  const mode = modeOf(theme);
  settingsStore.set((s) => ({ ...s, theme, mode }));
  applyToneColors(settingsStore.get().colorblind, mode);
}

/**
 * Applies the stored settings' colours to the page, and keeps following the device's light or dark
 * preference while the user has not chosen one.
 */
export function startThemeFollowing(): void {
  const { colorblind, mode } = settingsStore.get();
  applyToneColors(colorblind, mode);
  window.matchMedia?.(DARK_QUERY).addEventListener?.('change', () => {
    const s = settingsStore.get();
    if (s.theme !== 'system') return;
    const next = systemMode();
    if (next === s.mode) return;
    settingsStore.set((old) => ({ ...old, mode: next }));
    applyToneColors(s.colorblind, next);
  });
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
  mode: ThemeMode = 'light',
  root: HTMLElement = document.documentElement,
): void {
  // The dark theme's surfaces and text colours are CSS variables under this attribute (styles.css).
  root.dataset.theme = mode;
  for (const [name, value] of Object.entries(keptToneVariables(scheme, mode)))
    root.style.setProperty(name, value);
}

/** The variables' values for a scheme and mode: the shades are searched for, so this is not free. */
export function toneVariables(scheme: ColorblindScheme | null, mode: ThemeMode): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const tone of BADGE_TONES) {
    const color = toneColor(tone, scheme);
    vars[`--vp-${tone}`] = color;
    vars[`--vp-${tone}-text`] = textShade(color, mode);
    vars[`--vp-${tone}-mark`] = markShade(color, mode);
    vars[`--vp-light-${tone}-text`] = textShade(color, 'light');
  }
  const theme = themePalette(themeColor(scheme), mode);
  vars['--vp-theme'] = theme.base;
  vars['--vp-theme-text'] = theme.text;
  vars['--vp-theme-hover'] = theme.hover;
  vars['--vp-focus'] = theme.mark;
  // The light shades too, for the pages that stay light (styles.css: .vp-auth, .vp-sign).
  const light = mode === 'light' ? theme : themePalette(themeColor(scheme), 'light');
  vars['--vp-light-theme-text'] = light.text;
  vars['--vp-light-theme-hover'] = light.hover;
  vars['--vp-light-focus'] = light.mark;
  return vars;
}

const COLOUR_VALUE = /^#[0-9a-f]{6}$/i;

/**
 * Every page applies the colours before it draws, so the browser keeps the last scheme's values
 * and computes them again only when the scheme, the mode or the colour code (its build stamp)
 * changes. Anything else found under the key is ignored and replaced.
 */
function keptToneVariables(scheme: ColorblindScheme | null, mode: ThemeMode): Record<string, string> {
  const key = `${__COLOUR_CODE__}|${scheme ?? ''}|${mode}`;
  try {
    const kept = JSON.parse(readStorage(StorageKeys.toneColors) ?? 'null') as unknown;
    if (kept && typeof kept === 'object' && (kept as { key?: unknown }).key === key) {
      const vars = (kept as { vars?: unknown }).vars;
      if (
        vars &&
        typeof vars === 'object' &&
        Object.values(vars).every((v) => typeof v === 'string' && COLOUR_VALUE.test(v))
      )
        return vars as Record<string, string>;
    }
  } catch {
    // Not ours, or cut short: computed afresh below.
  }
  const vars = toneVariables(scheme, mode);
  writeStorage(StorageKeys.toneColors, JSON.stringify({ key, vars }));
  return vars;
}

/** antd calls the default size 'middle'. */
export function antdSize(size: UiSize): 'small' | 'middle' | 'large' {
  return size === 'medium' ? 'middle' : size;
}
