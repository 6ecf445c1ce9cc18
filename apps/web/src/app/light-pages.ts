import type { ComponentType } from 'react';

/**
 * The light pages' part of the page map (app/pages.ts holds the rest). It is all the entry chunk
 * knows of the pages, so the login page's script carries no list of the full app's chunks.
 */
export type PageModule = Promise<{ default: ComponentType }>;

/**
 * Login-free pages that render without the app shell (antd's theme, TanStack Query): plain React
 * and CSS, so the first page a broker opens on a phone is usable before the shell has loaded.
 * Every other page renders inside app/shell.tsx.
 */
export const lightPages: ReadonlySet<string> = new Set([
  '/login',
  '/forgotpassword',
  '/reset',
  '/email',
  '/auth-redirect',
  '/sign/*',
  '/verify',
]);

/**
 * Light pages shown whether or not someone is logged in on this browser: a broker's signing link
 * (the token in the path is the signer's credential), verifying a sealed PDF, and the page a login
 * code's link opens, which asks "Continue as …?" either way. The light app shows them even with a
 * session, so a signed-in user is not sent elsewhere.
 */
export const sessionFreePages: ReadonlySet<string> = new Set(['/sign/*', '/verify', '/auth-redirect']);

/** How each light page loads; app/pages.ts includes these in the map of every page. */
export const lightPageLoaders: Record<string, () => PageModule> = {
  '/login': () => import('../features/auth/pages/login-page.tsx'),
  '/forgotpassword': () => import('../features/auth/pages/forgot-password-page.tsx'),
  '/reset': () => import('../features/auth/pages/reset-page.tsx'),
  '/email': () => import('../features/auth/pages/email-confirm-page.tsx'),
  '/auth-redirect': () => import('../features/auth/pages/auth-redirect-page.tsx'),
  '/sign/*': () => import('../features/signing/pages/sign-page.tsx'),
  '/verify': () => import('../features/signing/pages/verify-page.tsx'),
};

/** The key of a page map for an address: its own path, or the `/prefix/*` pattern it falls under. */
export function matchPageKey(map: Record<string, unknown>, pathname: string): string | undefined {
  if (map[pathname]) return pathname;
  return Object.keys(map).find(
    (key) => key.endsWith('/*') && pathname.startsWith(key.slice(0, -1)) && pathname.length > key.length - 1,
  );
}

/** The light page an address shows, if it is one. */
export function lightPageKey(pathname: string): string | undefined {
  return matchPageKey(lightPageLoaders, pathname);
}
