import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_DRAWER_WIDTH,
  NOTIFICATION_ROW_HEIGHT,
  NotificationMessages,
  type Notification,
  type NotificationSettings,
} from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Answer } from '../../../testing/fake-api.tsx';
import { NotificationsDrawer } from './notifications-drawer.tsx';

const note = (rowKey: number, over: Partial<Notification> = {}): Notification => ({
  rowKey,
  content: `summit-homes.example.com was modified (${rowKey})`,
  link: `/notifications?site=${rowKey}`,
  createdAt: '2026-03-01T15:04:00.000Z',
  siteId: rowKey,
  read: false,
  ...over,
});

type Route = (method: string, path: string, body: unknown) => Answer | undefined;

function renderDrawer(route: Route, onClose = vi.fn()) {
  const server = serveApi(route);
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <NotificationsDrawer open onClose={onClose} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  renderWithClient(<RouterProvider router={router} />);
  return { ...server, router, onClose };
}

/** A list answered from `items`, a page at a time, less what was dismissed. */
function serveList(items: Notification[], extra?: Route): Route {
  let left = items;
  return (method, path, body) => {
    const answered = extra?.(method, path, body);
    if (answered) return answered;
    const url = new URL(path, 'http://x');
    if (method === 'GET' && url.pathname === '/notifications') {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('pageSize'));
      return {
        body: {
          items: left.slice((page - 1) * size, page * size),
          total: left.length,
          unread: left.filter((n) => !n.read).length,
        },
      };
    }
    const read = /^\/notifications\/(\d+)\/read$/.exec(path);
    if (method === 'PUT' && read) {
      left = left.map((n) => (n.rowKey === Number(read[1]) ? { ...n, read: true } : n));
      return { body: { message: 'Notification read' } };
    }
    if (method === 'PUT' && path === '/notifications/dismiss') {
      const ids = body as number[];
      left = left.filter((n) => !ids.includes(n.rowKey));
      return { body: {} };
    }
    const one = /^\/notifications\/(\d+)\/dismiss$/.exec(path);
    if (method === 'PUT' && one) {
      left = left.filter((n) => n.rowKey !== Number(one[1]));
      return { body: {} };
    }
    return undefined;
  };
}

beforeEach(() => {
  setToken('t');
  setAccount(['viewer'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rows = () => screen.queryAllByTestId('notification-row');
const selectAll = () =>
  screen.getByRole('checkbox', { name: NotificationMessages.selectAll }) as HTMLInputElement;

describe('Notifications drawer', () => {
  it('is 570 px wide with the tabs Notifications and Notification Settings; rows are 40 px, text as text', async () => {
    const markup = '<img src=x onerror=alert(1)> changed';
    renderDrawer(serveList([note(1, { content: markup }), note(2)]));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const drawer = document.querySelector<HTMLElement>('.ant-drawer-content-wrapper')!;
    expect(drawer.style.width).toBe(`${NOTIFICATION_DRAWER_WIDTH}px`);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      NotificationMessages.title,
      NotificationMessages.settingsTitle,
    ]);
    expect(rows()[0]!.style.height).toBe(`${NOTIFICATION_ROW_HEIGHT}px`);
    expect(screen.getByText(markup)).toBeTruthy();
    expect(document.querySelector('.vp-notifications img')).toBeNull();
  });

  it('select-all is indeterminate while only some rows are chosen; Dismiss sends the chosen ids', async () => {
    const { calls } = renderDrawer(serveList([note(1), note(2), note(3)]));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const dismiss = () => screen.getByRole('button', { name: /^Dismiss( \(\d+\))?$/ });
    expect(dismiss().hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(rows()[1]!).getByRole('checkbox'));
    expect(selectAll().checked).toBe(false);
    expect(selectAll().closest('.ant-checkbox')!.className).toContain('ant-checkbox-indeterminate');

    fireEvent.click(selectAll());
    expect(selectAll().checked).toBe(true);
    expect(selectAll().closest('.ant-checkbox')!.className).not.toContain('ant-checkbox-indeterminate');
    fireEvent.click(selectAll());
    expect(rows().every((r) => !(within(r).getByRole('checkbox') as HTMLInputElement).checked)).toBe(true);

    fireEvent.click(within(rows()[0]!).getByRole('checkbox'));
    fireEvent.click(within(rows()[2]!).getByRole('checkbox'));
    fireEvent.click(dismiss());
    expect(await screen.findByText(NotificationMessages.selectedDismissed)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/notifications/dismiss',
      body: [1, 3],
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(selectAll().checked).toBe(false);
  });

  it('a row is dismissed by itself', async () => {
    const { calls } = renderDrawer(serveList([note(1), note(2)]));
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: `Dismiss: ${note(2).content}` }));
    expect(await screen.findByText(NotificationMessages.dismissed)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe('/notifications/2/dismiss');
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('focus stays in the drawer when a dismissal takes away the control that had it', async () => {
    renderDrawer(serveList([note(1), note(2), note(3), note(4)]));
    await waitFor(() => expect(rows()).toHaveLength(4));
    const dismissOf = (n: number) => screen.getByRole('button', { name: `Dismiss: ${note(n).content}` });
    // A row's own dismiss: the row now in its place takes focus.
    dismissOf(2).focus();
    fireEvent.click(dismissOf(2));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await waitFor(() => expect(document.activeElement).toBe(dismissOf(3)));
    // The last row's: the row before it.
    dismissOf(4).focus();
    fireEvent.click(dismissOf(4));
    await waitFor(() => expect(document.activeElement).toBe(dismissOf(3)));
    // Dismiss for the chosen rows, disabled once they are gone: Select all.
    fireEvent.click(within(rows()[0]!).getByRole('checkbox'));
    const dismiss = screen.getByRole('button', { name: /^Dismiss \(1\)$/ });
    dismiss.focus();
    fireEvent.click(dismiss);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(document.activeElement).toBe(selectAll()));
    // Nothing left: the list itself, still inside the drawer.
    dismissOf(3).focus();
    fireEvent.click(dismissOf(3));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('notification-list')));
  });

  it("a row's text opens what it is about and closes the drawer; a link out of the portal is not followed", async () => {
    const { router, onClose } = renderDrawer(
      serveList([note(7), note(8, { content: 'Elsewhere', link: 'https://example.com/x' })]),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[1]!).queryByRole('link')).toBeNull();
    fireEvent.click(within(rows()[0]!).getByRole('link', { name: note(7).content }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    expect(router.state.location.search).toBe('?site=7');
    expect(onClose).toHaveBeenCalled();
  });

  it('opening a notification marks it read: its mark goes, and the bell counts one less', async () => {
    const { calls } = renderDrawer(serveList([note(7), note(8), note(9, { read: true })]));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const marks = () => rows().map((r) => within(r).getByTestId('unread-mark').hidden);
    expect(marks()).toEqual([false, false, true]);
    expect(within(rows()[0]!).getByText('Unread')).toBeTruthy();
    const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.path);
    // Opened in a new tab (a modified click): read, and the drawer stays with it marked so.
    fireEvent.click(within(rows()[1]!).getByRole('link', { name: note(8).content }), { ctrlKey: true });
    await waitFor(() => expect(puts()).toEqual(['/notifications/8/read']));
    await waitFor(() => expect(marks()).toEqual([false, true, true]));
    // Opening one already read asks nothing more.
    fireEvent.click(within(rows()[2]!).getByRole('link', { name: note(9).content }), { ctrlKey: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(puts()).toEqual(['/notifications/8/read']);
    // A plain click reads it and goes to what it is about.
    fireEvent.click(within(rows()[0]!).getByRole('link', { name: note(7).content }));
    await waitFor(() => expect(puts()).toEqual(['/notifications/8/read', '/notifications/7/read']));
  });

  it('a notification about several sites opens the list of those sites', async () => {
    const { router } = renderDrawer(
      serveList([
        note(5, { content: '3 websites were imported', link: '/notifications?sites=4,5,6', siteId: null }),
      ]),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]!).getByRole('link', { name: '3 websites were imported' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sites=4,5,6'));
  });

  it('Load more fetches the next page until all are shown', async () => {
    const items = Array.from({ length: 25 }, (_, i) => note(i + 1));
    renderDrawer(serveList(items));
    await waitFor(() => expect(rows()).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('Notification Settings: Email and Push per item, grouped; Save sends them all', async () => {
    let saved: NotificationSettings | null = null;
    const { calls } = renderDrawer(
      serveList([], (method, path, body) => {
        if (path !== '/profile/preferences/notifications') return undefined;
        if (method === 'PUT') saved = body as NotificationSettings;
        return { body: saved ?? DEFAULT_NOTIFICATION_SETTINGS };
      }),
    );
    fireEvent.click(await screen.findByRole('tab', { name: NotificationMessages.settingsTitle }));
    const form = await screen.findByTestId('notification-settings');
    for (const group of ['Websites', 'Comments', 'Files', 'Site Access Forms'])
      expect(within(form).getByRole('rowheader', { name: group })).toBeTruthy();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    const modifyEmail = within(form).getByRole('switch', { name: 'A website is modified: Email' });
    expect(modifyEmail.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(modifyEmail);
    fireEvent.click(within(form).getByRole('switch', { name: 'A website file is uploaded: Push' }));
    fireEvent.click(save);
    expect(await screen.findByText(NotificationMessages.settingsUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      websites: { ...DEFAULT_NOTIFICATION_SETTINGS.websites, modify: { email: true, push: true } },
      files: { ...DEFAULT_NOTIFICATION_SETTINGS.files, websiteCreate: { email: false, push: false } },
    });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    expect(modifyEmail.getAttribute('aria-checked')).toBe('true');
  });
});
