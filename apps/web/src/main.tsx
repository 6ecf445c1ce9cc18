import { validateWithoutEval } from '@vp/contract';
import { ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers, ThemeProvider } from './app/providers.tsx';
import { buildRoutes } from './app/router.tsx';
import { setNavigator } from './lib/navigation.ts';
import { applyToneColors, settingsStore } from './lib/settings.ts';
import './styles.css';

validateWithoutEval();

// Toasts and confirm dialogs render outside the React tree; give them the same theme.
ConfigProvider.config({
  holderRender: (children) => <ThemeProvider>{children}</ThemeProvider>,
});
applyToneColors(settingsStore.get().colorblind);

const router = createBrowserRouter(buildRoutes());
setNavigator((to) => void router.navigate(to));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
