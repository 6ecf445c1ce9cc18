import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { PHONE, stubMedia } from '../../../testing/media.ts';
import { apiKey } from '../test-fixtures.ts';
import { KeyPartTexts } from './key-parts.tsx';
import { RevokeTexts } from './revoke-button.tsx';
import { VendorApiKeys, VendorKeyColumns } from './vendor-api-keys.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const keys: ApiKey[] = [
  apiKey(),
  apiKey({ id: 7, name: 'Old CRM', state: 'revoked', revokedAt: '2026-11-01T10:00:00.000Z' }),
  apiKey({
    id: 8,
    name: 'A script with a long name that says what it does in full, too',
    shown: 'vpk_Zz9yX8wV',
    scopes: ['read', 'websites', 'forms', 'documents', 'comments'],
    allowedRanges: ['203.0.113.0/24', '2001:db8::/32'],
  }),
];

function serve(list: ApiKey[] = keys) {
  let revoked = false;
  const api = serveApi((method, path) => {
    if (method === 'GET' && path === '/admin/vendors/1/api-keys')
      return { body: { items: revoked ? list.map((k) => ({ ...k, state: 'revoked' })) : list } };
    if (method === 'POST' && path === '/admin/api-keys/5/revoke') {
      revoked = true;
      return { body: apiKey({ state: 'revoked' }) };
    }
    return undefined;
  });
  return api;
}

/** The open confirmation whose title is this. */
function confirmDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll('.ant-modal-confirm-title')].find(
      (t) => t.textContent === title,
    );
    expect(found).toBeTruthy();
    return found!.closest<HTMLElement>('.ant-modal-confirm')!;
  });
}

const REVOKE_SYNC = 'Revoke: Listing sync (vpk_Ab3dE6gH)';

describe("the console's API keys of a vendor", () => {
  it('lists each key with its prefix, creator, scopes, addresses, expiry, last use and state', async () => {
    serve();
    renderWithClient(<VendorApiKeys vendorId={1} />);
    const table = await screen.findByTestId('vendor-api-keys');
    const row = within(within(table).getByText('Listing sync').closest('tr')!);
    expect(row.getByText('vpk_Ab3dE6gH…')).toBeTruthy();
    expect(row.getByText('Websites')).toBeTruthy();
    expect(row.getByText('Dana Whitfield')).toBeTruthy();
    expect(row.getByText('from 203.0.113.7')).toBeTruthy();
    expect(row.getByTestId('api-key-addresses').textContent).toBe(KeyPartTexts.anyAddress);
    expect(row.getByTestId('api-key-state').textContent).toBe('Active');
    const old = within(within(table).getByText('Old CRM').closest('tr')!);
    expect(old.getByTestId('api-key-state').textContent).toBe('Revoked');
    expect(old.queryByRole('button')).toBeNull();
    const bound = within(
      within(table)
        .getByText(/^A script with a long name/)
        .closest('tr')!,
    );
    expect(
      within(bound.getByTestId('api-key-addresses'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['203.0.113.0/24', '2001:db8::/32']);
  });

  it('fits the drawer: fewer columns, long names and scopes wrapping, Revoke on every working key', async () => {
    serve();
    renderWithClient(<VendorApiKeys vendorId={1} />);
    const table = await screen.findByTestId('vendor-api-keys');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      VendorKeyColumns.key,
      VendorKeyColumns.access,
      VendorKeyColumns.expires,
      VendorKeyColumns.lastUsed,
      VendorKeyColumns.state,
      VendorKeyColumns.actions,
    ]);
    // Laid out at the drawer's width, not at its content's (which pushed Revoke out of sight).
    expect(table.querySelector('table')!.style.width).not.toBe('max-content');
    const long = within(table)
      .getByText(/^A script with a long name/)
      .closest('tr')!;
    expect(within(long).getAllByText(/Read|Websites|Site Access Forms|Documents|Comments/)).toHaveLength(5);
    expect(
      within(long).getByRole('button', {
        name: 'Revoke: A script with a long name that says what it does in full, too (vpk_Zz9yX8wV)',
      }),
    ).toBeTruthy();
  });

  it('revokes an active key after a confirmation, through the console call, then focuses its name', async () => {
    const { calls } = serve();
    renderWithClient(<VendorApiKeys vendorId={1} />);
    const button = await screen.findByRole('button', { name: REVOKE_SYNC });
    button.focus();
    fireEvent.click(button);
    const confirm = await confirmDialog(RevokeTexts.confirm('Listing sync'));
    expect(within(confirm).getByText(RevokeTexts.detail)).toBeTruthy();
    // Cancel is where the focus starts.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: RevokeTexts.cancel })),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: RevokeTexts.action }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/admin/api-keys/5/revoke',
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: REVOKE_SYNC })).toBeNull());
    // The button went with the key's working life: focus is on the key's name, not the page's body.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Listing sync'));
  });

  it('gives the focus back to Revoke when the confirmation is dismissed with Escape', async () => {
    const { calls } = serve();
    renderWithClient(<VendorApiKeys vendorId={1} />);
    const button = await screen.findByRole('button', { name: REVOKE_SYNC });
    button.focus();
    fireEvent.click(button);
    const confirm = await confirmDialog(RevokeTexts.confirm('Listing sync'));
    await waitFor(() => expect(confirm.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says when the vendor has no keys', async () => {
    serve([]);
    renderWithClient(<VendorApiKeys vendorId={1} />);
    expect(await screen.findByText('This vendor has no API keys.')).toBeTruthy();
  });

  it('on a phone lists the keys as cards, with their addresses', async () => {
    stubMedia(PHONE);
    serve();
    renderWithClient(<VendorApiKeys vendorId={1} />);
    const cards = await screen.findAllByTestId('api-key-card');
    expect(cards).toHaveLength(3);
    expect(screen.queryByTestId('vendor-api-keys')).toBeNull();
    expect(within(cards[0]!).getByText(KeyPartTexts.addresses)).toBeTruthy();
    expect(within(cards[0]!).getByTestId('api-key-addresses').textContent).toBe(KeyPartTexts.anyAddress);
    expect(within(cards[2]!).getByText('2001:db8::/32')).toBeTruthy();
  });
});
