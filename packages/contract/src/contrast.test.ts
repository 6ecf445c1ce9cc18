import { describe, expect, it } from 'vitest';
import {
  BADGE_TONES,
  COLORBLIND_SCHEMES,
  DEFAULT_TONE_COLORS,
  PAGE_BACKGROUND,
  SCHEME_TONE_COLORS,
  THEME_COLOR,
  themeColor,
  themePalette,
  toneColor,
  textShade,
  markShade,
} from './colors.ts';
import { accessibleShade, contrastRatio, deepen, parseHex, relativeLuminance } from './contrast.ts';

/** Hue in degrees (HSL), to check a shade is the same colour, only darker. */
function hue(hex: string): number {
  const [r, g, b] = parseHex(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#1890ff', '#ffffff', 3.24],
    ['#767676', '#ffffff', 4.54],
  ])('%s on %s is %f:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });

  it('reads three-digit colours', () => {
    expect(relativeLuminance('#fff')).toBe(1);
    expect(() => relativeLuminance('blue')).toThrow();
  });
});

describe('accessibleShade', () => {
  it('darkens the spec theme colour until white text on it reaches 4.5:1', () => {
    const shade = accessibleShade('#1890ff');
    expect(shade).not.toBe('#1890ff');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Only just: the shade stays as light as the ratio allows.
    expect(contrastRatio(shade, '#ffffff')).toBeLessThan(4.7);
    expect(relativeLuminance(shade)).toBeLessThan(relativeLuminance('#1890ff'));
    expect(hueDistance(hue(shade), hue('#1890ff'))).toBeLessThan(8);
  });

  it.each(['#0958d9', '#000000', '#5e3c99', '#8b0000', '#2166ac'])('keeps %s, already dark', (c) => {
    expect(accessibleShade(c)).toBe(c);
  });

  it('normalises an unchanged colour to lower-case #rrggbb', () => {
    expect(accessibleShade('#00F')).toBe('#0000ff');
  });

  it.each([3, 4.5, 7])('reaches %f:1 against white and against the page grey', (ratio) => {
    for (const bg of ['#ffffff', PAGE_BACKGROUND]) {
      for (const c of ['#1890ff', '#f0e442', '#56b4e9', '#52c41a', '#faad14', '#ffffff']) {
        expect(contrastRatio(accessibleShade(c, bg, ratio), bg)).toBeGreaterThanOrEqual(ratio);
      }
    }
  });

  it('lightens against a dark background', () => {
    const shade = accessibleShade('#1890ff', '#001529', 7);
    expect(contrastRatio(shade, '#001529')).toBeGreaterThanOrEqual(7);
    expect(relativeLuminance(shade)).toBeGreaterThan(relativeLuminance('#1890ff'));
  });

  it('falls back to black when no shade of the hue can reach the ratio', () => {
    expect(accessibleShade('#777777', '#ffffff', 22)).toBe('#000000');
    expect(accessibleShade('#777777', '#000000', 22)).toBe('#ffffff');
  });
});

describe('deepen', () => {
  it('lowers the lightness and keeps the hue', () => {
    const darker = deepen('#1890ff', 0.1);
    expect(relativeLuminance(darker)).toBeLessThan(relativeLuminance('#1890ff'));
    expect(hueDistance(hue(darker), hue('#1890ff'))).toBeLessThan(8);
  });
});

describe('theme palette', () => {
  const schemes = [null, ...COLORBLIND_SCHEMES];

  it('starts from the spec colour and from each scheme’s own primary', () => {
    expect(themeColor(null)).toBe(THEME_COLOR);
    expect(THEME_COLOR).toBe('#1890ff');
    for (const s of COLORBLIND_SCHEMES) expect(themeColor(s)).toBe(SCHEME_TONE_COLORS[s].primary);
  });

  it.each(schemes)('gives text and white-on-colour contrast of 4.5:1 with %s', (scheme) => {
    const p = themePalette(themeColor(scheme));
    expect(p.base).toBe(themeColor(scheme));
    for (const shade of [p.text, p.hover, p.active]) {
      expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shade, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(p.mark, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(3);
    // Hover and pressed states are visibly different from the resting shade.
    expect(p.hover).not.toBe(p.text);
    expect(p.active).not.toBe(p.hover);
  });

  // The dashboard figures are numbers in the tone colours on white cards.
  it.each(schemes)('makes every status colour readable as dashboard figure text with %s', (scheme) => {
    for (const tone of BADGE_TONES) {
      const color = toneColor(tone, scheme);
      const text = textShade(color);
      expect(contrastRatio(text, '#ffffff'), `${tone} ${color} → ${text}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(markShade(color), '#ffffff')).toBeGreaterThanOrEqual(3);
      if (relativeLuminance(color) > 0.02) {
        expect(hueDistance(hue(text), hue(color)), `${tone} ${color} → ${text}`).toBeLessThan(12);
      }
    }
  });

  it('leaves colours that already read untouched', () => {
    expect(textShade(SCHEME_TONE_COLORS['Dark Red'].danger)).toBe('#8b0000');
    expect(textShade(DEFAULT_TONE_COLORS.warning)).not.toBe(DEFAULT_TONE_COLORS.warning);
  });
});
