import type { LinkedAccount } from '@vp/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../lib/session.ts';
import { getVendor, setVendor } from '../lib/settings.ts';
import { selectedAccount } from '../features/profile/index.ts';
import { CONSOLE_VENDOR_NOTE, VendorEntry } from './settings-drawer.tsx';
import { accountMatches, VendorSelector } from './vendor-selector.tsx';

const summit: LinkedAccount = {
  rowKey: 1,
  licensee: 'Summit Web Solutions',
  vendorCode: 'SWS',
  status: true,
  isPrimary: true,
};
const west: LinkedAccount = {
  rowKey: 2,
  licensee: 'Summit Web Solutions West',
  vendorCode: 'SWS-W',
  status: true,
  isPrimary: false,
};
const closed: LinkedAccount = {
  rowKey: 3,
  licensee: 'Closed Account Holdings',
  vendorCode: 'CAH',
  status: false,
  isPrimary: false,
};

function serve(accounts: LinkedAccount[]) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(accounts), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSelector(labelled = false, onConsole = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      {labelled ? <VendorEntry onConsole={onConsole} /> : <VendorSelector />}
    </QueryClientProvider>,
  );
  return { client, invalidate };
}

beforeEach(() => {
  setToken('t');
  setVendor(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('vendor selector', () => {
  it('is hidden with only one active linked account', async () => {
    const fetchMock = serve([summit, closed]);
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <VendorSelector />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container.querySelector('[data-testid="vendor-selector"]')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('preselects the primary account and truncates long licensees at 20 characters', async () => {
    serve([west, summit, closed]);
    renderSelector();
    const box = await screen.findByRole('combobox', { name: 'Vendor account' });
    expect(box).toBeTruthy();
    // 'Summit Web Solutions' is exactly 20 characters: shown whole.
    expect(screen.getByTitle('Summit Web Solutions').textContent).toBe('Summit Web Solutions');
    expect(selectedAccount([west, summit], null)).toBe(summit);
    expect(selectedAccount([west, summit], 2)).toBe(west);
    expect(selectedAccount([west, summit], 3)).toBe(summit);
  });

  it('on change: keeps the choice, toasts "Selected vendor: {name}" for 5 s and refetches everything', async () => {
    const success = vi.spyOn(message, 'success');
    serve([summit, west]);
    const { invalidate } = renderSelector();
    const box = await screen.findByRole('combobox', { name: 'Vendor account' });
    fireEvent.mouseDown(box);
    // The list shows the name whole; only the box in the top bar cuts it.
    const option = await screen.findByText('Summit Web Solutions West');
    fireEvent.click(option);

    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Selected vendor: Summit Web Solutions West', 5),
    );
    expect(getVendor()).toBe(2);
    expect(localStorage.getItem('vp.vendor')).toBe('2');
    expect(invalidate).toHaveBeenCalledWith();
  });

  it('leads each name with its vendor code, lists names whole, and cuts only the chosen one in the box', async () => {
    serve([west, summit]);
    setVendor(2);
    renderSelector();
    const box = await screen.findByRole('combobox', { name: 'Vendor account' });
    // The narrow box cuts the name at 20 characters, the whole name on hover.
    expect(box.textContent).toBe('SWS-W·Summit Web Solutions...');
    fireEvent.mouseDown(box);
    const whole = await screen.findByText('Summit Web Solutions West', {
      selector: '.ant-select-item-option *',
    });
    const options = document.querySelectorAll('.ant-select-item-option');
    const texts = [...options].map((o) => o.textContent);
    expect(texts).toEqual(['SWS-W·Summit Web Solutions West', 'SWS·Summit Web Solutions']);
    expect(whole.parentElement?.querySelector('[data-testid="vendor-code"]')?.textContent).toBe('SWS-W');
    // Read aloud as code and name, without the dot between them.
    expect(whole.parentElement?.querySelector('[aria-hidden="true"]')?.textContent).toBe('·');
    // The selected account shows its code too.
    const select = await screen.findByRole('combobox', { name: 'Vendor account' });
    expect(select).not.toBe(box);
    const selected = select
      .closest('.ant-select')!
      .querySelector('.ant-select-content, .ant-select-selection-item');
    expect(selected?.textContent).toContain('SWS');
  });

  it('shows the account in use as a box until the user reaches for it, then opens as a select from the keyboard', async () => {
    serve([summit, west]);
    renderSelector();
    const box = await screen.findByRole('combobox', { name: 'Vendor account' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.textContent).toBe('SWS·Summit Web Solutions');
    expect(document.querySelector('.ant-select')).toBeNull();
    // Coming near or focusing it loads the select, but only opening it swaps the box for it.
    fireEvent.pointerEnter(box);
    box.focus();
    fireEvent.keyDown(box, { key: 'Tab' });
    await new Promise((r) => setTimeout(r, 20));
    expect(document.querySelector('.ant-select')).toBeNull();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const option = await screen.findByText('Summit Web Solutions West');
    const select = screen.getByRole('combobox', { name: 'Vendor account' });
    expect(select.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(select));
    expect(option.closest('.ant-select-item-option')).not.toBeNull();
  });

  it('narrows the list as the user types a name or a code', async () => {
    const harbor: LinkedAccount = {
      rowKey: 4,
      licensee: 'Harbor IDX Co.',
      vendorCode: 'HIC',
      status: true,
      isPrimary: false,
    };
    serve([summit, west, harbor]);
    renderSelector();
    const box = await screen.findByRole('combobox', { name: 'Vendor account' });
    fireEvent.mouseDown(box);
    const input = await waitFor(() => {
      const select = screen.getByRole('combobox', { name: 'Vendor account' });
      expect(select.tagName).toBe('INPUT');
      return select;
    });
    fireEvent.change(input, { target: { value: 'hic' } });
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
        'HIC·Harbor IDX Co.',
      ]),
    );
    fireEvent.change(input, { target: { value: 'west' } });
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
        'SWS-W·Summit Web Solutions West',
      ]),
    );
    expect(accountMatches(west, 'sws-w')).toBe(true);
    expect(accountMatches(harbor, 'summit')).toBe(false);
    expect(accountMatches(harbor, '  ')).toBe(true);
  });

  it('in the Settings drawer on a console page it says the console covers every vendor', async () => {
    serve([summit, west]);
    renderSelector(true, true);
    await screen.findByRole('combobox', { name: 'Vendor account' });
    expect(screen.getByText(CONSOLE_VENDOR_NOTE)).toBeTruthy();
  });

  it('in the mobile Settings drawer it carries a visible label, and is absent with one account', async () => {
    serve([summit, west]);
    renderSelector(true);
    const box = await screen.findByRole('combobox', { name: 'Vendor account' });
    const label = screen.getByText('Vendor account', { selector: 'label' });
    expect(label.getAttribute('for')).toBe(box.id);
    expect(screen.queryByText(CONSOLE_VENDOR_NOTE)).toBeNull();

    serve([summit]);
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <VendorEntry />
      </QueryClientProvider>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });
});
