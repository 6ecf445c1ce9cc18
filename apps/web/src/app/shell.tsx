import { ConfigProvider } from 'antd';
import { Outlet } from 'react-router';
import { Providers, ThemeProvider } from './providers.tsx';

/**
 * The app shell's runtime: antd's theme and TanStack Query. The light login-free pages
 * (app/pages.ts) render without it, so the first page a user opens loads none of this; every other
 * route renders inside it, and code that shows antd's toasts or dialogs outside the tree (the
 * guard) loads it first.
 */

// Toasts and confirm dialogs render outside the React tree; give them the same theme.
ConfigProvider.config({
  holderRender: (children) => <ThemeProvider>{children}</ThemeProvider>,
});

export default function Shell() {
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}
