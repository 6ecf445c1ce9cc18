import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VendorMessages } from '@vp/contract';
import { message } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Route } from '../../../testing/fake-api.tsx';
import { vendorDetail, vendorOptions, vendorSummary } from '../test-fixtures.ts';
import VendorsPage from './vendors-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const harbor = vendorSummary({
  id: 3,
  code: 'HIC',
  name: 'Harbor IDX Co.',
  status: 'suspended',
  isProvider: false,
  isConsumer: true,
});

function serve(extra: Route = () => undefined) {
  return serveApi((method, path, body) => {
    const answer = extra(method, path, body);
    if (answer) return answer;
    if (method === 'GET' && path.startsWith('/admin/vendors?'))
      return { body: { items: [vendorSummary(), harbor], total: 2 } };
    if (method === 'GET' && path === '/admin/vendors/options') return { body: vendorOptions };
    if (method === 'GET' && path === '/admin/vendors/1') return { body: vendorDetail() };
    if (method === 'GET' && path === '/admin/vendors/1/history') return { body: [] };
    return undefined;
  });
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/admin/vendors', element: <VendorsPage /> }], {
    initialEntries: [url],
  });
  const { client } = renderWithClient(<RouterProvider router={router} />);
  return Object.assign(router, { client });
}

const urlOf = (router: ReturnType<typeof renderAt>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

function lastListQuery(calls: { path: string }[]): Record<string, string> {
  const list = calls.filter((c) => c.path.startsWith('/admin/vendors?')).at(-1)!;
  return Object.fromEntries(new URLSearchParams(list.path.split('?')[1]));
}

function confirmDialog(title: string): HTMLElement | null {
  const found = [...document.querySelectorAll('.ant-modal-confirm-title')].find(
    (t) => t.textContent === title,
  );
  return found?.closest<HTMLElement>('.ant-modal-confirm') ?? null;
}

describe('Vendors page', () => {
  it('lists the vendors with their figures, asking with the state the URL holds', async () => {
    const { calls } = serve();
    renderAt('/admin/vendors?status=suspended&search=harbor&sort=code&order=desc&page=2&size=50');
    expect(await screen.findByText('Harbor IDX Co.', { exact: false })).toBeTruthy();
    expect(lastListQuery(calls)).toEqual({
      page: '2',
      pageSize: '50',
      sort: 'code',
      order: 'desc',
      search: 'harbor',
      status: 'suspended',
    });
    expect((screen.getByLabelText('Search vendors') as HTMLInputElement).value).toBe('harbor');
    const row = screen.getByRole('row', { name: 'Open Harbor IDX Co.' });
    expect(within(row).getByTestId('vendor-status').textContent).toBe('Suspended');
    expect(screen.getByText('2 vendors')).toBeTruthy();
  });

  it('typing a search and choosing a status write the URL; Back undoes the status', async () => {
    const { calls } = serve();
    const router = renderAt('/admin/vendors');
    await screen.findByRole('row', { name: 'Open Harbor IDX Co.' });
    fireEvent.change(screen.getByLabelText('Search vendors'), { target: { value: 'sum' } });
    await waitFor(() => expect(urlOf(router)).toEqual({ search: 'sum' }));
    await waitFor(() => expect(lastListQuery(calls).search).toBe('sum'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status filter' }));
    fireEvent.click(await screen.findByTitle('Suspended'));
    await waitFor(() => expect(urlOf(router)).toEqual({ search: 'sum', status: 'suspended' }));
    await act(() => router.navigate(-1));
    expect(urlOf(router)).toEqual({ search: 'sum' });
  });

  it('opens a vendor from its row by keyboard: figures, linked accounts and what suspension does', async () => {
    serve();
    const router = renderAt('/admin/vendors');
    const row = await screen.findByRole('row', { name: 'Open Summit Web Solutions' });
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    await waitFor(() => expect(urlOf(router)).toEqual({ vendor: '1' }));
    const drawer = await screen.findByTestId('vendor-drawer');
    await within(drawer).findByText('Sites missing documents');
    expect(within(drawer).getByText('110')).toBeTruthy();
    expect(within(drawer).getByText('Summit Web Solutions West (SWS-W)')).toBeTruthy();
    for (const effect of VendorMessages.suspensionEffects)
      expect(within(drawer).getByText(effect)).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(urlOf(router)).toEqual({}));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('row', { name: 'Open Summit Web Solutions' })),
    );
  });

  it('suspends a vendor once the staff member has read what it does', async () => {
    const { calls } = serve((method, path) =>
      method === 'POST' && path === '/admin/vendors/1/suspend'
        ? { body: { message: VendorMessages.suspended('SWS') } }
        : undefined,
    );
    renderAt('/admin/vendors?vendor=1');
    const drawer = await screen.findByTestId('vendor-drawer');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Suspend vendor' }));
    const dialog = await waitFor(() => {
      const d = confirmDialog('Suspend Summit Web Solutions?');
      expect(d).not.toBeNull();
      return d!;
    });
    expect(within(dialog).getByText(VendorMessages.suspensionEffects[0])).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/suspend'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/admin/vendors/1/suspend')).toBe(true),
    );
  });

  it('creates a vendor: a code taken shows on its field and in one toast, then the new vendor opens', async () => {
    const error = vi.spyOn(message, 'error');
    let tries = 0;
    const { calls } = serve((method, path) => {
      if (method !== 'POST' || path !== '/admin/vendors') return undefined;
      tries += 1;
      return tries === 1
        ? { status: 409, body: { code: 409, message: VendorMessages.codeTaken } }
        : { status: 201, body: { id: 1, message: VendorMessages.created('LKS') } };
    });
    const router = renderAt('/admin/vendors?vendor=new');
    const drawer = await screen.findByTestId('vendor-drawer');
    const create = within(drawer).getByRole('button', { name: 'Create vendor' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'Lakeside Listings' } });
    fireEvent.change(within(drawer).getByLabelText('Code'), { target: { value: 'sws' } });
    fireEvent.click(within(drawer).getByText('VOW'));
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);

    const code = within(drawer).getByLabelText('Code').closest('.ant-form-item')!;
    await waitFor(() =>
      expect(code.querySelector('.ant-form-item-explain-error')?.textContent).toBe(VendorMessages.codeTaken),
    );
    expect(error).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Lakeside Listings',
      code: 'sws',
      type: 'VOW Vendor',
      parentId: null,
    });

    fireEvent.change(within(drawer).getByLabelText('Code'), { target: { value: 'lks' } });
    fireEvent.click(create);
    await waitFor(() => expect(urlOf(router)).toEqual({ vendor: '1' }));
    expect(tries).toBe(2);
  });

  it('says why the list is empty and offers to show every vendor', async () => {
    serve((method, path) =>
      method === 'GET' && path.startsWith('/admin/vendors?') ? { body: { items: [], total: 0 } } : undefined,
    );
    const router = renderAt('/admin/vendors?search=zzz');
    expect(await screen.findByText('No vendors match "zzz".')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all vendors' }));
    await waitFor(() => expect(urlOf(router)).toEqual({}));
  });
});
