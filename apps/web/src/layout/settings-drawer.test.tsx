import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../lib/session.ts';
import { settingsStore } from '../lib/settings.ts';
import { StorageKeys } from '../lib/storage.ts';
import { renderWithClient, serveApi } from '../testing/fake-api.tsx';
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

  it('switches to the dark theme and back to the device, keeping the choice in local settings', async () => {
    serveApi(() => undefined);
    renderWithClient(<SettingsDrawer open onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    expect(settingsStore.get()).toMatchObject({ theme: 'dark', mode: 'dark' });
    expect(localStorage.getItem(StorageKeys.theme)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');

    fireEvent.click(screen.getByRole('radio', { name: 'Device' }));
    expect(settingsStore.get().theme).toBe('system');
    expect(localStorage.getItem(StorageKeys.theme)).toBeNull();
    // jsdom's device has no dark preference.
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
