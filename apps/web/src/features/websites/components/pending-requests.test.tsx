import { DeclinedMessages, PENDING_REQUEST_TITLES, type PendingRequest } from '@vp/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, products, renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import { WebsiteModal } from './website-modal.tsx';

/** The website modal shows the requests a site has waiting for MLS staff: pending, not done. */

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = { username: 'demo', firstName: 'Dana', lastName: 'Whitfield' };

function open(pendingRequests: PendingRequest[] | undefined) {
  serveApi((method, path) => {
    if (path === '/portal/metadata') return { body: metadata() };
    if (path === '/products') return { body: products };
    if (path === '/portal/websites/7')
      return { body: { ...website({ status: 'Active' }), ...(pendingRequests ? { pendingRequests } : {}) } };
    return undefined;
  });
  renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
}

describe('pending requests in the website modal', () => {
  it('shows each pending request with what it asks for, its date, sender and reason', async () => {
    open([
      {
        id: 1,
        kind: 'domain',
        date: '2026-11-20T15:00:00.000Z',
        reason: 'The brokerage renamed itself.',
        requested: 'harborhomes.example.com',
        user,
        newForm: null,
      },
      {
        id: 2,
        kind: 'agent',
        date: '2026-11-21T15:00:00.000Z',
        reason: '',
        requested: 'Carol Agent (#M200)',
        user,
        newForm: null,
      },
    ]);
    const box = await screen.findByTestId('pending-requests', {}, { timeout: 5000 });
    const alerts = within(box).getAllByRole('alert');
    expect(alerts).toHaveLength(2);
    expect(alerts[0]!.textContent).toContain(PENDING_REQUEST_TITLES.domain);
    expect(alerts[0]!.textContent).toContain('New domain harborhomes.example.com');
    expect(alerts[0]!.textContent).toContain('Sent 11/20/2026 by Dana Whitfield');
    expect(alerts[0]!.textContent).toContain('Reason: The brokerage renamed itself.');
    expect(alerts[1]!.textContent).toContain(PENDING_REQUEST_TITLES.agent);
    expect(alerts[1]!.textContent).toContain('New agent Carol Agent (#M200)');
    expect(alerts[1]!.textContent).not.toContain('Reason');
    // The site keeps its domain until the request is decided.
    expect(screen.getByDisplayValue('summit-homes.example.com')).toBeTruthy();
  });

  it('shows what was declined, by whom, when, why and what to do next', async () => {
    serveApi((_m, path) => {
      if (path === '/portal/metadata') return { body: metadata() };
      if (path === '/products') return { body: products };
      if (path === '/portal/websites/7')
        return {
          body: {
            ...website({ status: 'Active' }),
            pendingRequests: [],
            declined: [
              {
                what: 'product',
                title: DeclinedMessages.title.product,
                requested: 'VOW Website',
                by: 'Morgan Staff',
                date: '2026-11-24T15:00:00.000Z',
                reason: 'The broker has not agreed to a VOW.',
                next: DeclinedMessages.next.product,
              },
            ],
          },
        };
      return undefined;
    });
    renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
    const box = await screen.findByTestId('declined-decision', {}, { timeout: 5000 });
    expect(box.textContent).toContain(DeclinedMessages.title.product);
    expect(box.textContent).toContain('New product VOW Website');
    expect(box.textContent).toContain('Declined 11/24/2026 by Morgan Staff');
    expect(box.textContent).toContain('Reason: The broker has not agreed to a VOW.');
    expect(box.textContent).toContain(`Next: ${DeclinedMessages.next.product}`);
  });

  it('shows a termination request by its term date', async () => {
    open([
      {
        id: 3,
        kind: 'termination',
        date: '2026-11-22T15:00:00.000Z',
        reason: 'Retiring',
        requested: '2026-12-31',
        user,
        newForm: null,
      },
    ]);
    const box = await screen.findByTestId('pending-requests', {}, { timeout: 5000 });
    expect(box.textContent).toContain(PENDING_REQUEST_TITLES.termination);
    expect(box.textContent).toContain('Term date 12/31/2026');
  });

  it('shows nothing when no request is pending', async () => {
    open([]);
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });
    expect(screen.queryByTestId('pending-requests')).toBeNull();
  });
});
