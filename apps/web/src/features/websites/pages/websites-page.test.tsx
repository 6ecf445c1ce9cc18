import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Messages, WebsiteServerMessages } from '@vp/contract';
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
  const { client } = renderWithClient(<RouterProvider router={router} />);
  return Object.assign(router, { client });
}

/** The list call's query parameters, the last one made. */
function lastListQuery(calls: { path: string }[]): URLSearchParams {
  const list = calls.filter((c) => c.path.startsWith('/portal/websites?')).at(-1)!;
  return new URLSearchParams(list.path.split('?')[1]);
}

const urlOf = (router: ReturnType<typeof renderAt>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

/** Nothing of the modal may still be loading when a test ends. */
async function settle(router: ReturnType<typeof renderAt>) {
  await waitFor(() => expect(router.client.isFetching()).toBe(0));
}

let onEnd: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of onEnd) await f();
  onEnd = [];
});

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
    const { calls } = serveList();
    const router = renderAt('/websites?site=8');
    onEnd.push(() => settle(router));
    expect(await screen.findByDisplayValue('second.example.com', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Website' }).getAttribute('aria-selected')).toBe('true');
    // Only a site the account does not have looks through the user's other accounts.
    expect(calls.map((c) => c.path)).not.toContain('/profile/vendors');
  });

  it('a row click opens the modal; the view action opens the domain in a new tab after 1 s', async () => {
    serveList();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const router = renderAt('/websites');
    const cell = await screen.findByText('second.example.com', {}, { timeout: 5000 });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'View second.example.com' }));
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(open).toHaveBeenCalledWith('https://second.example.com', '_blank', 'noopener,noreferrer');
    vi.useRealTimers();
    fireEvent.click(cell);
    expect(await screen.findByDisplayValue('second.example.com', {}, { timeout: 5000 })).toBeTruthy();
    await settle(router);
  });

  it('free-text search is sent to the server after the typing pause', async () => {
    const { calls } = serveList();
    renderAt('/websites');
    await screen.findByText('second.example.com', {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Search websites'), { target: { value: 'summit' } });
    await waitFor(() => expect(calls.some((c) => c.path.includes('search=summit'))).toBe(true));
  });
});

describe('Websites page: the list state lives in the URL', () => {
  it('search, status, sort, order, page and page size are read from the URL', async () => {
    const { calls } = serveList();
    renderAt('/websites?filter=Active&search=summit&sort=licensee&order=desc&page=3&size=20');
    await screen.findByText('second.example.com', {}, { timeout: 5000 });
    const q = lastListQuery(calls);
    expect(Object.fromEntries(q)).toEqual({
      page: '3',
      pageSize: '20',
      sort: 'licensee',
      order: 'desc',
      status: 'Active',
      search: 'summit',
    });
    expect((screen.getByLabelText('Search websites') as HTMLInputElement).value).toBe('summit');
    expect(screen.getByTestId('status-filter').textContent).toContain('Active');
    expect(screen.getByRole('columnheader', { name: 'Licensee' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('the missing-documents filter of the dashboard asks the server for those sites and shows a removable tag', async () => {
    const { calls } = serveList();
    const router = renderAt('/websites?missing=documents');
    await screen.findByText('second.example.com', {}, { timeout: 5000 });
    expect(lastListQuery(calls).get('missing')).toBe('documents');
    const tag = screen.getByTestId('missing-filter');
    expect(tag.textContent).toBe('Sites missing documents');
    fireEvent.click(within(tag).getByRole('button', { name: 'Remove the filter Sites missing documents' }));
    await waitFor(() => expect(urlOf(router)).toEqual({}));
    await waitFor(() => expect(lastListQuery(calls).get('missing')).toBeNull());
    expect(screen.queryByTestId('missing-filter')).toBeNull();
    // Removing it is a step of its own: Back brings the filtered list back.
    await act(() => router.navigate(-1));
    expect(urlOf(router)).toEqual({ missing: 'documents' });
    expect(await screen.findByTestId('missing-filter')).toBeTruthy();
  });

  it('a notification about several sites opens the list of those sites, with a removable tag', async () => {
    const { calls } = serveList();
    const router = renderAt('/websites?ids=12,15,31');
    await screen.findByText('second.example.com', {}, { timeout: 5000 });
    expect(lastListQuery(calls).get('ids')).toBe('12,15,31');
    const tag = screen.getByTestId('ids-filter');
    expect(tag.textContent).toBe('3 websites of a notification');
    fireEvent.click(
      within(tag).getByRole('button', { name: 'Remove the filter 3 websites of a notification' }),
    );
    await waitFor(() => expect(urlOf(router)).toEqual({}));
    await waitFor(() => expect(lastListQuery(calls).get('ids')).toBeNull());
    expect(screen.queryByTestId('ids-filter')).toBeNull();
  });

  it.each(['abc', '1,,2', '0', '-3'])('unreadable ids (%s) are no filter', async (ids) => {
    const { calls } = serveList();
    renderAt(`/websites?ids=${ids}`);
    await screen.findByText('second.example.com', {}, { timeout: 5000 });
    expect(lastListQuery(calls).get('ids')).toBeNull();
    expect(screen.queryByTestId('ids-filter')).toBeNull();
  });

  it('an unknown missing filter is no filter', async () => {
    const { calls } = serveList();
    renderAt('/websites?missing=everything');
    await screen.findByText('second.example.com', {}, { timeout: 5000 });
    expect(lastListQuery(calls).get('missing')).toBeNull();
    expect(screen.queryByTestId('missing-filter')).toBeNull();
  });

  it('unreadable values fall back to the defaults', async () => {
    const { calls } = serveList();
    renderAt('/websites?sort=password&order=up&page=-2&size=7');
    await screen.findByText('second.example.com', {}, { timeout: 5000 });
    expect(Object.fromEntries(lastListQuery(calls))).toEqual({
      page: '1',
      pageSize: '50',
      sort: 'domainName',
      order: 'asc',
    });
  });

  it('typing a search writes it to the URL and starts from page 1; Back brings the old search back', async () => {
    const { calls } = serveList();
    const router = renderAt('/websites?page=2');
    await screen.findByText('second.example.com', {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Search websites'), { target: { value: 'harbor' } });
    await waitFor(() => expect(urlOf(router)).toEqual({ search: 'harbor' }));
    await waitFor(() => expect(lastListQuery(calls).get('search')).toBe('harbor'));
    expect(lastListQuery(calls).get('page')).toBe('1');

    // A status choice is a step of its own: Back undoes it, and the search box follows the URL.
    fireEvent.mouseDown(within(screen.getByTestId('status-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Inactive'));
    await waitFor(() => expect(urlOf(router)).toEqual({ search: 'harbor', filter: 'Inactive' }));
    await act(() => router.navigate(-1));
    expect(urlOf(router)).toEqual({ search: 'harbor' });
    await act(() => router.navigate('/websites?search=summit'));
    await waitFor(() =>
      expect((screen.getByLabelText('Search websites') as HTMLInputElement).value).toBe('summit'),
    );
  });

  it('paging and sorting write the URL; the defaults stay out of it', async () => {
    serveApi((_m, path) => {
      if (path.startsWith('/portal/websites?'))
        return {
          body: {
            items: [website({ rowKey: 7 }), website({ rowKey: 8, domainName: 'second.example.com' })],
            total: 120,
          },
        };
      return undefined;
    });
    const router = renderAt('/websites');
    await screen.findByText('second.example.com', {}, { timeout: 5000 });
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(urlOf(router)).toEqual({ page: '2' }));
    fireEvent.click(screen.getByRole('columnheader', { name: 'Licensee' }));
    await waitFor(() => expect(urlOf(router)).toEqual({ sort: 'licensee' }));
    await act(() => router.navigate(-1));
    expect(urlOf(router)).toEqual({ page: '2' });
  });
});

describe('Websites page: the open site lives in the URL', () => {
  it('opening a row pushes ?site=; closing goes back to the list; Forward opens it again', async () => {
    serveList();
    const router = renderAt('/websites?filter=Active');
    onEnd.push(() => settle(router));
    fireEvent.click(await screen.findByText('second.example.com', {}, { timeout: 5000 }));
    await waitFor(() => expect(urlOf(router)).toEqual({ filter: 'Active', site: '8' }));
    await screen.findByDisplayValue('second.example.com', {}, { timeout: 5000 });

    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(urlOf(router)).toEqual({ filter: 'Active' }));
    await waitFor(() => expect(screen.queryByDisplayValue('second.example.com')).toBeNull());

    await act(() => router.navigate(1));
    expect(urlOf(router)).toEqual({ filter: 'Active', site: '8' });
    await screen.findByDisplayValue('second.example.com', {}, { timeout: 5000 });
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByDisplayValue('second.example.com')).toBeNull());
  });

  it.each([
    ['a site of no one (404)', '999'],
    ['a malformed id', 'abc'],
  ])('%s shows Website not found in the page, not an empty dialog', async (_name, id) => {
    serveList();
    const router = renderAt(`/websites?filter=Active&site=${id}`);
    expect(await screen.findByText(WebsiteServerMessages.siteNotFound, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /History/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Back to the websites list/ }));
    await waitFor(() => expect(urlOf(router)).toEqual({ filter: 'Active' }));
    expect(await screen.findByText('second.example.com', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("a site of another of the user's accounts offers to switch to it, and opens there", async () => {
    const accounts = [
      { rowKey: 1, licensee: 'Summit Web Solutions', vendorCode: 'SWS', status: true, isPrimary: true },
      {
        rowKey: 2,
        licensee: 'Summit Web Solutions West',
        vendorCode: 'SWS-W',
        status: true,
        isPrimary: false,
      },
    ];
    const { calls, headers: sent } = serveApi((_method, path, _body, headers) => {
      if (path === '/portal/metadata') return { body: metadata() };
      if (path === '/products') return { body: products };
      if (path === '/profile/vendors') return { body: accounts };
      if (path.startsWith('/portal/websites?')) return { body: { items: [], total: 0 } };
      // Site 140 is the West account's only.
      if (path === '/portal/websites/140' && headers?.Vendor === '2')
        return { body: website({ rowKey: 140, domainName: 'west-site.example.com' }) };
      return undefined;
    });
    renderAt('/websites?site=140');
    expect(
      await screen.findByText(
        'This website belongs to your account Summit Web Solutions West (SWS-W).',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    // The other account was asked as itself.
    const vendorsAsked = calls.flatMap((c, i) =>
      c.path === '/portal/websites/140' ? [sent[i]?.Vendor] : [],
    );
    expect(vendorsAsked).toContain('2');
    fireEvent.click(screen.getByRole('button', { name: /Switch to SWS-W/ }));
    await screen.findByDisplayValue('west-site.example.com', {}, { timeout: 5000 });
  });
});

describe('Websites page: loading, empty and failed', () => {
  it('while the list loads it shows a placeholder, never "No data"', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderAt('/websites');
    expect(await screen.findByText('Loading websites')).toBeTruthy();
    expect(screen.queryByText(/no data/i)).toBeNull();
    answer(
      new Response(JSON.stringify({ items: [], total: 0 }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByText('This account has no websites yet.')).toBeTruthy();
  });

  it('an empty search says so and offers to clear it', async () => {
    serveApi((_m, path) => {
      if (path.startsWith('/portal/websites?'))
        return path.includes('search=')
          ? { body: { items: [], total: 0 } }
          : { body: { items: [website({ rowKey: 8, domainName: 'second.example.com' })], total: 1 } };
      return undefined;
    });
    const router = renderAt('/websites?search=xyz');
    expect(await screen.findByText('No websites match "xyz".', {}, { timeout: 5000 })).toBeTruthy();
    // (The empty picture's own <title> is not text on screen.)
    expect(screen.queryByText(/no data/i, { ignore: 'title' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByText('second.example.com')).toBeTruthy();
    expect(urlOf(router)).toEqual({});
    expect((screen.getByLabelText('Search websites') as HTMLInputElement).value).toBe('');
  });

  it('an empty status says so and offers to show all', async () => {
    serveApi((_m, path) => {
      if (path.startsWith('/portal/websites?'))
        return path.includes('status=')
          ? { body: { items: [], total: 0 } }
          : { body: { items: [website({ rowKey: 8, domainName: 'second.example.com' })], total: 1 } };
      return undefined;
    });
    const router = renderAt('/websites?filter=Inactive');
    expect(await screen.findByText('No websites are Inactive.', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all websites' }));
    expect(await screen.findByText('second.example.com')).toBeTruthy();
    expect(urlOf(router)).toEqual({});
  });

  it('an empty missing-documents list says no site is missing any, and offers to show all', async () => {
    serveApi((_m, path) => {
      if (path.startsWith('/portal/websites?'))
        return path.includes('missing=')
          ? { body: { items: [], total: 0 } }
          : { body: { items: [website({ rowKey: 8, domainName: 'second.example.com' })], total: 1 } };
      return undefined;
    });
    const router = renderAt('/websites?missing=documents');
    expect(await screen.findByText('No websites are missing documents.', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all websites' }));
    expect(await screen.findByText('second.example.com')).toBeTruthy();
    expect(urlOf(router)).toEqual({});
  });

  it('a failed list says so in a sentence with a Retry, not the server text', async () => {
    let fail = true;
    serveApi((_m, path) => {
      if (path.startsWith('/portal/websites?'))
        return fail
          ? { status: 500, body: { code: 500, message: 'relation "websites" does not exist' } }
          : { body: { items: [website({ rowKey: 8, domainName: 'second.example.com' })], total: 1 } };
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/websites');
    expect(await screen.findByText(Messages.serverFailed, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/relation/)).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('second.example.com')).toBeTruthy();
  });
});
