import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import NotificationsPage from './notifications-page.tsx';

function at(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '*', element: <p>page</p> },
    ],
    { initialEntries: ['/dashboard', entry], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('/notifications', () => {
  it('with a site, opens that website on the Websites page, in place of itself', async () => {
    const router = at('/notifications?site=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'));
    expect(router.state.location.search).toBe('?site=7');
    // Replaced, so Back goes to the page before, not here again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('with several sites, opens the list of those websites, in place of itself', async () => {
    const router = at('/notifications?sites=12,15,31');
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'));
    expect(router.state.location.search).toBe('?ids=12,15,31');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    '/notifications',
    '/notifications?site=abc',
    '/notifications?sites=1,x',
    '/notifications?sites=0',
  ])('%s goes to the dashboard', async (entry) => {
    const router = at(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
