import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { VendorWebhooks } from '../components/vendor-webhooks.tsx';
import { delivery, endpoint } from '../test-fixtures.ts';
import { WebhookTexts as T } from '../texts.ts';
import ConsoleWebhookDeliveriesPage from './console-webhook-deliveries-page.tsx';
import ConsoleWebhooksPage from './console-webhooks-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mls = endpoint({ id: 2, vendorId: null, url: 'https://mls.example/portal-events', description: 'MLS' });
const vendors = [
  endpoint({ id: 5, vendorId: 3 }),
  endpoint({ id: 6, vendorId: 3, url: 'https://crm.harbor.example/in', enabled: false, description: '' }),
];

function renderRoutes(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/webhooks', element: <ConsoleWebhooksPage /> },
      { path: '/admin/webhooks/:id', element: <ConsoleWebhookDeliveriesPage /> },
      { path: '/admin/vendors', element: <VendorWebhooks vendorId={3} /> },
    ],
    { initialEntries: [url] },
  );
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

describe('Webhooks in the MLS console', () => {
  it('lists and adds the MLS’s own endpoints through /api/admin/webhooks', async () => {
    const { calls } = serveApi((method, path) => {
      if (method === 'GET' && path === '/admin/webhooks') return { body: { items: [mls] } };
      if (method === 'POST' && path === '/admin/webhooks')
        return { status: 201, body: { endpoint: mls, secret: 'whsec_abc' } };
      if (method === 'POST' && path === '/admin/webhooks/2/test') return { body: delivery({ id: 9 }) };
      return undefined;
    });
    renderRoutes('/admin/webhooks');
    await screen.findByTestId('webhooks-table');
    expect(screen.getByText(T.mlsIntro)).toBeTruthy();
    expect(screen.getByText(mls.url)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.actionOn(T.deliveries, mls.url) }).getAttribute('href')).toBe(
      '/admin/webhooks/2',
    );

    // The rarer actions are in the row's More menu, so the row fits a desktop's width.
    fireEvent.click(screen.getByRole('button', { name: T.actionOn(T.moreActions, mls.url) }));
    fireEvent.click(await screen.findByRole('menuitem', { name: T.sendTest }));
    await waitFor(() => expect(calls.some((c) => c.path === '/admin/webhooks/2/test')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: T.add }));
    const drawer = await screen.findByTestId('webhook-drawer');
    fireEvent.change(within(drawer).getByLabelText(T.fields.url), {
      target: { value: 'https://mls.example/portal-events' },
    });
    fireEvent.click(within(drawer).getByLabelText(T.selectAllOf('Compliance')));
    const add = within(drawer).getByRole('button', { name: T.create }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    expect(await screen.findByTestId('webhook-secret')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path])).toEqual([
      ['POST', '/admin/webhooks/2/test'],
      ['POST', '/admin/webhooks'],
    ]);
    expect(calls.some((c) => c.path.startsWith('/webhooks'))).toBe(false);
  });

  it('opens an MLS endpoint’s delivery log through /api/admin/webhooks', async () => {
    const { calls } = serveApi((method, path) => {
      if (method === 'GET' && path === '/admin/webhooks') return { body: { items: [mls] } };
      if (method === 'GET' && path.startsWith('/admin/webhooks/2/deliveries?'))
        return { body: { items: [delivery()], total: 1 } };
      return undefined;
    });
    renderRoutes('/admin/webhooks/2');
    expect(await screen.findByText('evt_01J2ZQ8K4N')).toBeTruthy();
    expect(screen.getByRole('link', { name: T.backToList }).getAttribute('href')).toBe('/admin/webhooks');
    // The MLS's own: no vendor to name, and none asked for.
    expect(screen.queryByTestId('log-vendor')).toBeNull();
    expect(calls.every((c) => c.path.startsWith('/admin/webhooks'))).toBe(true);
  });

  it('opens a vendor’s endpoint’s delivery log from its drawer, listed through the vendor and naming it', async () => {
    const { calls } = serveApi((method, path) => {
      if (method === 'GET' && path === '/admin/vendors/3/webhooks') return { body: { items: vendors } };
      if (method === 'GET' && path === '/admin/vendors/options')
        return {
          body: [
            { id: 2, code: 'SUM', name: 'Summit Web', status: 'active', parentId: null },
            { id: 3, code: 'HRB', name: 'Harbor Realty', status: 'active', parentId: null },
          ],
        };
      if (method === 'GET' && path.startsWith('/admin/webhooks/6/deliveries?'))
        return { body: { items: [delivery()], total: 1 } };
      return undefined;
    });
    renderRoutes('/admin/webhooks/6?vendor=3');
    expect(await screen.findByText('evt_01J2ZQ8K4N')).toBeTruthy();
    expect(screen.getByTestId('log-endpoint').textContent).toBe('https://crm.harbor.example/in');
    expect((await screen.findByTestId('log-vendor')).textContent).toBe(T.vendorOf('Harbor Realty (HRB)'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T.logTitle);
    expect(screen.getByRole('link', { name: T.backToList }).getAttribute('href')).toBe(
      '/admin/vendors?vendor=3',
    );
    expect(calls.map((c) => c.path.split('?')[0])).toEqual(
      expect.arrayContaining(['/admin/vendors/3/webhooks', '/admin/webhooks/6/deliveries']),
    );
  });

  it('lists a vendor’s endpoints in its drawer, with Enable and Disable', async () => {
    const { calls } = serveApi((method, path, body) => {
      if (method === 'GET' && path === '/admin/vendors/3/webhooks') return { body: { items: vendors } };
      if (method === 'PATCH' && path.startsWith('/admin/webhooks/'))
        return { body: endpoint({ ...(body as object) }) };
      return undefined;
    });
    renderRoutes('/admin/vendors');
    const list = await screen.findByTestId('vendor-webhooks');
    const items = within(list).getAllByTestId('vendor-webhook');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByTestId('endpoint-state').textContent).toBe(T.disabled);
    // Which events each receives, in full on asking.
    const events = within(items[0]!).getByTestId('endpoint-events');
    expect(within(events).queryByText('saf.signed')).toBeNull();
    fireEvent.click(within(events).getByRole('button', { name: T.moreEvents(1) }));
    expect(within(events).getByText('saf.signed')).toBeTruthy();
    expect(
      within(items[1]!)
        .getByRole('link', { name: T.actionOn(T.deliveries, vendors[1]!.url) })
        .getAttribute('href'),
    ).toBe('/admin/webhooks/6?vendor=3');

    fireEvent.click(within(items[0]!).getByRole('button', { name: T.actionOn(T.disable, vendors[0]!.url) }));
    fireEvent.click(within(items[1]!).getByRole('button', { name: T.actionOn(T.enable, vendors[1]!.url) }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/admin/webhooks/5', { enabled: false }],
      ['/admin/webhooks/6', { enabled: true }],
    ]);
  });

  it('says when a vendor has no endpoints', async () => {
    serveApi((method, path) => (path === '/admin/vendors/3/webhooks' ? { body: { items: [] } } : undefined));
    renderRoutes('/admin/vendors');
    expect(await screen.findByText(T.vendorEmpty)).toBeTruthy();
  });
});
