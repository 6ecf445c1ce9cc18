import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../lib/navigation.ts';
import { resetToken, setToken } from '../lib/session.ts';
import { isLightLocation, LightApp, settleLoginCodeLink } from './light-app.tsx';

afterEach(() => {
  resetToken();
  window.history.replaceState(null, '', '/');
});

const at = (path: string) => new URL(path, 'http://portal.test');

describe('which addresses the light app shows', () => {
  it.each([
    ['/login', true],
    ['/login?redirect=%2Fwebsites', true],
    ['/forgotpassword', true],
    ['/reset', true],
    ['/email?token=abc', true],
    // A login code goes to the page that asks first (settleLoginCodeLink), which is light.
    ['/login?token=abc', false],
    ['/auth-redirect?token=abc&redirect=%2Fwebsites', true],
    // Pages inside the shell, or that need a session.
    ['/password?token=abc', false],
    ['/tos', false],
    ['/404', false],
    ['/dashboard', false],
    ['/sign/tok_1-a', true],
    ['/verify', true],
    ['/sign/', false],
    ['/sign', false],
  ])('%s: %s', (path, light) => {
    expect(isLightLocation(at(path))).toBe(light);
  });

  it('never with a session: the guard decides what a signed-in user sees', () => {
    setToken('tok-1');
    expect(isLightLocation(at('/login'))).toBe(false);
    expect(isLightLocation(at('/forgotpassword'))).toBe(false);
  });

  it('a signing link, the verify page and a login link stay light for a signed-in user, who is not sent away', () => {
    setToken('tok-1');
    expect(isLightLocation(at('/sign/tok_1-a'))).toBe(true);
    expect(isLightLocation(at('/verify'))).toBe(true);
    expect(isLightLocation(at('/auth-redirect?token=abc'))).toBe(true);
  });

  it('a link with a login code becomes, in place, the page that asks before using it', () => {
    window.history.replaceState(null, '', '/websites?page=2&token=abc');
    settleLoginCodeLink();
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/auth-redirect?token=abc&redirect=%2Fwebsites%3Fpage%3D2',
    );
    expect(isLightLocation(new URL(window.location.href))).toBe(true);
    // Any other address stays as it is.
    window.history.replaceState(null, '', '/email?token=mail');
    settleLoginCodeLink();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/email?token=mail');
  });
});

describe('light app', () => {
  it('moves between the light pages itself and hands any other address to the full app', async () => {
    window.history.replaceState(null, '', '/login');
    const onLeave = vi.fn();
    render(<LightApp onLeave={onLeave} />);

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Login/));

    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    expect(window.location.pathname).toBe('/forgotpassword');

    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(onLeave).not.toHaveBeenCalled();

    act(() => navigateTo('/dashboard?x=1'));
    await waitFor(() => expect(onLeave).toHaveBeenCalled());
    expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard?x=1');
  });
});
