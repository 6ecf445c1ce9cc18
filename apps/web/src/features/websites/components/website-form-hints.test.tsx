import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, products, renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import { WebsiteModal } from './website-modal.tsx';

/** What the Website tab's product selector shows before its choices have loaded. */

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Opens site 7 (product 2); the product list answers only once `productsIn` is called. */
function openSite() {
  const { fetchMock } = serveApi((_method, path) => {
    if (path === '/portal/metadata') return { body: metadata() };
    if (path === '/products') return { body: products };
    if (path === '/portal/websites/7') return { body: website({ products: [2] }) };
    return undefined;
  });
  let productsIn: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (productsIn = resolve));
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (String(input).endsWith('/products')) await gate;
    return fetchMock(input, init);
  });
  renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
  return { productsIn: () => productsIn() };
}

const productField = () =>
  screen.getByRole('combobox', { name: 'Product' }).closest('.ant-select') as HTMLElement;

describe('website form product', () => {
  it('the product shows no id while the products load, then its name', async () => {
    const { productsIn } = openSite();
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });

    expect(within(productField()).queryByText('2')).toBeNull();
    expect(within(productField()).getByText('Loading…')).toBeTruthy();

    productsIn();
    await waitFor(() => expect(within(productField()).getByText('IDX with Teams')).toBeTruthy());
    expect(within(productField()).queryByText('Loading…')).toBeNull();
  });
});
