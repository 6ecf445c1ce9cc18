import { canWrite, generateRoutes, isLoginFree, LOGIN_FREE_PATHS, type RouteMeta } from '@vp/contract';
import { sessionRole } from './session.ts';

/**
 * The route table of spec §2, for the features that exist so far. Routes of later features are
 * added here when they arrive; until then they fall through to /404 instead of showing empty pages.
 *
 * `constantRoutes` need no permission (those in the contract's LOGIN_FREE_PATHS need no login); `permissionRoutes` live inside the
 * layout and are filtered by role with the contract's generateRoutes.
 */
export interface AppRoute extends RouteMeta {
  children?: readonly AppRoute[];
  /** The page's name for the read-only role, where its usual name offers what that role cannot do. */
  readOnlyTitle?: string;
}

/** Vendor-level documents: uploaded here, and read here by the read-only role. */
export const UPLOAD_FILE_PATH = '/tools/upload-file';

const constantTable: readonly AppRoute[] = [
  { path: '/redirect/*', hidden: true },
  { path: '/login', name: 'Login', title: 'Login', hidden: true },
  { path: '/register', name: 'registration', title: 'Registration', hidden: true },
  { path: '/registration', name: 'registration', title: 'Registration', hidden: true },
  { path: '/forgotpassword', title: 'Forgot Password', hidden: true },
  { path: '/password', name: 'Password', title: 'Password', hidden: true },
  { path: '/email', name: 'EmailConfirm', title: 'Confirm Email Address', hidden: true },
  { path: '/reset', name: 'PasswordReset', title: 'Password Reset', hidden: true },
  { path: '/auth-redirect', title: 'Login Link', hidden: true },
  { path: '/401', title: 'Unauthorized', hidden: true },
  { path: '/404', title: 'Page Not Found', hidden: true },
  { path: '/tos', name: 'terms of service', title: 'Terms of Service', hidden: true },
  // A signer's link (the token in the path is their credential) and the check of a sealed PDF.
  { path: '/sign/*', title: 'Sign Document', hidden: true, public: true },
  { path: '/verify', title: 'Verify a Signed Document', hidden: true },
  { path: '/', redirect: '/dashboard', hidden: true },
];

// Which routes need no login is the contract's list (the guard and the server read it too).
export const constantRoutes: readonly AppRoute[] = constantTable.map((r) =>
  LOGIN_FREE_PATHS.includes(r.path) ? { ...r, public: true } : r,
);

export const permissionRoutes: readonly AppRoute[] = [
  { path: '/dashboard', name: 'Dashboard', title: 'Dashboard', affix: true, icon: 'dashboard' },
  { path: '/profile', name: 'Profile', title: 'Profile', hidden: true, noCache: true, icon: 'user' },
  { path: '/changelog', name: 'Changelog', title: 'Changelog', hidden: true, icon: 'history' },
  // The `filter` query parameter is read by the page itself (a status, e.g. from the dashboard cards).
  { path: '/websites', name: 'Websites', title: 'Websites', icon: 'websites' },
  { path: '/team', name: 'KeyContacts', title: 'Key Contacts', icon: 'contacts' },
  // A notification's address: it hands `site` on to the Websites page, or goes to the dashboard.
  // No title, so it leaves no tab behind.
  { path: '/notifications', name: 'Notifications', hidden: true },
  {
    path: '/tools',
    name: 'Tools',
    title: 'Tools',
    icon: 'tools',
    redirect: '/tools/export-selected-excel',
    children: [
      { path: '/tools/export-selected-excel', name: 'CustomExport', title: 'Custom Export', icon: 'export' },
      // Open to every role: the read-only one sees and downloads the vendor's documents, so to it
      // the page is Files.
      {
        path: UPLOAD_FILE_PATH,
        name: 'UploadFile',
        title: 'Upload File',
        readOnlyTitle: 'Files',
        icon: 'upload',
      },
      // Only for a vendor that provides or consumes a data feed (metadata isProvider or isConsumer).
      { path: '/tools/consumers', name: 'Consumers', title: 'Data Feeds', icon: 'feeds', feeds: true },
      // It creates websites: the read-only role does not see it (the server refuses it 403 too).
      {
        path: '/tools/import-websites',
        name: 'ImportWebsites',
        title: 'Import Websites',
        icon: 'import',
        roles: ['admin', 'vendor'],
      },
      // Every vendor role: the read-only one sees the keys without the controls that change them.
      {
        path: '/tools/api-keys',
        name: 'ApiKeys',
        title: 'API keys',
        icon: 'api-keys',
        roles: ['admin', 'vendor', 'viewer'],
      },
      // Every vendor role: the read-only one reads the endpoints and deliveries, and changes nothing.
      {
        path: '/tools/webhooks',
        name: 'Webhooks',
        title: 'Webhooks',
        icon: 'webhooks',
        roles: ['admin', 'vendor', 'viewer'],
      },
      // One endpoint's delivery log, opened from the list.
      {
        path: '/tools/webhooks/:id',
        name: 'WebhookDeliveries',
        title: 'Delivery log',
        hidden: true,
        roles: ['admin', 'vendor', 'viewer'],
      },
    ],
  },
  // Spec §2: /resources opens /resources/index; the menu offers the section, its page is hidden.
  {
    path: '/resources',
    name: 'Resources',
    title: 'Resources',
    icon: 'resources',
    redirect: '/resources/index',
    children: [{ path: '/resources/index', name: 'ResourcesIndex', title: 'Resources', hidden: true }],
  },
  // Feedback is about the user's own experience, not vendor data, so read-only users may send it
  // too. Last of the vendor's entries: the work comes first in the menu.
  {
    path: '/feedback',
    name: 'Ticket',
    title: 'Feedback',
    icon: 'feedback',
    roles: ['admin', 'vendor', 'viewer'],
  },
  // The MLS staff console: the admin role's alone. To anyone else its paths do not exist (404), as
  // its calls do not on the server.
  {
    path: '/admin',
    name: 'Console',
    title: 'MLS Console',
    icon: 'console',
    redirect: '/admin/queue',
    staffOnly: true,
    children: [
      {
        path: '/admin/queue',
        name: 'ApprovalQueue',
        title: 'Approval Queue',
        icon: 'queue',
        staffOnly: true,
      },
      { path: '/admin/vendors', name: 'ConsoleVendors', title: 'Vendors', icon: 'vendors', staffOnly: true },
      { path: '/admin/users', name: 'ConsoleUsers', title: 'Users', icon: 'team', staffOnly: true },
      {
        path: '/admin/document-types',
        name: 'ConsoleDocumentTypes',
        title: 'Document Types',
        icon: 'document-types',
        staffOnly: true,
      },
      {
        path: '/admin/compliance',
        name: 'Compliance',
        title: 'Compliance',
        icon: 'compliance',
        staffOnly: true,
      },
      {
        path: '/admin/compliance-rules',
        name: 'ComplianceRules',
        title: 'Compliance rules',
        icon: 'compliance-rules',
        staffOnly: true,
      },
      { path: '/admin/reports', name: 'Reports', title: 'Reports', icon: 'reports', staffOnly: true },
      { path: '/admin/jobs', name: 'Jobs', title: 'Jobs', icon: 'jobs', staffOnly: true },
      // The MLS's own endpoints, which receive every vendor's events, and any endpoint's delivery log.
      {
        path: '/admin/webhooks',
        name: 'ConsoleWebhooks',
        title: 'Webhooks',
        icon: 'webhooks',
        staffOnly: true,
      },
      {
        path: '/admin/webhooks/:id',
        name: 'ConsoleWebhookDeliveries',
        title: 'Delivery log',
        hidden: true,
        staffOnly: true,
      },
    ],
  },
];

/**
 * Whether an address is a route's: its path exactly, an address under a `/prefix/*` route, or one
 * that fills each `:param` segment (`/tools/webhooks/:id` is `/tools/webhooks/12`).
 */
export function routeMatches(routePath: string, path: string): boolean {
  if (routePath.endsWith('/*')) return path.startsWith(routePath.slice(0, -1));
  if (!routePath.includes('/:')) return routePath === path;
  const want = routePath.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

function flatten(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => [r, ...(r.children ? flatten(r.children) : [])]);
}

/** The read-only role, known from the session's roles (none known yet names no one read-only). */
function readOnly(roles: readonly string[]): boolean {
  const role = sessionRole(roles);
  return role !== null && !canWrite(role);
}

/** A route as a user with these roles sees it: named for what their role can do there. */
function seenBy(route: AppRoute, roles: readonly string[]): AppRoute {
  const named = route.readOnlyTitle && readOnly(roles) ? { ...route, title: route.readOnlyTitle } : route;
  return named.children ? { ...named, children: named.children.map((c) => seenBy(c, roles)) } : named;
}

/** The permission routes a user with these roles may open, named as that user sees them. */
export function routesForRoles(roles: readonly string[]): AppRoute[] {
  return generateRoutes(permissionRoutes, roles).map((r) => seenBy(r, roles));
}

/** Routes without the data-feed ones, for a vendor that has no data feed. */
function withoutFeeds(routes: readonly AppRoute[]): AppRoute[] {
  return routes
    .filter((r) => !r.feeds)
    .map((r) => (r.children ? { ...r, children: withoutFeeds(r.children) } : r));
}

/** The sidebar: permitted, non-hidden routes; the data-feed screen only when `feeds` (see RouteMeta). */
export function menuRoutes(roles: readonly string[], feeds = false): AppRoute[] {
  const routes = routesForRoles(roles).filter((r) => !r.hidden);
  return feeds ? routes : withoutFeeds(routes);
}

/** A route given only to a vendor with a data feed: the guard asks the metadata before opening it. */
export function needsFeeds(path: string): boolean {
  return !!flatten(permissionRoutes).find((r) => routeMatches(r.path, path))?.feeds;
}

/** The route at `path`; with `roles`, named as a user with those roles sees it. */
export function findRoute(path: string, roles?: readonly string[]): AppRoute | undefined {
  const route = flatten([...permissionRoutes, ...constantRoutes]).find((r) => routeMatches(r.path, path));
  return route && roles ? seenBy(route, roles) : route;
}

/** The menu section a page is under (Tools for Custom Export), for the breadcrumb; null at the top. */
export function sectionOf(path: string, roles?: readonly string[]): AppRoute | null {
  const section = permissionRoutes.find((r) => r.children?.some((c) => c.path === path && !c.hidden));
  return section ? (roles ? seenBy(section, roles) : section) : null;
}

/** True when some feature has put this path in the table (e.g. the Websites list). */
export function routeExists(path: string): boolean {
  return findRoute(path) !== undefined;
}

/** Every route with its children, a child counting as staff-only when its section is. */
function flattenStaff(routes: readonly AppRoute[], staff = false): { route: AppRoute; staffOnly: boolean }[] {
  return routes.flatMap((route) => {
    const staffOnly = staff || !!route.staffOnly;
    return [{ route, staffOnly }, ...(route.children ? flattenStaff(route.children, staffOnly) : [])];
  });
}

/** A page of the MLS console: it spans every vendor, so no one vendor account applies to it. */
export function isConsolePath(path: string): boolean {
  return !!flattenStaff(permissionRoutes).find((r) => routeMatches(r.route.path, path))?.staffOnly;
}

function permitted(path: string, roles: readonly string[]): boolean {
  return flatten(routesForRoles(roles)).some((r) => routeMatches(r.path, path));
}

/**
 * A staff-only route (the MLS console) for a user who is not given it: to them it does not exist,
 * so the guard answers with the 404 page rather than 401, and nothing tells a vendor it is there.
 */
export function isUnknownTo(path: string, roles: readonly string[]): boolean {
  const found = flattenStaff(permissionRoutes).find((r) => routeMatches(r.route.path, path));
  return !!found?.staffOnly && !permitted(path, roles);
}

/**
 * A known permission route the user's role is not given; login-free and unknown paths are not, and
 * neither are the staff-only ones a user may not even know of (see isUnknownTo).
 */
export function isForbidden(path: string, roles: readonly string[]): boolean {
  if (isLoginFree(path)) return false;
  const route = flatten(permissionRoutes).find((r) => routeMatches(r.path, path));
  if (!route || isUnknownTo(path, roles)) return false;
  return !permitted(path, roles);
}

export function affixRoutes(): AppRoute[] {
  return flatten(permissionRoutes).filter((r) => r.affix);
}
