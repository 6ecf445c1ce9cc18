import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageNavigationProvider, type PageNavigation } from './page-navigation.tsx';

/** Page navigation (page-navigation.tsx) for a light page rendered inside react-router. */
export function RouterPageNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const value = useMemo<PageNavigation>(
    () => ({ search, navigate: (to, options) => void navigate(to, options) }),
    [search, navigate],
  );
  return <PageNavigationProvider value={value}>{children}</PageNavigationProvider>;
}
