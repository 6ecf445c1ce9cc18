import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../lib/session.ts';
import { settingsStore } from '../lib/settings.ts';
import { StorageKeys } from '../lib/storage.ts';
import { profile, renderWithClient, serveApi } from '../testing/fake-api.tsx';
import { SettingsDrawer } from './settings-drawer.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['viewer'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings drawer', () => {
  it('reaches the notifications, with their count (the bell is hidden on phones)', async () => {
    serveApi((_m, path) =>
      path.startsWith('/notifications?') ? { body: { items: [], total: 2, unread: 2 } } : undefined,
    );
    const open = vi.fn();
    renderWithClient(<SettingsDrawer open onClose={() => undefined} onOpenNotifications={open} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('switches to the dark theme and back to the device at once, keeping the choice with the account', async () => {
    const { calls } = serveApi((method, path, body) =>
      method === 'PUT' && path === '/profile/preferences/display'
        ? { body: { ...profile(), theme: (body as { theme: string }).theme } }
        : undefined,
    );
    renderWithClient(<SettingsDrawer open onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    expect(settingsStore.get()).toMatchObject({ theme: 'dark', mode: 'dark' });
    expect(localStorage.getItem(StorageKeys.theme)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ theme: 'dark' }]),
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Device' }));
    expect(settingsStore.get().theme).toBe('system');
    expect(localStorage.getItem(StorageKeys.theme)).toBeNull();
    // The test's device has no dark preference.
    expect(document.documentElement.dataset.theme).toBe('light');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { theme: 'dark' },
        { theme: 'system' },
      ]),
    );
    expect(screen.getByText('Kept with your account, in every browser.')).toBeTruthy();
  });
});
