import type { Profile } from '@vp/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endFirstPaint, firstPaintPage, firstPaintShown } from '../lib/first-paint.ts';
import { http } from '../lib/http.ts';
import { resetToken, setToken } from '../lib/session.ts';
import { metadata, serveApi, website } from '../testing/fake-api.tsx';
import { FirstPaint, showFirstPaint } from './first-paint.tsx';

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  id: 1,
  username: 'dana',
  role: 'vendor',
  rolename: 'Vendor',
  email: 'dana@example.test',
  firstName: 'Dana',
  lastName: 'Whitfield',
  vendor: 1,
  acceptedTOS: true,
  active: true,
  avatar: null,
  pendingEmail: null,
  ...overrides,
});

const sites = [
  website({ rowKey: 11, domainName: 'first-site.example', licensee: 'Ann Lee' }),
  website({ rowKey: 12, domainName: 'second-site.example', licensee: 'Bo Chan' }),
];

/** Each test has its own session, so early answers of another test are never taken. */
let session = 0;
function signIn(path: string) {
  session += 1;
  setToken(`first-paint-${session}`);
  window.history.replaceState(null, '', path);
}

function api(user: Profile = profile()) {
  return serveApi((method, path) => {
    if (path === '/profile') return { body: user };
    if (path === '/portal/metadata')
      return { body: { ...metadata(true), vendorName: 'Summit Web Solutions' } };
    if (path.startsWith('/portal/websites?')) return { body: { items: sites, total: 2 } };
    return undefined;
  });
}

afterEach(() => {
  endFirstPaint();
  resetToken();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('which addresses have a first paint', () => {
  it('the dashboard and the websites list, only with a session', () => {
    expect(firstPaintPage('/dashboard')).toBeNull();
    signIn('/dashboard');
    expect(firstPaintPage('/dashboard')).toBe('dashboard');
    expect(firstPaintPage('/websites')).toBe('websites');
    expect(firstPaintPage('/profile')).toBeNull();
    expect(firstPaintPage('/login')).toBeNull();
  });
});

describe('the first paint', () => {
  it('draws the shell and the dashboard figures from the early calls, which the app then takes', async () => {
    signIn('/dashboard');
    const { fetchMock } = api();
    const shown = vi.fn();
    render(<FirstPaint page="dashboard" path="/dashboard" search="" startApp={vi.fn()} onShown={shown} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summit Web Solutions' })).toBeTruthy();
    expect(shown).toHaveBeenCalledTimes(1);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Websites' })).toBeTruthy();
    // The vendor has a data feed: its screen is under Tools, which the menu offers.
    expect(within(nav).getByRole('link', { name: 'Tools' })).toBeTruthy();
    expect(screen.getByText('Total sites')).toBeTruthy();
    expect(screen.getByText('Sites missing documents')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Total sites/ }).getAttribute('href')).toBe('/websites');
    expect(screen.getByText('Dana Whitfield')).toBeTruthy();
    // The page's own requests take the answers the first paint read: each call was made once.
    expect(await http.get('/portal/metadata')).toMatchObject({ vendorName: 'Summit Web Solutions' });
    expect(await http.get('/profile')).toMatchObject({ username: 'dana' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/profile',
      '/api/portal/metadata',
    ]);
  });

  it('draws the first page of websites the URL names, as a table on a wide screen', async () => {
    signIn('/websites?page=2&sort=licensee');
    const { calls } = api();
    render(
      <FirstPaint
        page="websites"
        path="/websites"
        search="?page=2&sort=licensee"
        startApp={vi.fn()}
        onShown={vi.fn()}
      />,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Domain' })).toBeTruthy();
    expect(within(table).getByText('first-site.example')).toBeTruthy();
    expect(within(table).getByText('Bo Chan')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/portal/websites?page=2&pageSize=50&sort=licensee&order=asc');
    expect(screen.getByRole('heading', { level: 1, name: 'Websites' })).toBeTruthy();
  });

  it('on a phone: a card per site and no sidebar', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      signIn('/websites');
      api();
      render(<FirstPaint page="websites" path="/websites" search="" startApp={vi.fn()} onShown={vi.fn()} />);
      const list = await screen.findByRole('list', { name: 'Websites' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    } finally {
      window.innerWidth = width;
    }
  });

  it('asks a user who has not accepted the terms for no vendor data, and still hands over', async () => {
    signIn('/dashboard');
    const { calls } = api(profile({ acceptedTOS: false }));
    const shown = vi.fn();
    render(<FirstPaint page="dashboard" path="/dashboard" search="" startApp={vi.fn()} onShown={shown} />);
    await waitFor(() => expect(shown).toHaveBeenCalled());
    expect(calls.map((c) => c.path)).toEqual(['/profile']);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

describe('the hand-over', () => {
  it('covers the app root, starts the app once drawn, and ending it shows the root in its place', async () => {
    signIn('/dashboard');
    api();
    const appRoot = document.createElement('div');
    document.body.append(appRoot);
    const startApp = vi.fn();
    act(() => showFirstPaint('dashboard', appRoot, startApp));
    expect(appRoot.dataset.covered).toBe('');
    expect(firstPaintShown()).toBe(true);
    expect(await screen.findByTestId('first-paint')).toBeTruthy();
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    act(() => endFirstPaint());
    expect(appRoot.dataset.covered).toBeUndefined();
    expect(screen.queryByTestId('first-paint')).toBeNull();
    expect(firstPaintShown()).toBe(false);
    appRoot.remove();
  });
});
