import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../lib/session.ts';
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
});
