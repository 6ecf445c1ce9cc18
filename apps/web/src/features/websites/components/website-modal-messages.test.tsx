import { CommentMessages } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, products, renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import { WebsiteModal } from './website-modal.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const staff = { id: 2, username: 'mls', firstName: 'Morgan', lastName: 'Staff' };

describe('website modal: Messages tab', () => {
  it('shows how many messages are new on its label, and the conversation once opened', async () => {
    serveApi((method, path) => {
      if (path === '/portal/metadata') return { body: metadata() };
      if (path === '/products') return { body: products };
      if (path === '/profile') return { body: { id: 1, username: 'dana', role: 'vendor' } };
      if (path === '/portal/websites/7') return { body: website() };
      if (path === '/website/7/comments')
        return {
          body: [1, 2].map((id) => ({
            id,
            user: staff,
            dateTime: `2026-03-0${id}T10:00:00.000Z`,
            comment: `Please send the SAF (${id})`,
            public: true,
            siteId: 7,
          })),
        };
      return undefined;
    });
    renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });
    const tab = await screen.findByRole('tab', { name: /^Messages\s*, 2 unread$/ });
    fireEvent.click(tab);
    const pane = await screen.findByTestId('messages-tab');
    expect(await within(pane).findByText('Please send the SAF (2)')).toBeTruthy();
    expect(within(pane).getByRole('button', { name: CommentMessages.send })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Messages' })).toBeTruthy());
  });
});
