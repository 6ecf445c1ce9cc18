import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { antdSize, useSettings } from '../lib/settings.ts';
import { queryClient } from '../lib/query-client.ts';

/**
 * The spec's theme colour, with secondary text, placeholders and links darkened from antd's defaults
 * so they reach WCAG AA contrast (4.5:1) on white and on the footer's grey.
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1890ff',
    colorLink: '#0958d9',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
};

export function Providers({ children }: { children: ReactNode }) {
  const { size } = useSettings();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={THEME} componentSize={antdSize(size)}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
