import { LoadingOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  accessibleShade,
  contrastRatio,
  DARK_SURFACE,
  TEXT_CONTRAST,
  textShade,
  themeColor,
  themePalette,
  type ColorblindScheme,
  type ThemeMode,
} from '@vp/contract';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { CLEAR_ICON } from '../components/clear-icon.tsx';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { antdSize, useSettings } from '../lib/settings.ts';
import { queryClient } from '../lib/query-client.ts';

/** antd's own error and warning colours, which it also uses for text (danger buttons, form help). */
const ANTD_ERROR = '#ff4d4f';
const ANTD_WARNING = '#faad14';

/** Grey text a little stronger than antd's defaults, so it keeps 4.5:1 on every surface. */
const GREYS: Record<ThemeMode, { description: string; placeholder: string; switchOff: string }> = {
  light: {
    description: 'rgba(0, 0, 0, 0.62)',
    placeholder: 'rgba(0, 0, 0, 0.56)',
    // The off switch (notification settings) needs a darker grey than antd's to stand out.
    switchOff: 'rgba(0, 0, 0, 0.55)',
  },
  dark: {
    description: 'rgba(255, 255, 255, 0.68)',
    placeholder: 'rgba(255, 255, 255, 0.6)',
    switchOff: 'rgba(255, 255, 255, 0.3)',
  },
};

/**
 * antd's theme from the theme colour in effect (the spec's #1890ff, or the colour-blind scheme's)
 * and the light or dark theme. Everything that uses the colour as text, or puts text on it, gets
 * the shade that meets WCAG AA: darkened on the light theme (white text on it reads), lightened on
 * the dark one (where text on it is dark instead). Secondary text and placeholders are stronger
 * than antd's defaults for the same reason.
 */
export function themeConfig(
  scheme: ColorblindScheme | null,
  mode: ThemeMode = 'light',
  motion = true,
): ThemeConfig {
  const config = mode === 'dark' ? darkConfig(scheme) : lightConfig(scheme);
  return motion ? config : { ...config, token: { ...config.token, motion: false } };
}

function lightConfig(scheme: ColorblindScheme | null): ThemeConfig {
  const p = themePalette(themeColor(scheme));
  const error = themePalette(ANTD_ERROR);
  const grey = GREYS.light;
  return {
    algorithm: antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: p.text,
      colorPrimaryHover: p.hover,
      colorPrimaryActive: p.active,
      colorPrimaryText: p.text,
      colorPrimaryTextHover: p.hover,
      colorPrimaryTextActive: p.active,
      colorInfo: p.text,
      colorLink: p.text,
      colorLinkHover: p.hover,
      colorLinkActive: p.active,
      colorError: error.text,
      colorErrorHover: error.hover,
      colorErrorActive: error.active,
      colorTextDescription: grey.description,
      colorTextTertiary: grey.description,
      colorTextPlaceholder: grey.placeholder,
    },
    components: {
      // Help text under a field in the warning state; warning icons elsewhere keep antd's amber.
      Form: { colorWarning: textShade(ANTD_WARNING) },
      Switch: { colorTextQuaternary: grey.switchOff },
    },
  };
}

type SeedColor = 'colorPrimary' | 'colorError' | 'colorLink';

/**
 * The seed to give antd's dark algorithm for a colour, so that the colour it derives (a shade
 * mixed toward the dark background) still reads as text on the dark surfaces: the colour itself when
 * that is enough, otherwise the least lightened shade that is.
 */
function darkSeed(color: string, key: SeedColor): string {
  for (let ratio = TEXT_CONTRAST; ratio <= 15; ratio += 0.25) {
    const seed = accessibleShade(color, DARK_SURFACE, ratio);
    const derived = antdTheme.darkAlgorithm({ ...antdTheme.defaultSeed, [key]: seed })[key];
    if (contrastRatio(derived, DARK_SURFACE) >= TEXT_CONTRAST) return seed;
  }
  return '#ffffff';
}

const darkSeeds = new Map<string, string>();
function cachedDarkSeed(color: string, key: SeedColor): string {
  const id = `${key}:${color}`;
  let seed = darkSeeds.get(id);
  if (!seed) darkSeeds.set(id, (seed = darkSeed(color, key)));
  return seed;
}

/**
 * The dark theme: antd's dark algorithm, from seeds lightened until what it derives reads on the
 * dark surfaces. Filled controls in those light colours carry dark text. The sidebar stays navy in
 * both themes, so its selected item keeps the light theme's shade under white text.
 */
function darkConfig(scheme: ColorblindScheme | null): ThemeConfig {
  const color = themeColor(scheme);
  const primary = cachedDarkSeed(color, 'colorPrimary');
  const grey = GREYS.dark;
  return {
    algorithm: antdTheme.darkAlgorithm,
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: cachedDarkSeed(color, 'colorLink'),
      colorError: cachedDarkSeed(ANTD_ERROR, 'colorError'),
      colorTextDescription: grey.description,
      colorTextTertiary: grey.description,
      colorTextPlaceholder: grey.placeholder,
      colorTextLightSolid: '#000000',
    },
    components: {
      Form: { colorWarning: textShade(ANTD_WARNING, 'dark') },
      Switch: { colorTextQuaternary: grey.switchOff },
      // Tooltips sit on antd's grey spotlight surface, where light text reads.
      Tooltip: { colorTextLightSolid: '#ffffff' },
      Menu: {
        darkItemColor: 'rgba(255, 255, 255, 0.72)',
        darkItemHoverColor: '#ffffff',
        darkItemSelectedColor: '#ffffff',
        darkItemSelectedBg: themePalette(color).text,
      },
    },
  };
}

/**
 * A button's spinner, given to every button: with it, antd shows and removes the spinner at once
 * instead of widening and narrowing it with a CSS transition. That transition's end event does not
 * always come (a button whose work ends in the same frame as it began, a hidden tab pane), and the
 * spinner then stays in the button, unseen at zero width but still read as "loading" before the
 * button's name.
 */
const BUTTON_CONFIG = { loadingIcon: <LoadingOutlined /> };

/** A select's and a date picker's clear button read as Clear, not as its icon's name (range pickers take the date picker's). */
const SELECT_CONFIG = { clearIcon: CLEAR_ICON };
const PICKER_CONFIG = { clearIcon: CLEAR_ICON };

/**
 * antd's theme and size from the local settings, without motion for a user who asked for less;
 * also wraps toasts and confirm dialogs.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { size, colorblind, mode } = useSettings();
  const motion = !useReducedMotion();
  const theme = useMemo(() => themeConfig(colorblind, mode, motion), [colorblind, mode, motion]);
  return (
    <ConfigProvider
      theme={theme}
      componentSize={antdSize(size)}
      button={BUTTON_CONFIG}
      select={SELECT_CONFIG}
      datePicker={PICKER_CONFIG}
    >
      {children}
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
