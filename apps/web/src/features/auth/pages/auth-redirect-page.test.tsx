import { LoginCodeMessages, type LoginCodeAccount, type SecondStep } from '@vp/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageNavigationProvider } from '../../../lib/page-navigation.tsx';
import { getToken, resetToken, setToken } from '../../../lib/session.ts';
import { serveApi } from '../../../testing/fake-api.tsx';
import { pendingSecondStep } from '../second-step.ts';
import AuthRedirectPage from './auth-redirect-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  resetToken();
  window.history.replaceState(null, '', '/');
});

const mallory: LoginCodeAccount = {
  username: 'mallory',
  firstName: 'Mallory',
  lastName: 'Stone',
  email: 'mallory@harbor.example',
};

/** Opens a login link as the page gets it: the code in the address, the target as its redirect. */
const secondStep: SecondStep = {
  secondStep: 'verify',
  ticket: 'ticket-9',
  role: 'vendor',
  methods: ['totp', 'recovery'],
};

function openLink(options: { current?: string; refuse?: boolean; needsSecondStep?: boolean } = {}) {
  window.history.replaceState(null, '', '/auth-redirect?token=code-1&redirect=%2Fwebsites%3Fpage%3D2');
  const api = serveApi((method, path) => {
    if (options.refuse && path.startsWith('/login/code'))
      return { status: 400, body: { code: 400, message: LoginCodeMessages.invalid } };
    if (method === 'POST' && path === '/login/code/account') return { body: mallory };
    if (method === 'POST' && path === '/login/code')
      return {
        body: options.needsSecondStep
          ? { ...secondStep, username: 'mallory' }
          : { token: 'mallory-session', role: 'vendor', username: 'mallory' },
      };
    if (method === 'GET' && path === '/profile' && options.current)
      return { body: { username: options.current } };
    if (method === 'POST' && path === '/logout') return { body: { message: 'Logged out' } };
    return undefined;
  });
  const navigate = vi.fn();
  render(
    <PageNavigationProvider value={{ search: '?redirect=%2Fwebsites%3Fpage%3D2', navigate }}>
      <AuthRedirectPage />
    </PageNavigationProvider>,
  );
  return { ...api, navigate };
}

const usedCode = (calls: { method: string; path: string }[]) =>
  calls.some((c) => c.method === 'POST' && c.path === '/login/code');

describe('login link page', () => {
  it('with nobody logged in, shows whose account it is and asks, using the code only on Continue', async () => {
    const { calls, navigate } = openLink();
    // The code leaves the address bar at once.
    expect(window.location.search).toBe('?redirect=%2Fwebsites%3Fpage%3D2');
    expect(await screen.findByRole('heading', { name: 'Continue as Mallory Stone?' })).toBeTruthy();
    const shown = [...document.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(shown).toEqual([
      ['Name', 'Mallory Stone'],
      ['Username', 'mallory'],
      ['Email', 'mallory@harbor.example'],
    ]);
    expect(screen.getByText(LoginCodeMessages.intro)).toBeTruthy();
    // Opening the link used nothing and logged nobody in.
    expect(usedCode(calls)).toBe(false);
    expect(getToken()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Continue as Mallory Stone' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/websites?page=2', { replace: true }));
    expect(getToken()).toBe('mallory-session');
    expect(calls.filter((c) => c.path === '/login/code')).toEqual([
      { method: 'POST', path: '/login/code', body: { code: 'code-1' } },
    ]);
  });

  it('on Cancel leaves the code unused and nobody logged in', async () => {
    const { calls, navigate } = openLink();
    fireEvent.click(await screen.findByRole('button', { name: LoginCodeMessages.cancel }));
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(usedCode(calls)).toBe(false);
    expect(getToken()).toBeNull();
  });

  it('with another user logged in, says who will be logged out, and switching ends that session', async () => {
    setToken('demo-session');
    const { calls, headers, navigate } = openLink({ current: 'demo' });
    expect(await screen.findByRole('heading', { name: 'Continue as Mallory Stone?' })).toBeTruthy();
    expect(screen.getByText(LoginCodeMessages.signedIn('demo'))).toBeTruthy();
    expect(usedCode(calls)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Continue as Mallory Stone' }));
    await waitFor(() => expect(getToken()).toBe('mallory-session'));
    const logout = calls.findIndex((c) => c.path === '/logout');
    expect(headers[logout]?.Authorization).toBe('Bearer demo-session');
    expect(navigate).toHaveBeenCalledWith('/websites?page=2', { replace: true });
  });

  it('with another user logged in, Cancel keeps them and goes on', async () => {
    setToken('demo-session');
    const { calls, navigate } = openLink({ current: 'demo' });
    fireEvent.click(await screen.findByRole('button', { name: LoginCodeMessages.cancel }));
    expect(navigate).toHaveBeenCalledWith('/websites?page=2', { replace: true });
    expect(getToken()).toBe('demo-session');
    expect(usedCode(calls)).toBe(false);
  });

  it('with the same account already logged in, goes on without asking or using the code', async () => {
    setToken('mallory-here');
    const { calls, navigate } = openLink({ current: 'Mallory' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/websites?page=2', { replace: true }));
    expect(usedCode(calls)).toBe(false);
    expect(getToken()).toBe('mallory-here');
  });

  it('says so when the code is unknown, used or expired, and offers to log in', async () => {
    openLink({ refuse: true });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(LoginCodeMessages.invalid));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('an account that needs its second step goes to the login page for it, with no session stored', async () => {
    setToken('demo-session');
    const { calls, navigate } = openLink({ current: 'demo', needsSecondStep: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Mallory Stone' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fwebsites%3Fpage%3D2', { replace: true }),
    );
    // The old session ended, and the answer is not the new one.
    expect(calls.some((c) => c.path === '/logout')).toBe(true);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('vp.token')).toBeNull();
    expect(pendingSecondStep()).toEqual(secondStep);
  });
});
