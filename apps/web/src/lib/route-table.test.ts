import { rolesFromRole } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import {
  findRoute,
  isConsolePath,
  sectionOf,
  isForbidden,
  isUnknownTo,
  menuRoutes,
  needsFeeds,
  routeExists,
  routesForRoles,
} from './route-table.ts';

const paths = (routes: { path: string }[]) => routes.map((r) => r.path);

describe("the app's route table per role", () => {
  it.each([
    [
      'admin',
      [
        '/dashboard',
        '/profile',
        '/changelog',
        '/websites',
        '/team',
        '/notifications',
        '/tools',
        '/resources',
        '/feedback',
        '/admin',
      ],
      ['/dashboard', '/websites', '/team', '/tools', '/resources', '/feedback', '/admin'],
    ],
    [
      'vendor',
      [
        '/dashboard',
        '/profile',
        '/changelog',
        '/websites',
        '/team',
        '/notifications',
        '/tools',
        '/resources',
        '/feedback',
      ],
      ['/dashboard', '/websites', '/team', '/tools', '/resources', '/feedback'],
    ],
    [
      'viewer',
      [
        '/dashboard',
        '/profile',
        '/changelog',
        '/websites',
        '/team',
        '/notifications',
        '/tools',
        '/resources',
        '/feedback',
      ],
      ['/dashboard', '/websites', '/team', '/tools', '/resources', '/feedback'],
    ],
    [
      'stranger',
      [
        '/dashboard',
        '/profile',
        '/changelog',
        '/websites',
        '/team',
        '/notifications',
        '/tools',
        '/resources',
      ],
      ['/dashboard', '/websites', '/team', '/tools', '/resources'],
    ],
  ])('%s', (role, permitted, menu) => {
    const roles = rolesFromRole(role);
    expect(paths(routesForRoles(roles))).toEqual(permitted);
    expect(paths(menuRoutes(roles))).toEqual(menu);
  });

  it("the MLS console and its approval queue are the admin role's alone", () => {
    const console = menuRoutes(['admin']).find((r) => r.path === '/admin');
    expect(console).toMatchObject({ title: 'MLS Console', redirect: '/admin/queue', staffOnly: true });
    expect(console?.children?.map((c) => [c.path, c.title])).toEqual([
      ['/admin/queue', 'Approval Queue'],
      ['/admin/vendors', 'Vendors'],
      ['/admin/users', 'Users'],
      ['/admin/document-types', 'Document Types'],
      ['/admin/compliance', 'Compliance'],
      ['/admin/compliance-rules', 'Compliance rules'],
      ['/admin/reports', 'Reports'],
      ['/admin/jobs', 'Jobs'],
      ['/admin/webhooks', 'Webhooks'],
      ['/admin/webhooks/:id', 'Delivery log'],
    ]);
    expect(console?.children?.every((c) => c.staffOnly)).toBe(true);
    for (const role of ['vendor', 'viewer', 'stranger']) {
      const roles = rolesFromRole(role);
      expect(paths(routesForRoles(roles)).some((p) => p.startsWith('/admin'))).toBe(false);
      const children = routesForRoles(roles).flatMap((r) => r.children ?? []);
      expect(paths(children).some((p) => p.startsWith('/admin'))).toBe(false);
    }
  });

  it('to anyone but the admin role the console does not exist: unknown (404), not forbidden (401)', () => {
    for (const path of [
      '/admin',
      '/admin/queue',
      '/admin/reports',
      '/admin/jobs',
      '/admin/compliance-rules',
      '/admin/compliance',
    ]) {
      expect(isUnknownTo(path, ['admin'])).toBe(false);
      expect(isForbidden(path, ['admin'])).toBe(false);
      for (const role of ['vendor', 'viewer', 'stranger']) {
        expect(isUnknownTo(path, [role])).toBe(true);
        expect(isForbidden(path, [role])).toBe(false);
      }
    }
    // Other routes are never unknown because of the console's rule.
    expect(isUnknownTo('/feedback', ['stranger'])).toBe(false);
    expect(isUnknownTo('/dashboard', ['vendor'])).toBe(false);
    expect(isUnknownTo('/nowhere', ['vendor'])).toBe(false);
  });

  it('the role is lower-cased before matching', () => {
    expect(paths(routesForRoles(rolesFromRole('VENDOR')))).toContain('/feedback');
  });

  it('the MLS console is for the admin role only: for anyone else its pages do not exist', () => {
    const console = routesForRoles(['admin']).find((r) => r.path === '/admin');
    expect(console?.children?.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/admin/vendors', '/admin/users', '/admin/document-types']),
    );
    for (const role of ['vendor', 'viewer', 'stranger']) {
      const all = routesForRoles([role]).flatMap((r) => [r, ...(r.children ?? [])]);
      expect(
        all.some((r) => r.path.startsWith('/admin')),
        role,
      ).toBe(false);
      for (const path of ['/admin/vendors', '/admin/users', '/admin/document-types', '/admin'])
        expect(isUnknownTo(path, [role]), `${role} ${path}`).toBe(true);
    }
    expect(isUnknownTo('/admin/vendors', ['admin'])).toBe(false);
    // A path that only starts like the console's is not one of its pages.
    expect(isUnknownTo('/administrators', ['vendor'])).toBe(false);
    expect(isUnknownTo('/websites', ['vendor'])).toBe(false);
  });

  it('a route the role does not get is forbidden; login-free and unknown paths are not', () => {
    expect(isForbidden('/feedback', ['stranger'])).toBe(true);
    expect(isForbidden('/feedback', ['viewer'])).toBe(false);
    expect(isForbidden('/feedback', ['vendor'])).toBe(false);
    expect(isForbidden('/dashboard', ['viewer'])).toBe(false);
    expect(isForbidden('/login', ['viewer'])).toBe(false);
    expect(isForbidden('/sign/abc', ['stranger'])).toBe(false);
    expect(isForbidden('/verify', ['stranger'])).toBe(false);
    expect(isForbidden('/nowhere', ['viewer'])).toBe(false);
  });

  it('knows the routes of the table, and only those', () => {
    for (const p of ['/nowhere', '/tools/nothing', '/admin/unknown']) expect(routeExists(p)).toBe(false);
    for (const p of [
      '/dashboard',
      '/team',
      '/resources',
      '/resources/index',
      '/tools/consumers',
      '/login',
      '/tos',
      '/redirect/profile',
      '/sign/abc',
      '/verify',
      '/tools/upload-file',
      '/notifications',
    ])
      expect(routeExists(p)).toBe(true);
  });

  it('the Websites list and the Tools with Custom Export and Upload File are in the table', () => {
    for (const p of ['/websites', '/tools', '/tools/export-selected-excel', '/tools/upload-file'])
      expect(routeExists(p)).toBe(true);
  });

  it('Upload File is open to every role: the read-only one sees and downloads the documents', () => {
    for (const role of ['admin', 'vendor', 'viewer'])
      expect(isForbidden('/tools/upload-file', [role])).toBe(false);
  });

  it('to the read-only role Upload File is Files, in the menu and wherever the page is named', () => {
    const toolTitles = (roles: string[]) =>
      menuRoutes(roles)
        .find((r) => r.path === '/tools')!
        .children!.map((c) => c.title);
    expect(toolTitles(['viewer'])).toContain('Files');
    expect(toolTitles(['viewer'])).not.toContain('Upload File');
    for (const role of ['admin', 'vendor']) expect(toolTitles([role])).toContain('Upload File');
    expect(findRoute('/tools/upload-file', ['viewer'])?.title).toBe('Files');
    expect(findRoute('/tools/upload-file', ['vendor'])?.title).toBe('Upload File');
    // Before the role is known the page keeps its own name.
    expect(findRoute('/tools/upload-file', [])?.title).toBe('Upload File');
    expect(findRoute('/tools/upload-file')?.title).toBe('Upload File');
  });

  it('names the menu section a page is under, for the breadcrumb', () => {
    expect(sectionOf('/tools/export-selected-excel')?.title).toBe('Tools');
    expect(sectionOf('/tools/upload-file', ['viewer'])?.title).toBe('Tools');
    expect(sectionOf('/admin/queue', ['admin'])?.title).toBe('MLS Console');
    // A hidden page stands for its section (Resources), and a top-level page has none.
    expect(sectionOf('/resources/index')).toBeNull();
    expect(sectionOf('/websites')).toBeNull();
  });

  it('the menu puts the work first: Feedback comes after the vendor pages', () => {
    const paths = menuRoutes(['vendor']).map((r) => r.path);
    expect(paths.indexOf('/feedback')).toBeGreaterThan(paths.indexOf('/websites'));
    expect(paths.indexOf('/feedback')).toBeGreaterThan(paths.indexOf('/resources'));
  });

  it('Resources is in the menu for every role and opens its hidden index page', () => {
    for (const role of ['admin', 'vendor', 'viewer']) {
      const item = menuRoutes([role]).find((r) => r.path === '/resources')!;
      expect(item.redirect).toBe('/resources/index');
      expect(item.children?.map((c) => [c.path, !!c.hidden])).toEqual([['/resources/index', true]]);
      expect(isForbidden('/resources/index', [role])).toBe(false);
    }
    expect(findRoute('/resources/index')?.title).toBe('Resources');
  });

  it('the data-feed screen is under Tools only for a vendor with a feed; the guard asks before it opens', () => {
    const tools = (feeds: boolean) =>
      menuRoutes(['vendor'], feeds)
        .find((r) => r.path === '/tools')!
        .children!.map((c) => c.path);
    expect(tools(true)).toContain('/tools/consumers');
    expect(tools(false)).not.toContain('/tools/consumers');
    expect(
      menuRoutes(['viewer'], true)
        .find((r) => r.path === '/tools')!
        .children!.map((c) => c.path),
    ).toContain('/tools/consumers');
    expect(needsFeeds('/tools/consumers')).toBe(true);
    expect(needsFeeds('/tools/upload-file')).toBe(false);
    expect(findRoute('/tools/consumers')?.title).toBe('Data Feeds');
  });

  it('Webhooks is under Tools for every vendor role, with each endpoint’s delivery log at its id', () => {
    for (const role of ['admin', 'vendor', 'viewer']) {
      const tools = menuRoutes([role]).find((r) => r.path === '/tools')!.children!;
      expect(paths([...tools])).toContain('/tools/webhooks');
      // The log is opened from the list, not the menu.
      expect(tools.find((r) => r.path === '/tools/webhooks/:id')?.hidden).toBe(true);
      for (const path of ['/tools/webhooks', '/tools/webhooks/12']) {
        expect(isForbidden(path, [role])).toBe(false);
        expect(isUnknownTo(path, [role])).toBe(false);
      }
    }
    expect(isForbidden('/tools/webhooks/12', ['stranger'])).toBe(true);
    expect(findRoute('/tools/webhooks/12')?.title).toBe('Delivery log');
    expect(findRoute('/tools/webhooks')?.title).toBe('Webhooks');
    // A path segment stands for the id; an empty one or more segments are another address.
    for (const p of ['/tools/webhooks/', '/tools/webhooks/12/deliveries']) expect(routeExists(p)).toBe(false);
  });

  it('the console’s Webhooks and its delivery logs do not exist for anyone but the admin role', () => {
    for (const path of ['/admin/webhooks', '/admin/webhooks/3']) {
      expect(isUnknownTo(path, ['admin'])).toBe(false);
      expect(isForbidden(path, ['admin'])).toBe(false);
      expect(isConsolePath(path)).toBe(true);
      for (const role of ['vendor', 'viewer', 'stranger']) expect(isUnknownTo(path, [role])).toBe(true);
    }
    expect(isConsolePath('/tools/webhooks/3')).toBe(false);
  });

  it('Import Websites is under Tools for those who may create websites, not the read-only role', () => {
    const tools = (role: string) =>
      paths([...(menuRoutes([role]).find((r) => r.path === '/tools')?.children ?? [])]);
    for (const role of ['admin', 'vendor']) {
      expect(tools(role)).toContain('/tools/import-websites');
      expect(isForbidden('/tools/import-websites', [role])).toBe(false);
    }
    expect(tools('viewer')).not.toContain('/tools/import-websites');
    expect(isForbidden('/tools/import-websites', ['viewer'])).toBe(true);
  });

  it('API keys is under Tools for every vendor role, the read-only one included', () => {
    for (const role of ['admin', 'vendor', 'viewer']) {
      const tools = menuRoutes([role]).find((r) => r.path === '/tools')?.children ?? [];
      expect(tools.find((r) => r.path === '/tools/api-keys')?.title).toBe('API keys');
      expect(isForbidden('/tools/api-keys', [role])).toBe(false);
    }
  });
});
