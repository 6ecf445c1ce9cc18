import {
  markShade,
  textShade,
  themeColor,
  toneColor,
  type BadgeTone,
  type ColorblindScheme,
  type SiteStatus,
  type ThemeMode,
} from '@vp/contract';

/**
 * The charts' colours, from the theme and the colour-blind scheme in the settings. Every mark is
 * shaded until it stands out 3:1 from the page (WCAG 1.4.11); stacked segments are parted by a white
 * line, so each one meets that against its neighbour too. Text and lines that carry a label reach
 * 4.5:1.
 */

/** A status's tone in the charts: as its badge, but Inactive grey so it differs from Pending Termination. */
const STATUS_CHART_TONE: Record<SiteStatus, BadgeTone> = {
  Active: 'success',
  'Pending Activation': 'warning',
  'Pending Termination': 'danger',
  Inactive: 'info',
};

export interface ChartColors {
  /** The main series (billable sites, the median). */
  primary: string;
  /** A second series beside it (the 90th percentile). */
  secondary: string;
  /** The goal line and its label. */
  goal: string;
  /** Axis ticks and labels. */
  axis: string;
  /** Tooltip and legend text, and the tooltip's surface and border. */
  text: string;
  surface: string;
  border: string;
  status: Record<SiteStatus, string>;
  /** Stacked series that are not statuses (vendors), in order: four colours told apart in every scheme. */
  series: string[];
}

export function chartColors(scheme: ColorblindScheme | null, mode: ThemeMode = 'light'): ChartColors {
  const status = Object.fromEntries(
    Object.entries(STATUS_CHART_TONE).map(([s, tone]) => [s, markShade(toneColor(tone, scheme), mode)]),
  ) as Record<SiteStatus, string>;
  const dark = mode === 'dark';
  return {
    primary: textShade(themeColor(scheme), mode),
    secondary: textShade(toneColor('warning', scheme), mode),
    goal: textShade(toneColor('danger', scheme), mode),
    axis: dark ? '#a6a6a6' : '#595959',
    text: dark ? '#e6e6e6' : '#262626',
    surface: dark ? '#1f1f1f' : '#ffffff',
    border: dark ? '#424242' : '#d9d9d9',
    status,
    // Four hues every scheme keeps apart (its success colour is its theme colour in most schemes).
    series: (['primary', 'warning', 'danger', 'info'] as const).map((tone) =>
      markShade(toneColor(tone, scheme), mode),
    ),
  };
}
