import { LoadingOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { textShade, themeColor, themePalette, type ColorblindScheme } from '@vp/contract';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { antdSize, useSettings } from '../lib/settings.ts';
import { queryClient } from '../lib/query-client.ts';

/** antd's own error and warning colours, which it also uses for text (danger buttons, form help). */
const ANTD_ERROR = '#ff4d4f';
const ANTD_WARNING = '#faad14';

/**
 * antd's theme from the theme colour in effect (the spec's #1890ff, or the colour-blind scheme's):
 * everything that puts white text on it or uses it as text gets the shade darkened to WCAG AA, and
 * secondary text and placeholders are darkened from antd's defaults for the same reason.
 */
export function themeConfig(scheme: ColorblindScheme | null): ThemeConfig {
  const p = themePalette(themeColor(scheme));
  const error = themePalette(ANTD_ERROR);
  return {
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
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    },
    components: {
      // Help text under a field in the warning state; warning icons elsewhere keep antd's amber.
      Form: { colorWarning: textShade(ANTD_WARNING) },
      // White 'Non-Reciprocal' text on the off switch needs a darker grey than antd's.
      Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)' },
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

/** antd's theme and size from the local settings; also wraps toasts and confirm dialogs. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { size, colorblind } = useSettings();
  const theme = useMemo(() => themeConfig(colorblind), [colorblind]);
  return (
    <ConfigProvider theme={theme} componentSize={antdSize(size)} button={BUTTON_CONFIG}>
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
