import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, resetToken, sessionStore, setToken } from '../lib/session.ts';
import { guardLoader } from './guard.ts';
import { queryClient } from '../lib/query-client.ts';

const confirmLogout = vi.fn();
vi.mock('../lib/logout-dialog.tsx', () => ({ confirmLogout: () => confirmLogout() }));

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

  it('stores a query token, fetches the account, and lets the user in', async () => {
    const fetchMock = respond(200, profile());
    expect(await visit('/dashboard?token=abc')).toBeNull();
    expect(getToken()).toBe('abc');
    expect(sessionStore.get().roles).toEqual(['vendor']);
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>).Authorization).toBe('Bearer abc');
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

  it('a role without the route (one the table does not list) gets /401', async () => {
    setToken('t');
    respond(200, profile({ role: 'auditor' }));
    expect(await visit('/feedback')).toBe('/401');
    expect(await visit('/dashboard')).toBeNull();
  });
});
