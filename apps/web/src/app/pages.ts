import type { ComponentType } from 'react';

/**
 * Which page renders each route of the table; every page is its own chunk. Whether a page sits
 * outside the signed-in layout follows the route table's `public` flag, not this map.
 */
type PageModule = Promise<{ default: ComponentType }>;

export const pages: Record<string, () => PageModule> = {
  '/login': () => import('../features/auth/pages/login-page.tsx'),
  '/register': () => import('../features/auth/pages/registration-page.tsx'),
  '/registration': () => import('../features/auth/pages/registration-page.tsx'),
  '/forgotpassword': () => import('../features/auth/pages/forgot-password-page.tsx'),
  '/password': () => import('../features/auth/pages/password-page.tsx'),
  '/email': () => import('../features/auth/pages/email-confirm-page.tsx'),
  '/reset': () => import('../features/auth/pages/reset-page.tsx'),
  '/auth-redirect': () => import('../features/auth/pages/auth-redirect-page.tsx'),
  '/tos': () => import('../features/auth/pages/tos-page.tsx'),
  '/401': () => import('../features/errors/pages/unauthorized-page.tsx'),
  '/404': () => import('../features/errors/pages/not-found-page.tsx'),
  '/redirect/*': () => import('../features/errors/pages/redirect-page.tsx'),
  '/dashboard': () => import('../features/dashboard/pages/dashboard-page.tsx'),
  '/profile': () => import('../features/profile/pages/profile-page.tsx'),
  '/changelog': () => import('../features/changelog/pages/changelog-page.tsx'),
  '/feedback': () => import('../features/feedback/pages/feedback-page.tsx'),
  '/websites': () => import('../features/websites/pages/websites-page.tsx'),
  '/team': () => import('../features/contacts/pages/key-contacts-page.tsx'),
  '/notifications': () => import('../features/notifications/pages/notifications-page.tsx'),
  '/tools': () => import('../features/tools/pages/tools-page.tsx'),
  '/tools/export-selected-excel': () => import('../features/tools/pages/custom-export-page.tsx'),
  '/tools/upload-file': () => import('../features/documents/pages/upload-file-page.tsx'),
  '/tools/consumers': () => import('../features/consumers/pages/consumers-page.tsx'),
  '/resources/index': () => import('../features/resources/pages/resources-page.tsx'),
  '/tools/import-websites': () => import('../features/tools/pages/import-websites-page.tsx'),
  '/admin/queue': () => import('../features/approvals/pages/approval-queue-page.tsx'),
  '/admin/vendors': () => import('../features/staff-accounts/pages/vendors-page.tsx'),
  '/admin/users': () => import('../features/staff-accounts/pages/users-page.tsx'),
  '/admin/document-types': () => import('../features/staff-accounts/pages/document-types-page.tsx'),
  '/admin/reports': () => import('../features/staff-reports/pages/reports-page.tsx'),
  '/admin/jobs': () => import('../features/staff-jobs/pages/jobs-page.tsx'),
  '/sign/*': () => import('../features/signing/pages/sign-page.tsx'),
  '/verify': () => import('../features/signing/pages/verify-page.tsx'),
};

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

/** The key of `pages` for an address: its own path, or the `/prefix/*` pattern it falls under. */
export function pageKey(pathname: string): string | undefined {
  if (pages[pathname]) return pathname;
  return Object.keys(pages).find(
    (key) => key.endsWith('/*') && pathname.startsWith(key.slice(0, -1)) && pathname.length > key.length - 1,
  );
}
