import type { Role } from './roles.ts';

/**
 * The route table's metadata and the pure decisions made from it: which routes a role sees, and
 * what the guard does on each navigation. The web app renders from these; tests pin them as tables.
 */
export interface RouteMeta {
  path: string;
  name?: string;
  title?: string;
  hidden?: boolean;
  affix?: boolean;
  noCache?: boolean;
  /** Roles allowed; absent = open to every logged-in user. */
  roles?: readonly Role[];
  /** Needs no login. */
  public?: boolean;
  /**
   * The MLS staff console: generated for the admin role only. (Spec §6 gives 'vendor' every
   * permission route; the console is the one exception, so vendors never see it in menus or the guard.)
   */
  staffOnly?: boolean;
  /**
   * The data-feed screen: given only to a vendor whose metadata says isProvider or isConsumer (spec
   * §6: the flags come from metadata). To any other it does not exist, in menus or the guard.
   */
  feeds?: boolean;
  redirect?: string;
  icon?: string;
  children?: readonly RouteMeta[];
}

/** Paths the guard lets through without a session (spec §2 Route guard). */
export const LOGIN_FREE_PATHS: readonly string[] = [
  '/login',
  '/register',
  '/registration',
  '/forgotpassword',
  '/password',
  '/email',
  '/reset',
  '/auth-redirect',
  '/401',
  '/404',
  '/tos',
  // Anyone holding a sealed PDF may check it (issue 9, Verify).
  '/verify',
];

/**
 * Address prefixes that need no login: /redirect/… and the signing page /sign/{token}, whose token
 * in the path is the signer's credential. A logged-in user opening a signing link sees it too.
 */
export const LOGIN_FREE_PREFIXES: readonly string[] = ['/redirect/', '/sign/'];

/** The page a login code's link opens: it shows whose account the code opens and asks first. */
export const LOGIN_CODE_PAGE = '/auth-redirect';

/**
 * A token in the query string is a one-time login code, except on these pages, whose token is a
 * one-off of their own (reset, invitation, email), and on the page that asks before using a code.
 * It is never a session.
 */
export const TOKEN_QUERY_EXEMPT: readonly string[] = [
  '/password',
  '/registration',
  '/email',
  LOGIN_CODE_PAGE,
];

export function isLoginFree(path: string): boolean {
  return LOGIN_FREE_PATHS.includes(path) || LOGIN_FREE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The role from login or profile, lower-cased into a single-item list (spec §6). */
export function rolesFromRole(role: string | null | undefined): string[] {
  const r = (role ?? '').trim().toLowerCase();
  return r ? [r] : [];
}

function hasPermission(roles: readonly string[], route: RouteMeta): boolean {
  if (!route.roles || route.roles.length === 0) return true;
  return roles.some((r) => (route.roles as readonly string[]).includes(r));
}

/** 'admin' and 'vendor' get all permission routes; others get those their role is listed on. */
export function generateRoutes<T extends RouteMeta>(routes: readonly T[], roles: readonly string[]): T[] {
  const staff = roles.includes('admin');
  const all = staff || roles.includes('vendor');
  const out: T[] = [];
  for (const route of routes) {
    if (route.staffOnly && !staff) continue;
    if (!all && !hasPermission(roles, route)) continue;
    if (route.children) {
      const children = generateRoutes(route.children, roles);
      out.push({ ...route, children });
    } else {
      out.push(route);
    }
  }
  return out;
}

export interface GuardInput {
  path: string;
  /** The full path with query string, kept as the login redirect target. */
  fullPath: string;
  query: Record<string, string | undefined>;
  storedToken: string | null;
  /** Roles known from an earlier profile fetch; empty when not yet fetched. */
  roles: readonly string[];
  acceptedTOS: boolean | null;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'fetchAccount' };

/** The full path without its `token` parameter. */
function withoutToken(fullPath: string): string {
  const q = fullPath.indexOf('?');
  if (q < 0) return fullPath;
  // Other parameters stay exactly as they were written.
  const rest = fullPath
    .slice(q + 1)
    .split('&')
    .filter((part) => part !== '' && part.split('=')[0] !== 'token')
    .join('&');
  return fullPath.slice(0, q) + (rest ? `?${rest}` : '');
}

/**
 * Where an address carrying a login code goes: the page that asks "Continue as …?", with the code
 * and, as its redirect, the address without the code. Null when the address carries none. Nothing
 * is used or stored on the way, with or without a session.
 */
export function loginCodeRedirect(at: Pick<GuardInput, 'path' | 'fullPath' | 'query'>): string | null {
  const code = at.query.token;
  if (!code || TOKEN_QUERY_EXEMPT.includes(at.path)) return null;
  const then = withoutToken(at.fullPath);
  return `${LOGIN_CODE_PAGE}?token=${encodeURIComponent(code)}&redirect=${encodeURIComponent(then)}`;
}

/**
 * One navigation's decision, before account info is known or after. `fetchAccount` means: load the
 * profile, then call again with roles and acceptedTOS set (or on failure reset the token and go to
 * /login).
 */
export function guardDecision(input: GuardInput): GuardDecision {
  const codePage = loginCodeRedirect(input);
  if (codePage) return { kind: 'redirect', to: codePage };
  const token = input.storedToken;

  if (!token) {
    if (isLoginFree(input.path)) return { kind: 'allow' };
    return { kind: 'redirect', to: loginPath(input.fullPath) };
  }
  if (input.path === '/login') return { kind: 'redirect', to: '/dashboard' };
  if (input.roles.length === 0) {
    if (isLoginFree(input.path)) return { kind: 'allow' };
    return { kind: 'fetchAccount' };
  }
  if (input.acceptedTOS === false && input.path !== '/tos' && !isLoginFree(input.path)) {
    return { kind: 'redirect', to: tosPath(input.fullPath) };
  }
  return { kind: 'allow' };
}

/**
 * The login page for a user whose session ended on `fullPath` (path and query): it names that page
 * as the redirect, so logging in again returns there with its URL state. Login-free pages and the
 * root are not worth returning to.
 */
export function loginPath(fullPath?: string | null): string {
  const path = (fullPath ?? '').split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/') || path.startsWith('//') || path === '/' || isLoginFree(path)) return '/login';
  const target = (fullPath ?? '').split('#')[0]!;
  return `/login?redirect=${encodeURIComponent(target)}`;
}

/**
 * The terms page for a user who has not accepted them yet and asked for `fullPath`: it names that
 * page, so accepting goes on to it. The dashboard, where accepting leads anyway, is left out.
 */
export function tosPath(fullPath: string): string {
  const target = fullPath.split('#')[0]!;
  const path = target.split('?')[0];
  if (path === '/' || path === '/tos' || safeRedirect(target) === '/dashboard') return '/tos';
  return `/tos?redirect=${encodeURIComponent(target)}`;
}

/** Where a login form sends the user afterwards: the redirect target, never off-site. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) {
    return '/dashboard';
  }
  return target;
}
