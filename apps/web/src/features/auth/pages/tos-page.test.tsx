import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, resetToken, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import TosPage from './tos-page.tsx';

const terms = { version: '2', effectiveDate: '2025-01-31', text: 'The terms.' };

function openTerms() {
  setToken('tok-1');
  const api = serveApi((method, path) => {
    if (method === 'GET' && path === '/settings/tos') return { body: terms };
    if (method === 'POST' && path === '/logout') return { body: { message: 'ok' } };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/tos', element: <TosPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/tos'] },
  );
  renderWithClient(<RouterProvider router={router} />);
  return { router, ...api };
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToken();
});

describe('terms of service page', () => {
  it('shows the effective date as MM/DD/YYYY', async () => {
    openTerms();
    expect(await screen.findByText('Version 2, effective 01/31/2025')).toBeTruthy();
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
