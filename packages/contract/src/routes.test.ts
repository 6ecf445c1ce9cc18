import { describe, expect, it } from 'vitest';
import {
  generateRoutes,
  guardDecision,
  isLoginFree,
  rolesFromRole,
  loginPath,
  safeRedirect,
  tosPath,
  type GuardDecision,
  type GuardInput,
  type RouteMeta,
} from './routes.ts';

function input(over: Partial<GuardInput> & { path: string }): GuardInput {
  return {
    fullPath: over.path,
    query: {},
    storedToken: null,
    roles: [],
    acceptedTOS: null,
    ...over,
  };
}

describe('guardDecision (spec §2 Route guard)', () => {
  const rows: { name: string; in: GuardInput; out: GuardDecision }[] = [
    // A token in the query string is a one-time login code, never a session: the page that asks
    // first gets it, with the address to go on to without it.
    {
      name: 'query token on a protected route goes to the page that asks, other parameters kept',
      in: input({
        path: '/websites',
        query: { token: 'q1', page: '2' },
        fullPath: '/websites?page=2&token=q1&sort=dba',
      }),
      out: { kind: 'redirect', to: '/auth-redirect?token=q1&redirect=%2Fwebsites%3Fpage%3D2%26sort%3Ddba' },
    },
    {
      name: 'query token on a login-free route goes to the page that asks',
      in: input({ path: '/login', query: { token: 'q/1+' }, fullPath: '/login?token=q%2F1%2B' }),
      out: { kind: 'redirect', to: '/auth-redirect?token=q%2F1%2B&redirect=%2Flogin' },
    },
    {
      name: 'query token on the page that asks is its own to read',
      in: input({ path: '/auth-redirect', query: { token: 'q1' }, fullPath: '/auth-redirect?token=q1' }),
      out: { kind: 'allow' },
    },
    {
      name: 'query token on /email is the email link, not a session',
      in: input({ path: '/email', query: { token: 'mail' } }),
      out: { kind: 'allow' },
    },
    {
      name: 'query token on /password is a reset token, not a session',
      in: input({ path: '/password', query: { token: 'reset' } }),
      out: { kind: 'allow' },
    },
    {
      name: 'query token on /registration is an invitation, not a session',
      in: input({ path: '/registration', query: { token: 'invite' } }),
      out: { kind: 'allow' },
    },
    // With no token only the login-free routes are allowed.
    ...[
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
      '/redirect/dashboard',
      '/verify',
      '/sign/Tk_123-abc',
    ].map((path) => ({
      name: `no token, login-free ${path}`,
      in: input({ path }),
      out: { kind: 'allow' } as GuardDecision,
    })),
    {
      name: 'no token on a protected route: login with redirect keeping the query',
      in: input({ path: '/dashboard', fullPath: '/dashboard?a=1&b=2' }),
      out: { kind: 'redirect', to: '/login?redirect=%2Fdashboard%3Fa%3D1%26b%3D2' },
    },
    {
      name: 'no token on an unknown path still goes to login first',
      in: input({ path: '/nowhere' }),
      out: { kind: 'redirect', to: '/login?redirect=%2Fnowhere' },
    },
    // A logged-in user visiting /login goes to /dashboard.
    {
      name: 'logged in on /login',
      in: input({ path: '/login', storedToken: 't', roles: ['vendor'], acceptedTOS: true }),
      out: { kind: 'redirect', to: '/dashboard' },
    },
    {
      name: 'token but roles unknown on /login still goes to /dashboard',
      in: input({ path: '/login', storedToken: 't' }),
      out: { kind: 'redirect', to: '/dashboard' },
    },
    // Account info is fetched if roles are unknown.
    {
      name: 'token, roles unknown, protected route: fetch account',
      in: input({ path: '/feedback', storedToken: 't' }),
      out: { kind: 'fetchAccount' },
    },
    {
      name: 'token, roles unknown, login-free route: no fetch needed',
      in: input({ path: '/tos', storedToken: 't' }),
      out: { kind: 'allow' },
    },
    // A signing link and the verify page are the same for a logged-in user: no redirect, no fetch.
    ...['/sign/Tk_123-abc', '/verify'].flatMap((path) => [
      {
        name: `token, roles unknown, ${path}: allowed without a fetch`,
        in: input({ path, storedToken: 't' }),
        out: { kind: 'allow' } as GuardDecision,
      },
      {
        name: `terms not accepted, ${path}: still allowed`,
        in: input({ path, storedToken: 't', roles: ['vendor'], acceptedTOS: false }),
        out: { kind: 'allow' } as GuardDecision,
      },
    ]),
    // Terms not accepted: /tos.
    {
      name: 'terms not accepted',
      in: input({ path: '/dashboard', storedToken: 't', roles: ['vendor'], acceptedTOS: false }),
      out: { kind: 'redirect', to: '/tos' },
    },
    {
      name: 'terms not accepted, deep link: /tos names it, so accepting goes on to it',
      in: input({
        path: '/websites',
        fullPath: '/websites?status=Active&page=2',
        storedToken: 't',
        roles: ['vendor'],
        acceptedTOS: false,
      }),
      out: { kind: 'redirect', to: '/tos?redirect=%2Fwebsites%3Fstatus%3DActive%26page%3D2' },
    },
    {
      name: 'terms not accepted, already on /tos',
      in: input({ path: '/tos', storedToken: 't', roles: ['vendor'], acceptedTOS: false }),
      out: { kind: 'allow' },
    },
    {
      name: 'terms accepted, protected route',
      in: input({ path: '/dashboard', storedToken: 't', roles: ['viewer'], acceptedTOS: true }),
      out: { kind: 'allow' },
    },
    {
      name: 'query token while logged in still only goes to the page that asks before switching',
      in: input({
        path: '/dashboard',
        query: { token: 'new' },
        fullPath: '/dashboard?token=new',
        storedToken: 'old',
        roles: ['vendor'],
        acceptedTOS: true,
      }),
      out: { kind: 'redirect', to: '/auth-redirect?token=new&redirect=%2Fdashboard' },
    },
    {
      name: 'query token on the page that asks, while logged in, is allowed there',
      in: input({
        path: '/auth-redirect',
        query: { token: 'new' },
        fullPath: '/auth-redirect?token=new',
        storedToken: 'old',
      }),
      out: { kind: 'allow' },
    },
  ];

  for (const row of rows) {
    it(row.name, () => {
      expect(guardDecision(row.in)).toEqual(row.out);
    });
  }
});

describe('generateRoutes (spec §6)', () => {
  const table: RouteMeta[] = [
    { path: '/open', title: 'Open' },
    { path: '/vendors-only', title: 'Vendors', roles: ['vendor'] },
    { path: '/viewers', title: 'Viewers', roles: ['viewer', 'vendor'] },
    {
      path: '/tools',
      title: 'Tools',
      children: [
        { path: '/tools/a', title: 'A', roles: ['admin'] },
        { path: '/tools/b', title: 'B' },
      ],
    },
  ];
  const paths = (routes: RouteMeta[]): string[] =>
    routes.flatMap((r) => [r.path, ...(r.children ? paths(r.children.slice()) : [])]);

  it.each([
    ['admin', ['/open', '/vendors-only', '/viewers', '/tools', '/tools/a', '/tools/b']],
    ['vendor', ['/open', '/vendors-only', '/viewers', '/tools', '/tools/a', '/tools/b']],
    ['viewer', ['/open', '/viewers', '/tools', '/tools/b']],
    ['stranger', ['/open', '/tools', '/tools/b']],
  ])('role %s', (role, expected) => {
    expect(paths(generateRoutes(table, rolesFromRole(role)))).toEqual(expected);
  });

  it('no roles at all sees only open routes', () => {
    expect(paths(generateRoutes(table, []))).toEqual(['/open', '/tools', '/tools/b']);
  });

  it('roles are lower-cased and trimmed into one item', () => {
    expect(rolesFromRole(' Vendor ')).toEqual(['vendor']);
    expect(rolesFromRole('')).toEqual([]);
    expect(rolesFromRole(null)).toEqual([]);
  });
});

describe('login-free paths and redirect targets', () => {
  it.each([
    ['/redirect/profile', true],
    ['/tos', true],
    ['/verify', true],
    ['/sign/AbC-123_xyz', true],
    ['/sign', false],
    ['/signature', false],
    ['/verifyx', false],
    ['/dashboard', false],
    ['/loginx', false],
  ])('%s login-free: %s', (path, free) => {
    expect(isLoginFree(path)).toBe(free);
  });

  it.each([
    ['/feedback?x=1', '/feedback?x=1'],
    ['//evil.example', '/dashboard'],
    ['https://evil.example', '/dashboard'],
    ['/login?redirect=/x', '/dashboard'],
    [null, '/dashboard'],
  ])('safeRedirect(%s) = %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    ['/websites?x', '/tos?redirect=%2Fwebsites%3Fx'],
    ['/profile#top', '/tos?redirect=%2Fprofile'],
    ['/dashboard', '/tos'],
    ['/', '/tos'],
    ['/tos?redirect=%2Fprofile', '/tos'],
    ['//evil.example/x', '/tos'],
  ])('tosPath(%s) = %s', (fullPath, expected) => {
    expect(tosPath(fullPath)).toBe(expected);
  });

  it.each([
    [
      '/websites?filter=Active&page=3&site=8',
      '/login?redirect=%2Fwebsites%3Ffilter%3DActive%26page%3D3%26site%3D8',
    ],
    ['/profile', '/login?redirect=%2Fprofile'],
    ['/websites?search=a#main', '/login?redirect=%2Fwebsites%3Fsearch%3Da'],
    ['/login?redirect=%2Fprofile', '/login'],
    ['/tos', '/login'],
    ['/redirect/websites', '/login'],
    ['/', '/login'],
    ['//evil.example/x', '/login'],
    ['https://evil.example/x', '/login'],
    ['', '/login'],
    [null, '/login'],
  ])('loginPath(%s) = %s', (fullPath, expected) => {
    expect(loginPath(fullPath)).toBe(expected);
    // Whatever it names, the login form's own check lets it through unchanged.
    const encoded = /[?&]redirect=([^&]*)/.exec(expected)?.[1];
    if (encoded) expect(safeRedirect(decodeURIComponent(encoded))).toBe(decodeURIComponent(encoded));
  });
});
