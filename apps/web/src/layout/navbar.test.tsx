import type { LinkedAccount } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../lib/query-keys.ts';
import { setAccount, setToken } from '../lib/session.ts';
import { getVendor, setVendor } from '../lib/settings.ts';
import { renderWithClient, serveApi } from '../testing/fake-api.tsx';
import { Navbar, READ_ONLY_TITLE } from './navbar.tsx';

const accounts: LinkedAccount[] = [
  { rowKey: 1, licensee: 'Summit Web Solutions', vendorCode: 'SWS', status: true, isPrimary: true },
  { rowKey: 2, licensee: 'Summit Web Solutions West', vendorCode: 'SWS-W', status: true, isPrimary: false },
];

function renderNavbar(
  linked: LinkedAccount[],
  onOpenSettings = vi.fn(),
  { mobile = true, at = '/dashboard' }: { mobile?: boolean; at?: string } = {},
) {
  serveApi((_m, path) => {
    if (path === '/profile')
      return { body: { username: 'demo', firstName: 'Dana', lastName: 'Whitfield', avatar: null } };
    if (path === '/profile/vendors') return { body: linked };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Navbar
            sidebarOpen={false}
            mobile={mobile}
            onToggleSidebar={() => undefined}
            onOpenSettings={onOpenSettings}
          />
        ),
      },
    ],
    { initialEntries: [at] },
  );
  const { client } = renderWithClient(<RouterProvider router={router} />);
  return { client, onOpenSettings };
}

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
  setVendor(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the read-only mark', () => {
  it('a read-only user sees that they are read-only in the top bar; a vendor user does not', async () => {
    setAccount(['viewer'], true);
    renderNavbar(accounts);
    const mark = await screen.findByTestId('read-only-mark');
    expect(mark.textContent).toBe('Read-only');
    fireEvent.focus(mark);
    expect((await screen.findByRole('tooltip')).textContent).toBe(READ_ONLY_TITLE);
  });

  it.each([['vendor'], ['admin']])('is absent for the %s role', async (role) => {
    setAccount([role], true);
    renderNavbar(accounts);
    await screen.findByRole('button', { name: /account menu/i });
    expect(screen.queryByTestId('read-only-mark')).toBeNull();
  });
});

describe('the vendor selector', () => {
  it('is in the top bar of the vendor pages', async () => {
    setAccount(['admin'], true);
    renderNavbar(accounts, vi.fn(), { mobile: false });
    expect(await screen.findByTestId('vendor-selector')).toBeTruthy();
  });

  it('is not on a console page', async () => {
    setAccount(['admin'], true);
    const { client } = renderNavbar(accounts, vi.fn(), { mobile: false, at: '/admin/queue' });
    // The linked accounts have arrived, and still the box is not drawn.
    await waitFor(() => expect(client.getQueryData(queryKeys.profile.vendors)).toBeTruthy());
    await screen.findByRole('button', { name: /account menu/i });
    expect(screen.queryByTestId('vendor-selector')).toBeNull();
  });
});

describe('navbar user menu', () => {
  it('on a phone, switches the vendor account from the user menu', async () => {
    const success = vi.spyOn(message, 'success');
    const { client } = renderNavbar(accounts);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    // Wait for the accounts to be known before opening the menu.
    await waitFor(() => expect(client.getQueryData(queryKeys.profile.vendors)).toBeTruthy());
    fireEvent.click(screen.getByTestId('avatar-menu'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Vendor account')).toBeTruthy();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'SWS·Summit Web Solutions',
      // Each account named whole in the list; only the top bar's narrow box cuts a name.
      'SWS-W·Summit Web Solutions West',
      'Profile',
      'Feedback',
      'Log Out',
    ]);
    expect(items[0]!.className).toContain('ant-dropdown-menu-item-selected');

    fireEvent.click(items[1]!);
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Selected vendor: Summit Web Solutions West', 5),
    );
    expect(getVendor()).toBe(2);
    expect(invalidate).toHaveBeenCalledWith();
  });

  it('with one active account the user menu offers no vendor choice', async () => {
    const { client } = renderNavbar([accounts[0]!, { ...accounts[1]!, status: false }]);
    await waitFor(() => expect(client.getQueryData(queryKeys.profile.vendors)).toBeTruthy());
    fireEvent.click(screen.getByTestId('avatar-menu'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Vendor account')).toBeNull();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Profile', 'Feedback', 'Log Out']);
  });

  it('with many accounts the user menu opens the searchable selector in Settings', async () => {
    const many = Array.from({ length: 9 }, (_, i) => ({
      rowKey: i + 1,
      licensee: `Vendor ${i + 1}`,
      vendorCode: `V${i + 1}`,
      status: true,
      isPrimary: i === 0,
    }));
    const { client, onOpenSettings } = renderNavbar(many);
    await waitFor(() => expect(client.getQueryData(queryKeys.profile.vendors)).toBeTruthy());
    fireEvent.click(screen.getByTestId('avatar-menu'));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Choose vendor account/ }));
    expect(onOpenSettings).toHaveBeenCalled();
  });

  it('the account button opens the menu with the Down Arrow key', async () => {
    renderNavbar([accounts[0]!]);
    const button = screen.getByTestId('avatar-menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('navbar bell', () => {
  function renderWithBell(mobile: boolean, onOpenNotifications = vi.fn()) {
    serveApi((_m, path) => {
      if (path === '/profile')
        return { body: { username: 'demo', firstName: 'Dana', lastName: 'W', avatar: null } };
      if (path === '/profile/vendors') return { body: [accounts[0]] };
      if (path.startsWith('/notifications?')) return { body: { items: [], total: 3, unread: 3 } };
      return undefined;
    });
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <Navbar
              sidebarOpen
              mobile={mobile}
              onToggleSidebar={() => undefined}
              onOpenSettings={() => undefined}
              onOpenNotifications={onOpenNotifications}
            />
          ),
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    renderWithClient(<RouterProvider router={router} />);
    return onOpenNotifications;
  }

  it('shows the count of notifications and opens the drawer', async () => {
    const open = renderWithBell(false);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell.closest('.ant-badge')!.querySelector('.ant-badge-count')!.getAttribute('title')).toBe('3');
    fireEvent.click(bell);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('is hidden on a phone', async () => {
    renderWithBell(true);
    await screen.findByTestId('avatar-menu');
    expect(screen.queryByTestId('notification-bell')).toBeNull();
  });
});
