import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouterPageNavigation } from '../../../lib/router-page-navigation.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, resetToken } from '../../../lib/session.ts';
import LoginPage from './login-page.tsx';

function renderLogin(url = '/login') {
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        element: (
          <RouterPageNavigation>
            <LoginPage />
          </RouterPageNavigation>
        ),
      },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToken();
});

describe('login form', () => {
  it('trims the username, sends Basic auth, stores the token and follows the redirect', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ token: 'tok-1', role: 'vendor' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderLogin('/login?redirect=%2Ffeedback%3Fx%3D1');

    fill('  demo  ', 'summit-sites-2026');

    await waitFor(() => expect(router.state.location.pathname).toBe('/feedback'));
    expect(router.state.location.search).toBe('?x=1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe(
      `Basic ${btoa('demo:summit-sites-2026')}`,
    );
    expect(getToken()).toBe('tok-1');
  });

  it("shows the server's message on failure and stays on /login", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 401, message: 'Incorrect username or password.' }), {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const router = renderLogin();
    fill('demo', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    // The cursor is back in the password, selected, to be typed again.
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(document.activeElement).toBe(password);
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, 'wrong-password'.length]);
  });

  it('a failure that is not about the credentials leaves the focus where it was', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderLogin();
    fill('demo', 'a-password');
    await screen.findByRole('alert');
    expect(document.activeElement).not.toBe(screen.getByLabelText('Password'));
  });

  it('asks for both fields before calling the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fill('   ', '');
    expect(screen.getByText('Please enter your username.')).toBeTruthy();
    expect(screen.getByText('Please enter a password.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });

  it('with only the password missing, the cursor goes to the password', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderLogin();
    fill('demo', '');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('links to the forgot-password page', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgotpassword',
    );
  });
});
