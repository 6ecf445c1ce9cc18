import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import CustomExportPage from './custom-export-page.tsx';

const runner = vi.hoisted(() => ({
  exportFilteredWebsites: vi.fn(async (_filter: unknown, _keys: unknown) => ({
    rows: 120,
    fileName: 'SWS-websites-2026-11-25.xlsx',
  })),
  exportSelectedWebsites: vi.fn(async (_sites: unknown, _keys: unknown) => ({
    rows: 1,
    fileName: 'SWS-websites-2026-11-25.xlsx',
  })),
}));
vi.mock('../../websites/export/run-export.ts', () => runner);

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
  runner.exportFilteredWebsites.mockClear();
  runner.exportSelectedWebsites.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** 120 websites, served a page at a time. */
function serveMany() {
  return serveApi((_m, path) => {
    if (!path.startsWith('/portal/websites?')) return undefined;
    const q = new URLSearchParams(path.split('?')[1]);
    const page = Number(q.get('page'));
    const size = Number(q.get('pageSize'));
    const items = Array.from({ length: Math.min(size, 120 - (page - 1) * size) }, (_, i) => {
      const n = (page - 1) * size + i + 1;
      return website({ rowKey: n, domainName: `site-${n}.example.com` });
    });
    return { body: { items, total: 120 } };
  });
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/tools/export-selected-excel', element: <CustomExportPage /> }],
    {
      initialEntries: [url],
    },
  );
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

const exportButton = () => screen.getByTestId('custom-export-button') as HTMLButtonElement;

describe('Custom Export', () => {
  it('the header checkbox offers every website across pages, and Export writes the whole filtered list', async () => {
    serveMany();
    renderAt('/tools/export-selected-excel?filter=Active');
    await screen.findByText('site-1.example.com', {}, { timeout: 5000 });
    const header = screen.getAllByRole('checkbox', { name: /select all/i })[0]!;
    fireEvent.click(header);
    expect(screen.getByTestId('selected-count').textContent).toBe('50 selected');
    const offer = screen.getByTestId('select-all-offer');
    expect(offer.textContent).toContain('All 50 websites on this page are selected.');
    fireEvent.click(within(offer).getByRole('button', { name: 'Select all 120 websites' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('120 selected');
    expect(screen.getByTestId('select-all-offer').textContent).toContain('All 120 websites are selected.');

    // Every row of another page is selected too.
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('site-101.example.com');
    const rows = screen.getAllByRole('row').filter((r) => r.classList.contains('ant-table-row'));
    expect(rows.every((r) => (within(r).getByRole('checkbox') as HTMLInputElement).checked)).toBe(true);

    fireEvent.click(exportButton());
    await waitFor(() => expect(runner.exportFilteredWebsites).toHaveBeenCalledTimes(1));
    expect(runner.exportFilteredWebsites.mock.calls[0]![0]).toEqual({
      status: 'Active',
      search: undefined,
      sort: 'domainName',
      order: 'asc',
    });
    expect(runner.exportSelectedWebsites).not.toHaveBeenCalled();
  });

  it('unticking a row after selecting all goes back to the rows picked by hand', async () => {
    serveMany();
    renderAt('/tools/export-selected-excel');
    await screen.findByText('site-1.example.com', {}, { timeout: 5000 });
    fireEvent.click(screen.getAllByRole('checkbox', { name: /select all/i })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Select all 120 websites' }));
    const first = screen.getByText('site-1.example.com').closest('tr')!;
    fireEvent.click(within(first).getByRole('checkbox'));
    expect(screen.getByTestId('selected-count').textContent).toBe('49 selected');
  });

  it('Export says why it is disabled: nothing selected, or no column chosen', async () => {
    serveMany();
    renderAt('/tools/export-selected-excel');
    await screen.findByText('site-1.example.com', {}, { timeout: 5000 });
    expect(exportButton().disabled).toBe(true);
    expect(screen.getByTestId('export-blocker').textContent).toBe('Select the websites to export.');
    expect(exportButton().getAttribute('aria-describedby')).toBe('export-blocker');

    fireEvent.click(within(screen.getByText('site-2.example.com').closest('tr')!).getByRole('checkbox'));
    expect(exportButton().disabled).toBe(false);
    expect(screen.queryByTestId('export-blocker')).toBeNull();

    const picker = screen.getByTestId('column-picker');
    for (const box of within(picker).getAllByRole('checkbox')) fireEvent.click(box);
    expect(exportButton().disabled).toBe(true);
    expect(screen.getByTestId('export-blocker').textContent).toBe('Choose at least one column to export.');
  });

  it('an empty search says so and offers to clear it', async () => {
    serveApi((_m, path) =>
      path.startsWith('/portal/websites?') ? { body: { items: [], total: 0 } } : undefined,
    );
    renderAt('/tools/export-selected-excel?search=nothing');
    expect(await screen.findByText('No websites match "nothing".', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear the search' })).toBeTruthy();
  });
});
