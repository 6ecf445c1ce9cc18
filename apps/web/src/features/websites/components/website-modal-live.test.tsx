import { LiveMessages, type LiveEvent, type Website } from '@vp/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_ID } from '../../../lib/http.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { emitLiveEvent } from '../../../live/live-events.ts';
import { metadata, products, renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import { DiscardTexts } from '../../../components/discard-confirm.ts';
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
const live = (over: Partial<LiveEvent>) =>
  act(() =>
    emitLiveEvent({
      type: 'website',
      context: 'website',
      siteId: 7,
      username: 'carol',
      action: 'update',
      ...over,
    }),
  );

async function open(onClose = vi.fn()) {
  let current: Website = website({ version: 1, dba: '' });
  serveApi((method, path) => {
    if (path === '/portal/metadata') return { body: metadata() };
    if (path === '/products') return { body: products };
    if (path === '/profile') return { body: { id: 1, username: 'dana', role: 'vendor' } };
    if (method === 'GET' && path === '/portal/websites/7') return { body: current };
    return undefined;
  });
  const rendered = renderWithClient(<WebsiteModal open siteId={7} onClose={onClose} />);
  await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });
  await waitFor(() => expect(rendered.client.getQueryData(['profile', 'me'])).toBeTruthy());
  return {
    onClose,
    client: rendered.client,
    changeByOthers: () => {
      current = { ...current, dba: 'Their DBA', version: current.version + 1 };
    },
  };
}

async function editDba(value: string) {
  fireEvent.change(input('DBA'), { target: { value } });
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false),
  );
}

describe('website modal: changes made elsewhere', () => {
  it("another user's update warns; Refresh, once the edits may go, shows their data in their place", async () => {
    const site = await open();
    await editDba('My DBA');
    site.changeByOthers();
    live({});
    const alert = await screen.findByTestId('changed-alert');
    // Who changed it and when, and that Refresh shows it.
    expect(alert.textContent).toMatch(/^carol changed this website at \d{1,2}:\d{2} [AP]M\. /);
    expect(alert.textContent).toContain(LiveMessages.siteChanged);
    // The edits stay until the user chooses.
    expect(input('DBA').value).toBe('My DBA');
    fireEvent.click(within(alert).getByRole('button', { name: LiveMessages.refresh }));
    // The edits go only when the user agrees.
    const [question] = await screen.findAllByText(DiscardTexts.title);
    const dialog = question!.closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(dialog).getByRole('button', { name: DiscardTexts.cancel }));
    await waitFor(() => expect(screen.queryByText(DiscardTexts.title)).toBeNull());
    expect(input('DBA').value).toBe('My DBA');
    fireEvent.click(within(alert).getByRole('button', { name: LiveMessages.refresh }));
    const [again] = await screen.findAllByText(DiscardTexts.title);
    fireEvent.click(
      within(again!.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: DiscardTexts.ok }),
    );
    await waitFor(() => expect(input('DBA').value).toBe('Their DBA'));
    await waitFor(() => expect(screen.queryByTestId('changed-alert')).toBeNull());
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('not refreshing keeps the edits', async () => {
    const site = await open();
    await editDba('My DBA');
    site.changeByOthers();
    live({});
    const alert = await screen.findByTestId('changed-alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Keep my edits' }));
    await waitFor(() => expect(screen.queryByTestId('changed-alert')).toBeNull());
    expect(input('DBA').value).toBe('My DBA');
  });

  it("this tab's own change, and another site's, say nothing", async () => {
    await open();
    live({ username: 'dana', tab: TAB_ID });
    live({ siteId: 8, username: 'carol' });
    live({ type: 'comment', username: 'carol' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('changed-alert')).toBeNull();
  });

  it('the same user in another tab warns; a form without edits already shows the change', async () => {
    const site = await open();
    site.changeByOthers();
    live({ username: 'dana', tab: 'another-tab-0001' });
    // As the live channel does on an event: what it names is read again.
    await act(() => site.client.invalidateQueries());
    const alert = await screen.findByTestId('changed-alert');
    expect(alert.textContent).toMatch(/^You changed this website in another tab at \d{1,2}:\d{2} [AP]M\. /);
    expect(alert.textContent).toContain(LiveMessages.siteChangedShown);
    await waitFor(() => expect(input('DBA').value).toBe('Their DBA'));
    // The form is the latest already: nothing to refresh, only a notice to dismiss.
    expect(within(alert).queryByRole('button', { name: LiveMessages.refresh })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('changed-alert')).toBeNull());
  });

  it('a delete closes the modal, saying the site has been deleted', async () => {
    const success = vi.spyOn(message, 'success');
    const { onClose } = await open();
    live({ action: 'delete' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(success).toHaveBeenCalledWith(LiveMessages.siteDeleted, undefined));
  });
});
