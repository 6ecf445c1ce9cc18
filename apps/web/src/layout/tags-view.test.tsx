import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { restoredViews, tagsActions, tagsStore, VISITED_VIEWS_KEY } from './tags-store.ts';
import { TagsView } from './tags-view.tsx';
import { resetToken } from '../lib/session.ts';

function renderAt(path: string) {
  const router = createMemoryRouter(
    ['/dashboard', '/profile', '/feedback', '/changelog', '/redirect/*'].map((p) => ({
      path: p,
      element: <TagsView />,
    })),
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const tabPaths = () => tagsStore.get().map((v) => v.path);

describe('tags view', () => {
  beforeEach(() => resetToken());

  it('starts with the affixed Dashboard, which has no close button', () => {
    renderAt('/dashboard');
    expect(tabPaths()).toEqual(['/dashboard']);
    expect(screen.queryByRole('button', { name: 'Close Dashboard' })).toBeNull();
  });

  it('the visited pages come back after a reload of the browser tab, and go at sign-out', () => {
    for (const p of ['/profile', '/feedback']) tagsActions.visit({ path: p, fullPath: `${p}?x=1`, title: p });
    // What a reload reads back: the pinned Dashboard, then the pages in their order, queries kept.
    expect(restoredViews()).toEqual([
      { path: '/dashboard', fullPath: '/dashboard', title: 'Dashboard', affix: true },
      { path: '/profile', fullPath: '/profile?x=1', title: '/profile' },
      { path: '/feedback', fullPath: '/feedback?x=1', title: '/feedback' },
    ]);
    // Anything else in storage (an unknown page, a foreign address, a broken value) is left out.
    sessionStorage.setItem(
      VISITED_VIEWS_KEY,
      JSON.stringify([
        { path: '/nowhere', fullPath: '/nowhere', title: 'x' },
        { path: '/feedback', fullPath: 'https://evil.example/', title: 'x' },
        { path: '/profile', fullPath: '/profile', title: 'Profile' },
        'junk',
      ]),
    );
    expect(restoredViews().map((v) => v.fullPath)).toEqual(['/dashboard', '/profile']);
    sessionStorage.setItem(VISITED_VIEWS_KEY, '{not json');
    expect(restoredViews().map((v) => v.path)).toEqual(['/dashboard']);
    tagsActions.visit({ path: '/profile', fullPath: '/profile', title: 'Profile' });
    resetToken();
    expect(sessionStorage.getItem(VISITED_VIEWS_KEY)).toBeNull();
    expect(restoredViews().map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('Close Others keeps the affixed Dashboard and the chosen tab', () => {
    for (const p of ['/profile', '/feedback', '/changelog'])
      tagsActions.visit({ path: p, fullPath: p, title: p });
    tagsActions.closeOthers('/feedback');
    expect(tabPaths()).toEqual(['/dashboard', '/feedback']);
  });

  it('Close All leaves only the affixed tab, and Close never removes it', () => {
    for (const p of ['/profile', '/feedback']) tagsActions.visit({ path: p, fullPath: p, title: p });
    tagsActions.close('/dashboard');
    expect(tabPaths()).toEqual(['/dashboard', '/profile', '/feedback']);
    tagsActions.closeAll();
    expect(tabPaths()).toEqual(['/dashboard']);
  });

  it('right-click menu: Close Others on the current page, then Close All goes to the Dashboard', async () => {
    const router = renderAt('/profile');
    await act(() => router.navigate('/feedback'));
    await act(() => router.navigate('/changelog'));
    expect(tabPaths()).toEqual(['/dashboard', '/profile', '/feedback', '/changelog']);

    const tabs = screen.getByTestId('tags-view');
    fireEvent.contextMenu(within(tabs).getByText('Changelog'));
    fireEvent.click(await screen.findByText('Close Others'));
    expect(tabPaths()).toEqual(['/dashboard', '/changelog']);
    expect(router.state.location.pathname).toBe('/changelog');

    fireEvent.contextMenu(within(tabs).getByText('Changelog'));
    const closeAll = await screen.findAllByText('Close All');
    fireEvent.click(closeAll[closeAll.length - 1]!);
    expect(tabPaths()).toEqual(['/dashboard']);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('the right-click menu opens under its tab, leaving the tab in sight', async () => {
    const router = renderAt('/profile');
    await act(() => router.navigate('/feedback'));
    const tab = within(screen.getByTestId('tags-view'))
      .getByText('Feedback')
      .closest<HTMLElement>('.vp-tag')!;
    const rect = { left: 120, right: 200, top: 60, bottom: 88, width: 80, height: 28, x: 120, y: 60 };
    tab.getBoundingClientRect = () => ({ ...rect, toJSON: () => rect }) as DOMRect;
    // By mouse, at the pointer's left; by keyboard (no pointer), at the tab's left.
    fireEvent.contextMenu(tab, { clientX: 150, clientY: 70 });
    const menu = await screen.findByTestId('tags-context-menu');
    expect([menu.style.left, menu.style.top]).toEqual(['150px', '90px']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    fireEvent.contextMenu(tab, { clientX: 0, clientY: 0 });
    const again = await screen.findByTestId('tags-context-menu');
    expect([again.style.left, again.style.top]).toEqual(['120px', '90px']);
    // Near the window's right edge it stays whole on the screen.
    fireEvent.keyDown(again, { key: 'Escape' });
    fireEvent.contextMenu(tab, { clientX: window.innerWidth - 20, clientY: 70 });
    const edge = await screen.findByTestId('tags-context-menu');
    expect(edge.style.left).toBe(`${window.innerWidth - 180}px`);
  });

  it('the close button of the current tab goes to the last remaining tab', async () => {
    const router = renderAt('/profile');
    await act(() => router.navigate('/feedback'));
    fireEvent.click(screen.getByRole('button', { name: 'Close Feedback' }));
    expect(tabPaths()).toEqual(['/dashboard', '/profile']);
    expect(router.state.location.pathname).toBe('/profile');
  });
});

describe('tags view by keyboard', () => {
  beforeEach(() => resetToken());

  it('is one Tab stop, the current page; the arrows, Home and End move along it, Delete closes a tab', async () => {
    for (const p of ['/profile', '/feedback', '/changelog'])
      tagsActions.visit({ path: p, fullPath: p, title: p });
    const router = renderAt('/feedback');
    const links = () => within(screen.getByTestId('tags-view')).getAllByRole('link');
    expect(links().map((l) => l.tabIndex)).toEqual([-1, -1, 0, -1]);
    // The close buttons are the pointer's: no Tab stops of their own.
    for (const b of within(screen.getByTestId('tags-view')).getAllByRole('button'))
      expect(b.tabIndex).toBe(-1);

    links()[2]!.focus();
    fireEvent.keyDown(links()[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(links()[3]);
    fireEvent.keyDown(links()[3]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(links()[0]);
    fireEvent.keyDown(links()[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(links()[3]);
    fireEvent.keyDown(links()[3]!, { key: 'Home' });
    expect(document.activeElement).toBe(links()[0]);
    // The affixed Dashboard does not close.
    fireEvent.keyDown(links()[0]!, { key: 'Delete' });
    expect(tabPaths()).toEqual(['/dashboard', '/profile', '/feedback', '/changelog']);
    fireEvent.keyDown(links()[0]!, { key: 'End' });
    expect(document.activeElement).toBe(links()[3]);

    // Delete on another page's tab closes it; focus stays in the bar, on the tab now in its place.
    links()[1]!.focus();
    fireEvent.keyDown(links()[1]!, { key: 'Delete' });
    expect(tabPaths()).toEqual(['/dashboard', '/feedback', '/changelog']);
    expect(document.activeElement).toBe(links()[1]);
    expect(router.state.location.pathname).toBe('/feedback');
  });
});
