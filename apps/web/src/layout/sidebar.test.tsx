import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccount, setToken } from '../lib/session.ts';
import { Sidebar } from './sidebar.tsx';

function renderSidebar(path: string, open: boolean, mobile = false) {
  const router = createMemoryRouter(
    [{ path: '*', element: <Sidebar open={open} mobile={mobile} onNavigate={() => undefined} /> }],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** The flyout of a collapsed menu, rendered outside the sidebar. */
const flyout = () => document.querySelector('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)');

// Let the menu's open transitions and popups settle.
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});

describe('sidebar', () => {
  it('a page chosen from the menu takes focus to its heading once it is shown', async () => {
    const page = (title: string) => <h1>{title}</h1>;
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <Sidebar open mobile={false} onNavigate={() => undefined} />
              <main id="main">
                <Outlet />
              </main>
            </>
          ),
          children: [
            { path: 'dashboard', element: page('Dashboard') },
            // A page whose code arrives a moment later, as the lazy pages do.
            {
              path: 'feedback',
              lazy: async () => {
                await new Promise((r) => setTimeout(r, 100));
                return { element: page('Feedback') };
              },
            },
          ],
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(<RouterProvider router={router} />);
    await settle();
    fireEvent.click(screen.getByRole('menuitem', { name: /Feedback/ }));
    const heading = await screen.findByRole('heading', { name: 'Feedback' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('expanded on a Tools page, it opens the Tools section with the page selected', async () => {
    renderSidebar('/tools/export-selected-excel', true);
    await settle();
    const item = screen.getByRole('menuitem', { name: /Custom Export/ });
    expect(item.closest('.ant-menu-item-selected')).not.toBeNull();
    expect(flyout()).toBeNull();
  });

  it.each([
    ['collapsed on a desktop', false],
    ['closed on a phone', true],
  ])('%s, a fresh load of a Tools page opens no flyout over the page', async (_, mobile) => {
    renderSidebar('/tools/export-selected-excel', false, mobile);
    await settle();
    expect(flyout()).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /Custom Export/ })).toBeNull();
  });

  it('on a phone, the menu is drawn when the sidebar first opens, and stays for its closing slide', async () => {
    const router = (open: boolean) =>
      createMemoryRouter(
        [{ path: '*', element: <Sidebar open={open} mobile onNavigate={() => undefined} /> }],
        { initialEntries: ['/dashboard'] },
      );
    const view = render(<RouterProvider router={router(false)} />);
    await settle();
    expect(screen.getByTestId('sidebar').querySelector('.ant-menu')).toBeNull();
    view.rerender(<RouterProvider router={router(true)} />);
    await settle();
    expect(screen.getByRole('menuitem', { name: /Dashboard/ })).toBeTruthy();
    view.rerender(<RouterProvider router={router(false)} />);
    await settle();
    expect(screen.getByTestId('sidebar').querySelector('.ant-menu')).not.toBeNull();
  });

  it('collapsed, the flyout still opens when the user asks for the section', async () => {
    renderSidebar('/tools/export-selected-excel', false);
    await settle();
    const tools = screen.getByRole('menuitem', { name: /Tools/ });
    tools.focus();
    fireEvent.keyDown(tools, { key: 'ArrowRight', keyCode: 39, which: 39 });
    await settle();
    await screen.findByRole('menuitem', { name: /Custom Export/ }, { timeout: 3000 });
    expect(flyout()).not.toBeNull();
  });

  it.each(['vendor', 'viewer'])('a %s has no MLS Console in the menu', async (role) => {
    setAccount([role], true);
    renderSidebar('/dashboard', true);
    await settle();
    expect(screen.getByRole('menuitem', { name: /Dashboard/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Console/ })).toBeNull();
    expect(screen.queryByText('Approval Queue')).toBeNull();
    expect(screen.queryByText('Reports')).toBeNull();
    expect(screen.queryByText('Jobs')).toBeNull();
    expect(screen.queryByText('Compliance rules')).toBeNull();
  });

  it('the admin role has the MLS Console with its Approval Queue', async () => {
    setAccount(['admin'], true);
    renderSidebar('/admin/queue', true);
    await settle();
    expect(screen.getByRole('menuitem', { name: /MLS Console/ })).toBeTruthy();
    const item = screen.getByRole('menuitem', { name: /Approval Queue/ });
    expect(item.closest('.ant-menu-item-selected')).not.toBeNull();
  });

  it('the MLS Console lists Reports and Jobs for the admin role', async () => {
    setAccount(['admin'], true);
    renderSidebar('/admin/reports', true);
    await settle();
    const reports = screen.getByRole('menuitem', { name: /Reports/ });
    expect(reports.closest('.ant-menu-item-selected')).not.toBeNull();
    expect(screen.getByRole('menuitem', { name: /Jobs/ })).toBeTruthy();
  });

  it('the MLS Console lists Compliance rules for the admin role, selected on its page', async () => {
    setAccount(['admin'], true);
    renderSidebar('/admin/compliance-rules', true);
    await settle();
    const rules = screen.getByRole('menuitem', { name: /Compliance rules/ });
    expect(rules.closest('.ant-menu-item-selected')).not.toBeNull();
  });

  it('the MLS Console lists Compliance for the admin role, selected on its page', async () => {
    setAccount(['admin'], true);
    renderSidebar('/admin/compliance', true);
    await settle();
    const compliance = screen.getByRole('menuitem', { name: /^Compliance$/ });
    expect(compliance.closest('.ant-menu-item-selected')).not.toBeNull();
    expect(
      screen.getByRole('menuitem', { name: /Compliance rules/ }).closest('.ant-menu-item-selected'),
    ).toBeNull();
  });
});
