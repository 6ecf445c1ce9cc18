import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { json, metadata, renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import DashboardPage from './dashboard-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDashboard() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/websites', element: <p>Websites list</p> },
      { path: '/tools/upload-file', element: <p>Upload File page</p> },
      { path: '/team', element: <p>Key Contacts page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

describe('Dashboard page', () => {
  it('shows zero missing documents without the warning tone, and a non-zero count with it', async () => {
    serveApi((_m, path) =>
      path === '/portal/metadata'
        ? { body: { ...metadata(), missingDocs: 0, missingSiteDocs: 3 } }
        : undefined,
    );
    renderDashboard();
    const missing = await screen.findByTestId('dashboard-card-missingDocs');
    expect(missing.getAttribute('data-tone')).not.toBe('warning');
    expect(missing.className).not.toContain('vp-tone-warning');
    const sites = screen.getByTestId('dashboard-card-missingSiteDocs');
    expect(sites.getAttribute('data-tone')).toBe('warning');
  });

  it('names the missing required contact types beside the missing documents, and opens Key Contacts', async () => {
    serveApi((_m, path) =>
      path === '/portal/metadata'
        ? { body: { ...metadata(), missingContactTypes: ['Technical', 'Billing'] } }
        : undefined,
    );
    const router = renderDashboard();
    const card = await screen.findByTestId('dashboard-card-missingContacts');
    expect(card.getAttribute('data-tone')).toBe('warning');
    expect(within(card).getByText('Missing key contacts: Technical, Billing')).toBeTruthy();
    const link = card.closest('a');
    expect(link?.getAttribute('href')).toBe('/team');
    fireEvent.click(within(card).getByText('Missing key contacts'));
    expect(await screen.findByText('Key Contacts page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/team');
  });

  it('says every required contact type has a contact when none is missing', async () => {
    serveApi((_m, path) => (path === '/portal/metadata' ? { body: metadata() } : undefined));
    renderDashboard();
    const card = await screen.findByTestId('dashboard-card-missingContacts');
    expect(card.getAttribute('data-tone')).not.toBe('warning');
    expect(within(card).getByText('Every required type has a contact')).toBeTruthy();
  });

  it('the Missing documents card names the missing types, says where they go, and opens the Upload File page', async () => {
    serveApi((_m, path) =>
      path === '/portal/metadata'
        ? { body: { ...metadata(), missingDocs: 2, missingDocTypes: ['Vendor License Agreement', 'W-9'] } }
        : undefined,
    );
    const router = renderDashboard();
    const missing = await screen.findByTestId('dashboard-card-missingDocs');
    expect(screen.getByTestId('dashboard-detail-missingDocs').textContent).toBe(
      'Not on file: Vendor License Agreement, W-9. Upload them on Tools › Upload File.',
    );
    const link = missing.closest('a');
    expect(link?.getAttribute('href')).toBe('/tools/upload-file');
    expect(link?.textContent).toContain('upload documents');
    fireEvent.click(within(missing).getByText('Missing documents'));
    expect(await screen.findByText('Upload File page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tools/upload-file');
  });

  it('to the read-only role the Missing documents card names the types without offering to upload', async () => {
    setAccount(['viewer'], true);
    serveApi((_m, path) =>
      path === '/portal/metadata'
        ? { body: { ...metadata(), missingDocs: 1, missingDocTypes: ['W-9'] } }
        : undefined,
    );
    renderDashboard();
    const missing = await screen.findByTestId('dashboard-card-missingDocs');
    expect(screen.getByTestId('dashboard-detail-missingDocs').textContent).toBe('Not on file: W-9');
    const link = missing.closest('a');
    expect(link?.textContent).toContain(': files');
    expect(link?.textContent).not.toContain('upload');
  });

  it('says every required document is on file when none is missing', async () => {
    serveApi((_m, path) => (path === '/portal/metadata' ? { body: metadata() } : undefined));
    renderDashboard();
    await screen.findByTestId('dashboard-card-missingDocs');
    expect(screen.getByTestId('dashboard-detail-missingDocs').textContent).toBe(
      'Every required document is on file',
    );
  });

  it('the Sites missing documents card opens the websites list filtered to those sites', async () => {
    serveApi((_m, path) =>
      path === '/portal/metadata' ? { body: { ...metadata(), missingSiteDocs: 4 } } : undefined,
    );
    const router = renderDashboard();
    const sites = await screen.findByTestId('dashboard-card-missingSiteDocs');
    const link = sites.closest('a');
    expect(link?.getAttribute('href')).toBe('/websites?missing=documents');
    expect(link?.textContent).toContain('the websites missing documents');
    fireEvent.click(within(sites).getByText('Sites missing documents'));
    expect(await screen.findByText('Websites list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/websites');
    expect(router.state.location.search).toBe('?missing=documents');
  });

  it('the Compliance findings card counts the sites with a finding open and opens them in the list', async () => {
    serveApi((_m, path) =>
      path === '/portal/metadata' ? { body: { ...metadata(), sitesWithFindings: 2 } } : undefined,
    );
    renderDashboard();
    const card = await screen.findByTestId('dashboard-card-sitesWithFindings');
    expect(card.textContent).toContain('Compliance findings');
    expect(card.textContent).toContain('2');
    const link = card.closest('a');
    expect(link?.getAttribute('href')).toBe('/websites?missing=compliance');
    expect(link?.textContent).toContain('the websites with open compliance findings');
    expect(screen.getByTestId('dashboard-detail-sitesWithFindings').textContent).toBe(
      "Websites have open findings: see each one's Compliance tab",
    );
  });

  it('the Total sites card opens the websites list with no filter, like the status cards', async () => {
    serveApi((_m, path) => (path === '/portal/metadata' ? { body: metadata() } : undefined));
    const router = renderDashboard();
    const total = await screen.findByTestId('dashboard-card-totalSites');
    const link = total.closest('a');
    expect(link?.getAttribute('href')).toBe('/websites');
    fireEvent.click(within(total).getByText('Total sites'));
    expect(await screen.findByText('Websites list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/websites');
    expect(router.state.location.search).toBe('');
  });

  it('shows a skeleton while loading, never an empty page or "No data"', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderDashboard();
    const loading = await screen.findByTestId('dashboard-loading');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(loading.querySelectorAll('.vp-dash-bone').length).toBeGreaterThan(0);
    expect(screen.queryByText('No data')).toBeNull();
    answer(json(metadata()));
    expect(await screen.findByTestId('dashboard-vendor-name')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-loading')).toBeNull();
  });

  it('a failed load shows a friendly sentence and Retry, never the raw error, and Retry loads', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (fail) throw new TypeError('Failed to fetch');
        return json(metadata());
      }),
    );
    renderDashboard();
    const error = await screen.findByTestId('dashboard-error');
    expect(within(error).getByRole('alert')).toBeTruthy();
    expect(error.textContent).toContain('The dashboard could not be loaded.');
    expect(document.body.textContent).not.toContain('Failed to fetch');

    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('dashboard-vendor-name')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-error')).toBeNull();
  });

  it('a server error shows the friendly sentence, not the server text', async () => {
    serveApi((_m, path) =>
      path === '/portal/metadata'
        ? { status: 500, body: { code: 500, message: 'relation "vendors" does not exist' } }
        : undefined,
    );
    renderDashboard();
    const error = await screen.findByTestId('dashboard-error');
    expect(error.textContent).toContain('The dashboard could not be loaded.');
    expect(document.body.textContent).not.toContain('relation');
  });

  it('says so when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderDashboard();
    const error = await screen.findByTestId('dashboard-error');
    expect(error.textContent).toContain('You are offline.');
  });
});
