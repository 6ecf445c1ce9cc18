import { StaleMessages, WebsiteMessages, type Website } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, products, renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import { WebsiteModal } from './website-modal.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' });

/** A site at version 3 on the server, which someone else moves on to version 4 with their DBA. */
function serveStale() {
  let current: Website = website({ version: 3, dba: '' });
  const server = serveApi((method, path, body) => {
    if (path === '/portal/metadata') return { body: metadata() };
    if (path === '/products') return { body: products };
    if (method === 'GET' && path === '/portal/websites/7') return { body: current };
    if (method === 'PUT' && path === '/portal/websites') {
      const sent = body as { version: number; dba: string };
      if (sent.version !== current.version)
        return { status: 409, body: { code: 409, message: StaleMessages.website } };
      current = { ...current, dba: sent.dba, version: current.version + 1 };
      return { body: current };
    }
    return undefined;
  });
  return {
    ...server,
    changeByOthers: () => {
      current = { ...current, dba: 'Their DBA', version: current.version + 1 };
    },
  };
}

describe('website modal: a save made from stale data', () => {
  it('sends the version it loaded; a 409 says so and Reload shows the site as it is now', async () => {
    const server = serveStale();
    renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });

    server.changeByOthers();
    fireEvent.change(input('DBA'), { target: { value: 'My DBA' } });
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());

    const alert = await screen.findByTestId('stale-alert');
    expect(alert.textContent).toContain(StaleMessages.website);
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ rowKey: 7, version: 3, dba: 'My DBA' });
    // Nothing was saved: no success, and the edit is still there for the user to see.
    expect(screen.queryByText(WebsiteMessages.saved)).toBeNull();
    expect(input('DBA').value).toBe('My DBA');

    fireEvent.click(within(alert).getByRole('button', { name: StaleMessages.reload }));
    await waitFor(() => expect(input('DBA').value).toBe('Their DBA'));
    expect(screen.queryByTestId('stale-alert')).toBeNull();
    // Reloaded, the form is unchanged again; a new edit is saved from the version now shown.
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(input('DBA'), { target: { value: 'Our DBA' } });
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText(WebsiteMessages.saved)).toBeTruthy();
    const puts = server.calls.filter((c) => c.method === 'PUT');
    expect(puts.at(-1)?.body).toMatchObject({ version: 4, dba: 'Our DBA' });
  });

  it('a newer reading of the site replaces a form without edits, never one with edits', async () => {
    const server = serveStale();
    const { client } = renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });

    server.changeByOthers();
    await client.invalidateQueries();
    await waitFor(() => expect(input('DBA').value).toBe('Their DBA'));

    fireEvent.change(input('DBA'), { target: { value: 'Mine' } });
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    server.changeByOthers();
    await client.invalidateQueries();
    await waitFor(() => expect(client.getQueryData<Website>(['websites', 'detail', 7])?.version).toBe(5));
    expect(input('DBA').value).toBe('Mine');
    fireEvent.click(saveButton());
    expect(await screen.findByTestId('stale-alert')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({ version: 4 });
  });
});
