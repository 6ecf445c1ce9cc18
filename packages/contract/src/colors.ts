import { accessibleShade, deepen } from './contrast.ts';

/** Colour-blind schemes kept in local settings (spec §2 Layout), applied to status colours. */
export const COLORBLIND_SCHEMES = [
  'Bright Yellow',
  'Orange Glow',
  'Red Sunset',
  'Crimson Red',
  'Fiery Red',
  'Green Emerald',
  'Ocean Blue',
  'Purple Mist',
  'Dark Red',
] as const;
export type ColorblindScheme = (typeof COLORBLIND_SCHEMES)[number];

export type BadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'primary';
export const BADGE_TONES: readonly BadgeTone[] = ['success', 'danger', 'warning', 'info', 'primary'];

/** The spec's theme colour, used while no colour-blind scheme is chosen. */
export const THEME_COLOR = '#1890ff';

/** Default colours of each badge tone. */
export const DEFAULT_TONE_COLORS: Record<BadgeTone, string> = {
  success: '#52c41a',
  danger: '#f5222d',
  warning: '#faad14',
  info: '#909399',
  primary: THEME_COLOR,
};

/**
 * Each scheme replaces the colours a colour-blind user cannot tell apart (red vs green above all)
 * with distinct hues; success and danger always differ in lightness as well as hue.
 */
export const SCHEME_TONE_COLORS: Record<ColorblindScheme, Record<BadgeTone, string>> = {
  'Bright Yellow': {
    success: '#0072b2',
    danger: '#f0e442',
    warning: '#e69f00',
    info: '#6b6b6b',
    primary: '#0072b2',
  },
  'Orange Glow': {
    success: '#0072b2',
    danger: '#e69f00',
    warning: '#f0e442',
    info: '#6b6b6b',
    primary: '#56b4e9',
  },
  'Red Sunset': {
    success: '#009e73',
    danger: '#d55e00',
    warning: '#f0e442',
    info: '#6b6b6b',
    primary: '#0072b2',
  },
  'Crimson Red': {
    success: '#1f78b4',
    danger: '#dc143c',
    warning: '#ff7f00',
    info: '#6b6b6b',
    primary: '#1f78b4',
  },
  'Fiery Red': {
    success: '#2c7bb6',
    danger: '#d7191c',
    warning: '#fdae61',
    info: '#6b6b6b',
    primary: '#2c7bb6',
  },
  'Green Emerald': {
    success: '#018571',
    danger: '#a6611a',
    warning: '#dfc27d',
    info: '#6b6b6b',
    primary: '#018571',
  },
  'Ocean Blue': {
    success: '#2166ac',
    danger: '#b2182b',
    warning: '#ef8a62',
    info: '#6b6b6b',
    primary: '#2166ac',
  },
  'Purple Mist': {
    success: '#5e3c99',
    danger: '#e66101',
    warning: '#fdb863',
    info: '#6b6b6b',
    primary: '#5e3c99',
  },
  'Dark Red': {
    success: '#4575b4',
    danger: '#8b0000',
    warning: '#fc8d59',
    info: '#6b6b6b',
    primary: '#4575b4',
  },
};

export function toneColor(tone: BadgeTone, scheme: ColorblindScheme | null | undefined): string {
  return scheme ? SCHEME_TONE_COLORS[scheme][tone] : DEFAULT_TONE_COLORS[tone];
}

/** WCAG AA minimum contrast of text, and of marks (borders, outlines, dots) that carry meaning. */
export const TEXT_CONTRAST = 4.5;
export const MARK_CONTRAST = 3;

/**
 * The page background, the darkest surface the app puts text on (cards, dialogs and the navbar are
 * white, and antd's light tints of the theme colour are about as light as this grey). A shade that
 * reads on it reads everywhere, and white text on that shade reads too.
 */
export const PAGE_BACKGROUND = '#f0f2f5';

/** Light (antd's default) or dark (antd's dark algorithm); chosen in the Settings drawer. */
export type ThemeMode = 'light' | 'dark';

/** The theme a user chose: 'system' follows the device's light or dark preference. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/**
 * In the dark theme, the lightest surface the app puts coloured text on: antd's raised surfaces
 * (#1f1f1f) and the status badges' faint tints of their colour over the dark card are about this
 * light. A shade that reads on it reads on every darker surface too, and dark text on it reads.
 */
export const DARK_SURFACE = '#2a2a2a';

const surfaceOf = (mode: ThemeMode) => (mode === 'dark' ? DARK_SURFACE : PAGE_BACKGROUND);

/**
 * The colour shaded, if needed, until text in it meets WCAG AA: darkened on the light theme's
 * surfaces (white text on it then reads too), lightened on the dark theme's (dark text on it reads).
 */
export function textShade(color: string, mode: ThemeMode = 'light'): string {
  return accessibleShade(color, surfaceOf(mode), TEXT_CONTRAST);
}

/** The colour shaded, if needed, until it meets 3:1 as a non-text mark. */
export function markShade(color: string, mode: ThemeMode = 'light'): string {
  return accessibleShade(color, surfaceOf(mode), MARK_CONTRAST);
}

/** The theme colour in effect: a colour-blind scheme brings its own. */
export function themeColor(scheme: ColorblindScheme | null | undefined): string {
  return scheme ? SCHEME_TONE_COLORS[scheme].primary : THEME_COLOR;
}

export interface ThemePalette {
  /** The chosen colour itself, for decoration that needs no contrast. */
  base: string;
  /** Buttons, selected items, links and other text in or on the theme colour. */
  text: string;
  /** Hover and pressed states: further from the surface still (darker, or lighter in the dark theme). */
  hover: string;
  active: string;
  /** Focus outlines and other marks. */
  mark: string;
}

export function themePalette(color: string, mode: ThemeMode = 'light'): ThemePalette {
  const text = textShade(color, mode);
  const step = mode === 'dark' ? -1 : 1;
  return {
    base: color,
    text,
    hover: deepen(text, 0.06 * step),
    active: deepen(text, 0.12 * step),
    mark: markShade(color, mode),
  };
}
