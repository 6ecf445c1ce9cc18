import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, resetToken, sessionStore, setToken } from '../../../lib/session.ts';
import { queryClient as appQueries } from '../../../lib/query-client.ts';
import { serveApi } from '../../../testing/fake-api.tsx';
import TosPage, { afterAccepting } from './tos-page.tsx';

const terms = { version: '2', effectiveDate: '2025-01-31', text: 'The terms.' };

function openTerms(entry = '/tos', signedIn = true) {
  if (signedIn) setToken('tok-1');
  const api = serveApi((method, path) => {
    if (method === 'GET' && path === '/settings/tos') return { body: terms };
    if (method === 'PUT' && path === '/profile/tos') return { body: { acceptedTOS: true } };
    if (method === 'POST' && path === '/logout') return { body: { message: 'ok' } };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/tos', element: <TosPage /> },
      { path: '/login', element: <p>login page</p> },
      { path: '*', element: <p>another page</p> },
    ],
    { initialEntries: [entry] },
  );
  // The app's own query defaults: no query of the session runs without one.
  const client = new QueryClient({
    defaultOptions: {
      ...appQueries.getDefaultOptions(),
      queries: { ...appQueries.getDefaultOptions().queries, retry: false },
    },
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, ...api };
}

const getSessionAccepted = () => sessionStore.get().acceptedTOS;

afterEach(() => {
  vi.unstubAllGlobals();
  resetToken();
});

describe('terms of service page', () => {
  it('shows the terms to a visitor who is not signed in, with a way to log in and accept them', async () => {
    const { calls, headers } = openTerms('/tos', false);
    expect(await screen.findByText('The terms.')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    const asked = calls.findIndex((c) => c.path === '/settings/tos');
    expect(headers[asked]?.Authorization).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Log in to accept' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('shows the effective date as MM/DD/YYYY', async () => {
    openTerms();
    expect(await screen.findByText('Version 2, effective 01/31/2025')).toBeTruthy();
  });

  it('goes on after Accept to the page the guard held the user back from', async () => {
    const { router } = openTerms('/tos?redirect=%2Fwebsites%3Fstatus%3DActive');
    await screen.findByText('The terms.');

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'));
    expect(router.state.location.search).toBe('?status=Active');
    expect(getSessionAccepted()).toBe(true);
  });

  it('goes to the dashboard after Accept when no page was asked for', async () => {
    const { router } = openTerms();
    await screen.findByText('The terms.');

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each([
    [null, '/dashboard'],
    ['/websites?x', '/websites?x'],
    ['/tos', '/dashboard'],
    ['/tos?redirect=%2Fprofile', '/dashboard'],
    ['https://evil.example', '/dashboard'],
    ['//evil.example/x', '/dashboard'],
  ])('after accepting with redirect %s the user goes to %s', (redirect, expected) => {
    expect(afterAccepting(redirect)).toBe(expected);
  });

  it('offers Log Out beside Accept, which ends the session and opens the login page', async () => {
    const { router, calls } = openTerms();
    await screen.findByText('The terms.');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/logout')).toBe(true));
  });
});
