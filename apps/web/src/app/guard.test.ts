import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, resetToken, setToken } from '../lib/session.ts';
import { guardLoader } from './guard.ts';
import { queryClient } from '../lib/query-client.ts';

const confirmLogout = vi.fn();
vi.mock('../lib/logout-dialog.tsx', () => ({ confirmLogout: () => confirmLogout() }));
// The app shell only themes the guard's toasts and dialogs; its global antd settings stay out of
// these tests.
vi.mock('./load-shell.ts', () => ({ loadShell: () => Promise.resolve({}) }));

function profile(over: Record<string, unknown> = {}) {
  return {
    id: 1,
    username: 'demo',
    role: 'vendor',
    rolename: 'Vendor',
    email: 'demo@example.test',
    firstName: 'Dana',
    lastName: 'W',
    vendor: 1,
    acceptedTOS: true,
    active: true,
    avatar: null,
    ...over,
  };
}

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The guard's outcome: null (allowed) or the redirect target. */
async function visit(url: string): Promise<string | null> {
  try {
    await guardLoader({ request: new Request(`http://portal.test${url}`) } as LoaderFunctionArgs);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

beforeEach(() => {
  resetToken();
  queryClient.clear();
  confirmLogout.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('route guard', () => {
  it('without a session sends protected pages to /login keeping the full path', async () => {
    const fetchMock = respond(200, {});
    expect(await visit('/dashboard?a=1')).toBe('/login?redirect=%2Fdashboard%3Fa%3D1');
    expect(await visit('/forgotpassword')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends a link's login code to the page that asks first, using nothing on the way", async () => {
    const fetchMock = respond(200, { token: 'session-9', role: 'vendor', username: 'demo' });
    const asks = '/auth-redirect?token=code-1&redirect=%2Fwebsites%3Fpage%3D2';
    expect(await visit('/websites?page=2&token=code-1')).toBe(asks);
    expect(getToken()).toBeNull();
    // Logged in as someone, the same: the page asks before switching.
    setToken('mine');
    expect(await visit('/websites?page=2&token=code-1')).toBe(asks);
    expect(getToken()).toBe('mine');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the reset token of /password out of the session', async () => {
    respond(200, {});
    expect(await visit('/password?token=reset-me')).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('sends a user who has not accepted the terms to /tos', async () => {
    setToken('t');
    respond(200, profile({ acceptedTOS: false }));
    expect(await visit('/dashboard')).toBe('/tos');
    expect(await visit('/tos')).toBeNull();
    // A deep link is kept, so accepting goes on to it.
    expect(await visit('/websites?status=Active')).toBe('/tos?redirect=%2Fwebsites%3Fstatus%3DActive');
  });

  it('a logged-in user on /login goes to the dashboard', async () => {
    setToken('t');
    expect(await visit('/login')).toBe('/dashboard');
  });

  it('a failed account fetch resets the token and goes to /login, without the logout dialog', async () => {
    setToken('stale');
    respond(401, { code: 50008, message: 'Your session is not valid. Please log in again.' });
    expect(await visit('/profile')).toBe('/login?redirect=%2Fprofile');
    expect(getToken()).toBeNull();
    await new Promise((r) => setTimeout(r, 10));
    expect(confirmLogout).not.toHaveBeenCalled();
  });

  it('a portal that does not answer keeps the session and leaves the error to the route', async () => {
    setToken('mine');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const thrown = await visit('/profile').catch((e: unknown) => e);
    expect(thrown).toMatchObject({ status: 0 });
    expect(getToken()).toBe('mine');
  });

  it('a session that ended while away returns, after logging in, to the page with its URL state', async () => {
    setToken('expired');
    respond(401, { code: 401, message: 'Your session is not valid. Please log in again.' });
    const target = await visit('/websites?filter=Active&sort=licensee&page=3&site=8');
    expect(target).toBe(
      '/login?redirect=%2Fwebsites%3Ffilter%3DActive%26sort%3Dlicensee%26page%3D3%26site%3D8',
    );
    expect(new URLSearchParams(target!.split('?')[1]).get('redirect')).toBe(
      '/websites?filter=Active&sort=licensee&page=3&site=8',
    );
  });

  it.each(['vendor', 'viewer'])(
    'a %s opening the MLS console gets the 404 page, as for any unknown address',
    async (role) => {
      setToken('t');
      respond(200, profile({ role }));
      expect(await visit('/admin/queue')).toBe('/404');
      expect(await visit('/admin/queue?kind=activation')).toBe('/404');
      expect(await visit('/admin')).toBe('/404');
      expect(await visit('/admin/reports')).toBe('/404');
      expect(await visit('/admin/reports?from=2026-01&to=2026-03')).toBe('/404');
      expect(await visit('/admin/jobs')).toBe('/404');
      expect(await visit('/admin/compliance')).toBe('/404');
      expect(await visit('/admin/compliance-rules')).toBe('/404');
      expect(await visit('/websites')).toBeNull();
    },
  );

  it('the admin role opens the MLS console', async () => {
    setToken('t');
    respond(200, profile({ role: 'admin' }));
    expect(await visit('/admin/queue')).toBeNull();
    expect(await visit('/admin')).toBeNull();
    expect(await visit('/admin/reports')).toBeNull();
    expect(await visit('/admin/jobs')).toBeNull();
    expect(await visit('/admin/compliance')).toBeNull();
    expect(await visit('/admin/compliance-rules')).toBeNull();
  });

  it('a role without the route (one the table does not list) gets /401', async () => {
    setToken('t');
    respond(200, profile({ role: 'auditor' }));
    expect(await visit('/feedback')).toBe('/401');
    expect(await visit('/dashboard')).toBeNull();
  });

  it('the MLS console does not exist for a vendor or a read-only user (404), and opens for staff', async () => {
    for (const role of ['vendor', 'viewer']) {
      setToken('t');
      respond(200, profile({ role }));
      for (const path of ['/admin/vendors', '/admin/users?user=3', '/admin/document-types'])
        expect(await visit(path), `${role} ${path}`).toBe('/404');
      resetToken();
    }
    setToken('t');
    respond(200, profile({ role: 'admin' }));
    expect(await visit('/admin/vendors')).toBeNull();
    expect(await visit('/admin/users?user=3')).toBeNull();
  });
});

describe('the data-feed screen', () => {
  function serve(meta: { isProvider: boolean; isConsumer: boolean }) {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.includes('/portal/metadata') ? meta : profile();
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it.each([
    [{ isProvider: true, isConsumer: false }, null],
    [{ isProvider: false, isConsumer: true }, null],
    [{ isProvider: false, isConsumer: false }, '/404'],
  ])('with metadata %j the guard answers %s', async (meta, expected) => {
    setToken('t');
    const fetchMock = serve(meta);
    expect(await visit('/tools/consumers')).toBe(expected);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/portal/metadata'))).toBe(true);
  });

  it('asks no metadata for other pages', async () => {
    setToken('t');
    const fetchMock = serve({ isProvider: false, isConsumer: false });
    expect(await visit('/tools/upload-file')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/portal/metadata'))).toBe(false);
  });
});
