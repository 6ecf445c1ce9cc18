import { createContext, useContext, useMemo, type MouseEvent, type ReactNode } from 'react';

/**
 * Navigation for the light login-free pages, which render both in the light app (on the browser's
 * history, without react-router, so the first page loads small) and inside the full app's router.
 * Each host provides it: app/light-app.tsx, and RouterPageNavigation (router-page-navigation.tsx).
 */
export interface PageNavigation {
  /** The address's query string, e.g. `?redirect=%2Fwebsites`. */
  search: string;
  navigate(to: string, options?: { replace?: boolean }): void;
}

const PageNavigationContext = createContext<PageNavigation | null>(null);

export const PageNavigationProvider = PageNavigationContext.Provider;

function usePageNavigation(): PageNavigation {
  const navigation = useContext(PageNavigationContext);
  if (!navigation) throw new Error('A light page renders inside a PageNavigationProvider.');
  return navigation;
}

export function usePageNavigate(): PageNavigation['navigate'] {
  return usePageNavigation().navigate;
}

export function usePageSearchParams(): URLSearchParams {
  const { search } = usePageNavigation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** A link within the app: a plain click navigates in place; modified clicks do what the browser does. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = usePageNavigate();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  }
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}
