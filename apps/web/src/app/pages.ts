import { lightPageLoaders, matchPageKey, type PageModule } from './light-pages.ts';

export { lightPages, sessionFreePages } from './light-pages.ts';

/**
 * Which page renders each route of the table; every page is its own chunk. Whether a page sits
 * outside the signed-in layout follows the route table's `public` flag, not this map.
 */
export const pages: Record<string, () => PageModule> = {
  ...lightPageLoaders,
  '/register': () => import('../features/auth/pages/registration-page.tsx'),
  '/registration': () => import('../features/auth/pages/registration-page.tsx'),
  '/password': () => import('../features/auth/pages/password-page.tsx'),
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
  '/tools/api-keys': () => import('../features/api-keys/pages/api-keys-page.tsx'),
  '/tools/webhooks': () => import('../features/webhooks/pages/webhooks-page.tsx'),
  '/tools/webhooks/:id': () => import('../features/webhooks/pages/webhook-deliveries-page.tsx'),
  '/admin/queue': () => import('../features/approvals/pages/approval-queue-page.tsx'),
  '/admin/vendors': () => import('../features/staff-accounts/pages/vendors-page.tsx'),
  '/admin/users': () => import('../features/staff-accounts/pages/users-page.tsx'),
  '/admin/document-types': () => import('../features/staff-accounts/pages/document-types-page.tsx'),
  '/admin/compliance': () => import('../features/compliance-report/pages/compliance-page.tsx'),
  '/admin/compliance-rules': () => import('../features/compliance-rules/pages/compliance-rules-page.tsx'),
  '/admin/reports': () => import('../features/staff-reports/pages/reports-page.tsx'),
  '/admin/jobs': () => import('../features/staff-jobs/pages/jobs-page.tsx'),
  '/admin/webhooks': () => import('../features/webhooks/pages/console-webhooks-page.tsx'),
  '/admin/webhooks/:id': () => import('../features/webhooks/pages/console-webhook-deliveries-page.tsx'),
};

/** The key of `pages` for an address: its own path, or the `/prefix/*` pattern it falls under. */
export function pageKey(pathname: string): string | undefined {
  return matchPageKey(pages, pathname);
}
