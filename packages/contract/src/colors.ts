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

/** Default colours of each badge tone. */
export const DEFAULT_TONE_COLORS: Record<BadgeTone, string> = {
  success: '#52c41a',
  danger: '#f5222d',
  warning: '#faad14',
  info: '#909399',
  primary: '#1890ff',
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
