import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { antdSize, useSettings } from '../lib/settings.ts';
import { queryClient } from './query-client.ts';

export const THEME: ThemeConfig = { token: { colorPrimary: '#1890ff' } };

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
