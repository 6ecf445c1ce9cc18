import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, products, renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import WebsitesPage from './websites-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function serveList() {
  return serveApi((method, path) => {
    if (path === '/portal/metadata') return { body: metadata() };
    if (path === '/products') return { body: products };
    if (path.startsWith('/portal/websites?')) {
      const q = new URLSearchParams(path.split('?')[1]);
      const status = (q.get('status') ?? 'Active') as 'Active';
      return {
        body: {
          items: [
            website({ status, rowKey: 7 }),
            website({ status, rowKey: 8, domainName: 'second.example.com' }),
          ],
          total: 2,
        },
      };
    }
    if (path === '/portal/websites/8')
      return { body: website({ rowKey: 8, domainName: 'second.example.com' }) };
    return undefined;
  });
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/websites', element: <WebsitesPage /> }], {
    initialEntries: [url],
  });
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

describe('Websites page', () => {
  it('the route filter preselects the status filter and asks the server for that status', async () => {
    const { calls } = serveList();
    renderAt('/websites?filter=Pending%20Termination');
    expect(await screen.findByText('summit-homes.example.com', {}, { timeout: 5000 })).toBeTruthy();
    const list = calls.find((c) => c.path.startsWith('/portal/websites?'))!;
    const q = new URLSearchParams(list.path.split('?')[1]);
    expect(q.get('status')).toBe('Pending Termination');
    expect(q.get('page')).toBe('1');
    expect(screen.getByTestId('status-filter').textContent).toContain('Inactive (Pending)');
    // Badges show display names, with the tone of the spec's colours.
    const badge = screen.getAllByTestId('site-status')[0]!;
    expect(badge.textContent).toBe('Inactive (Pending)');
    expect(badge.getAttribute('data-tone')).toBe('danger');
    expect(screen.getAllByText('01/15/2026').length).toBeGreaterThan(0);
  });

  it('a site parameter opens that website in the modal', async () => {
    serveList();
    renderAt('/websites?site=8');
    expect(await screen.findByDisplayValue('second.example.com', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Website' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a row click opens the modal; the view action opens the domain in a new tab after 1 s', async () => {
    serveList();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderAt('/websites');
    const cell = await screen.findByText('second.example.com', {}, { timeout: 5000 });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'View second.example.com' }));
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(open).toHaveBeenCalledWith('https://second.example.com', '_blank', 'noopener,noreferrer');
    vi.useRealTimers();
    fireEvent.click(cell);
    expect(await screen.findByDisplayValue('second.example.com', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('free-text search is sent to the server after the typing pause', async () => {
    const { calls } = serveList();
    renderAt('/websites');
    await screen.findByText('second.example.com', {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Search websites'), { target: { value: 'summit' } });
    await waitFor(() => expect(calls.some((c) => c.path.includes('search=summit'))).toBe(true));
  });
});
