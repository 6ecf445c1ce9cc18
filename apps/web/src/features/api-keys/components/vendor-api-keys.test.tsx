import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { PHONE, stubMedia } from '../../../testing/media.ts';
import { apiKey } from '../test-fixtures.ts';
import { RevokeTexts } from './revoke-button.tsx';
import { VendorApiKeys } from './vendor-api-keys.tsx';

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

describe("the console's API keys of a vendor", () => {
  it('lists each key with its prefix, scopes, creator, expiry, last use and state', async () => {
    serve();
    renderWithClient(<VendorApiKeys vendorId={1} />);
    const table = await screen.findByTestId('vendor-api-keys');
    const row = within(within(table).getByText('Listing sync').closest('tr')!);
    expect(row.getByText('vpk_Ab3dE6gH…')).toBeTruthy();
    expect(row.getByText('Websites')).toBeTruthy();
    expect(row.getByText('Dana Whitfield')).toBeTruthy();
    expect(row.getByText('from 203.0.113.7')).toBeTruthy();
    expect(row.getByTestId('api-key-state').textContent).toBe('Active');
    const old = within(within(table).getByText('Old CRM').closest('tr')!);
    expect(old.getByTestId('api-key-state').textContent).toBe('Revoked');
    expect(old.queryByRole('button')).toBeNull();
  });

  it('revokes an active key after a confirmation, through the console call', async () => {
    const { calls } = serve();
    renderWithClient(<VendorApiKeys vendorId={1} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke: Listing sync' }));
    const confirm = (await screen.findByText(RevokeTexts.confirm('Listing sync'))).closest<HTMLElement>(
      '.ant-popover',
    )!;
    fireEvent.click(within(confirm).getByRole('button', { name: RevokeTexts.action }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/admin/api-keys/5/revoke',
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke: Listing sync' })).toBeNull());
  });

  it('says when the vendor has no keys', async () => {
    serve([]);
    renderWithClient(<VendorApiKeys vendorId={1} />);
    expect(await screen.findByText('This vendor has no API keys.')).toBeTruthy();
  });

  it('on a phone lists the keys as cards', async () => {
    stubMedia(PHONE);
    serve();
    renderWithClient(<VendorApiKeys vendorId={1} />);
    expect(await screen.findAllByTestId('api-key-card')).toHaveLength(2);
    expect(screen.queryByTestId('vendor-api-keys')).toBeNull();
  });
});
