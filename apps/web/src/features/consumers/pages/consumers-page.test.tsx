import { screen, within } from '@testing-library/react';
import { FeedMessages, type ConsumersResponse } from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import ConsumersPage from './consumers-page.tsx';

const harbor = {
  id: 1,
  vendorName: 'Harbor IDX Co.',
  vendorCode: 'HIC',
  feedType: 'RESO Web API',
  status: 'Active' as const,
  since: '2025-03-01',
};

function serve(body: ConsumersResponse) {
  return serveApi((method, path) =>
    method === 'GET' && path === '/portal/consumers' ? { body } : undefined,
  );
}

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => vi.unstubAllGlobals());

describe('Data Feeds page', () => {
  it('shows a provider the consumers it feeds: vendor, feed type, status and since', async () => {
    serve({ isProvider: true, isConsumer: false, consumers: [harbor], providers: [] });
    renderWithClient(<ConsumersPage />);
    const table = await screen.findByTestId('feeds-consumers');
    const row = within(table).getByText('Harbor IDX Co.').closest('tr')!;
    for (const text of ['HIC', 'RESO Web API', 'Active', '03/01/2025'])
      expect(within(row).getByText(text)).toBeTruthy();
    // The status in its tone, as the sites' statuses are; the date as every screen writes it.
    expect(within(row).getByTestId('feed-status').getAttribute('data-tone')).toBe('success');
    expect(within(row).queryByText('2025-03-01')).toBeNull();
    expect(screen.getByRole('heading', { name: FeedMessages.consumersTitle })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: FeedMessages.providersTitle })).toBeNull();
  });

  it('shows a consumer its providers, and says so when there are none yet', async () => {
    serve({ isProvider: false, isConsumer: true, consumers: [], providers: [] });
    renderWithClient(<ConsumersPage />);
    expect(await screen.findByText(FeedMessages.noProviders)).toBeTruthy();
    expect(screen.getByRole('heading', { name: FeedMessages.providersTitle })).toBeTruthy();
    expect(screen.queryByTestId('feeds-consumers')).toBeNull();
  });
});
