/**
 * Colour contrast (WCAG 2.x relative luminance) and perceptual darkening in OKLCH, so the app can
 * derive readable shades from any chosen colour while keeping its hue.
 */

type Rgb = [number, number, number];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Channels 0–1 of a `#rgb` or `#rrggbb` colour. */
export function parseHex(hex: string): Rgb {
  const match = HEX.exec(hex.trim());
  if (!match) throw new Error(`Not a hex colour: ${hex}`);
  let digits = match[1]!;
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255) as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(1, Math.max(0, c)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

interface Oklch {
  l: number;
  c: number;
  h: number;
}

function toOklch(hex: string): Oklch {
  const [r, g, b] = parseHex(hex).map(toLinear) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

/** Linear sRGB of an OKLCH colour, possibly outside 0–1 (out of gamut). */
function oklchToLinear({ l: L, c, h }: Oklch): Rgb {
  const A = c * Math.cos(h);
  const B = c * Math.sin(h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const inGamut = (rgb: Rgb) => rgb.every((c) => c >= -1e-6 && c <= 1 + 1e-6);

/** The colour at lightness L with the hue kept and the chroma reduced as far as sRGB requires. */
function atLightness(colour: Oklch, l: number): string {
  let { c } = colour;
  if (!inGamut(oklchToLinear({ ...colour, l, c }))) {
    let [lo, hi] = [0, c];
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (inGamut(oklchToLinear({ ...colour, l, c: mid }))) lo = mid;
      else hi = mid;
    }
    c = lo;
  }
  return toHex(oklchToLinear({ ...colour, l, c }).map(fromLinear) as Rgb);
}

/**
 * The chosen colour itself when it already has `ratio` contrast against `against`; otherwise the
 * closest shade of the same hue that has it — darker against a light background, lighter against a
 * dark one. Lightness moves in OKLCH, so the shade looks like the colour, only darker (or lighter).
 */
export function accessibleShade(hex: string, against = '#ffffff', ratio = 4.5): string {
  const own = toHex(parseHex(hex));
  if (contrastRatio(own, against) >= ratio) return own;
  const colour = toOklch(own);
  const darken = contrastRatio('#000000', against) >= contrastRatio('#ffffff', against);
  // Search the lightness between the colour's own (too little contrast) and the far end.
  let [near, far] = darken ? [colour.l, 0] : [colour.l, 1];
  for (let i = 0; i < 30; i++) {
    const mid = (near + far) / 2;
    if (contrastRatio(atLightness(colour, mid), against) >= ratio) far = mid;
    else near = mid;
  }
  // Rounding to 8-bit channels can land a hair short; step on until the ratio holds.
  let l = far;
  let shade = atLightness(colour, l);
  while (contrastRatio(shade, against) < ratio && l > 0 && l < 1) {
    l += darken ? -0.002 : 0.002;
    shade = atLightness(colour, Math.min(1, Math.max(0, l)));
  }
  return contrastRatio(shade, against) >= ratio ? shade : darken ? '#000000' : '#ffffff';
}

/**
 * The same hue with OKLCH lightness lowered by `amount` (0–1; a negative amount raises it); for
 * hover and pressed states.
 */
export function deepen(hex: string, amount: number): string {
  const colour = toOklch(hex);
  return atLightness(colour, Math.min(1, Math.max(0, colour.l - amount)));
}
