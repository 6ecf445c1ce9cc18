import { type SiteStatus } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import {
  metadata,
  products,
  renderWithClient,
  safDocumentType,
  serveApi,
  website,
} from '../../../testing/fake-api.tsx';
import { WebsiteModal } from './website-modal.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serveSite(status: SiteStatus, safType = true) {
  return serveApi((method, path) => {
    if (path === '/portal/metadata') return { body: metadata() };
    if (path === '/products') return { body: products };
    if (path.startsWith('/searchagent/')) return { body: [] };
    if (method === 'GET' && path === '/portal/websites/7') return { body: website({ status }) };
    if (path === '/documenttypes/required?name=saf')
      return safType ? { body: safDocumentType } : { status: 404, body: { code: 404, message: 'none' } };
    if (path === '/documenttypes') return { body: [safDocumentType] };
    if (path === '/portal/websites/7/documents') return { body: [] };
    if (path === '/documenttype/1/sign?website=7')
      return {
        body: [{ signatory: 'Broker', canOverride: false, name: 'Bob Broker', email: 'b@example.com' }],
      };
    return undefined;
  });
}

const safButton = () => screen.queryByRole('button', { name: 'SAF' }) as HTMLButtonElement | null;

describe('website modal: SAF button and Files tab', () => {
  it('a saved Pending Activation site offers SAF, which opens the signatory dialog', async () => {
    serveSite('Pending Activation');
    renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });
    await waitFor(() => expect(safButton()?.disabled).toBe(false));
    fireEvent.click(safButton()!);
    expect(await screen.findByLabelText('Broker name')).toBeTruthy();
  });

  it('is hidden for an Inactive site', async () => {
    serveSite('Inactive');
    const { client } = renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(client.getQueryState(queryKeys.documents.requiredType('saf'))?.status).toBe('success'),
    );
    expect(safButton()).toBeNull();
  });

  it('is disabled while creating', async () => {
    serveSite('Pending Activation');
    renderWithClient(<WebsiteModal open siteId={null} onClose={() => undefined} />);
    await screen.findByPlaceholderText('www.example.com');
    await waitFor(() => expect(safButton()?.disabled).toBe(true));
  });

  it('is not offered to the read-only role, which never asks for the SAF type', async () => {
    setAccount(['viewer'], true);
    const { calls } = serveSite('Pending Activation');
    renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });
    expect(safButton()).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/documenttypes/required'))).toBe(false);
  });

  it('the Files tab shows the upload controls and the site files', async () => {
    serveSite('Active');
    renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('tab', { name: 'Files' }));
    const panel = await screen.findByTestId('documents-panel');
    expect(within(panel).getByText('Drop file here or', { exact: false })).toBeTruthy();
    expect(await within(panel).findByText(/No files have been uploaded for this website yet/)).toBeTruthy();
  });
});
