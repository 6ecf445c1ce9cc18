import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { HistoryTimeline } from './history-timeline.tsx';

beforeEach(() => setToken('t'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('History timeline', () => {
  it('shows each entry with its user and every change from and to; 0001-01-01 reads Not Available', async () => {
    serveApi((_m, path) =>
      path === '/website/7/changelog'
        ? {
            body: [
              {
                date: '2026-03-04',
                description: 'Website updated',
                user: { username: 'demo', firstName: 'Dana', lastName: 'Whitfield' },
                changes: [
                  { path: ['status'], from: 'Pending Activation', to: 'Pending Termination' },
                  { path: ['termDate'], from: null, to: '2026-12-31' },
                ],
              },
              {
                date: '0001-01-01',
                description: 'Imported',
                user: { username: 'system', firstName: '', lastName: '' },
                changes: [],
              },
            ],
          }
        : undefined,
    );
    renderWithClient(<HistoryTimeline siteId={7} />);
    expect(await screen.findByText('Website updated')).toBeTruthy();
    expect(screen.getByText('demo (Dana Whitfield)')).toBeTruthy();
    const changes = screen.getAllByTestId('history-change').map((c) => c.textContent);
    expect(changes).toEqual(['Status: Active (Pending) → Inactive (Pending)', 'Term Date: N/A → 12/31/2026']);
    expect(screen.getByText('03/04/2026')).toBeTruthy();
    expect(screen.getByText('Not Available')).toBeTruthy();
  });

  it('reads for people: field labels, agents and products by name, a request as requested with its reason', async () => {
    serveApi((_m, path) =>
      path === '/website/7/changelog'
        ? {
            body: [
              {
                date: '2026-03-05T10:00:00Z',
                kind: 'website.agent_change_requested',
                description: 'Agent change requested',
                user: { username: 'demo', firstName: 'Dana', lastName: 'Whitfield' },
                changes: [
                  { path: ['memberNumber'], from: 'Alice Agent (#M100)', to: 'Carol Agent (#M200)' },
                  { path: ['reason'], from: null, to: 'The agent moved office.' },
                ],
              },
              {
                date: '2026-03-04T10:00:00Z',
                kind: 'website.updated',
                description: 'Website updated',
                user: { username: 'demo', firstName: 'Dana', lastName: 'Whitfield' },
                changes: [
                  { path: ['products'], from: ['IDX Website'], to: ['IDX Team Website'] },
                  { path: ['dba'], from: 'Old', to: 'New' },
                  {
                    path: ['team', 'memberIds'],
                    from: ['Alice Agent (#M100)'],
                    to: ['Alice Agent (#M100)', 'Carol Agent (#M200)'],
                  },
                ],
              },
            ],
          }
        : undefined,
    );
    renderWithClient(<HistoryTimeline siteId={7} />);
    expect(await screen.findByText('Agent change requested')).toBeTruthy();
    expect(screen.getAllByTestId('history-change').map((c) => c.textContent)).toEqual([
      'Agent (requested): Alice Agent (#M100) → Carol Agent (#M200)',
      'Reason: The agent moved office.',
      'Product: IDX Website → IDX Team Website',
      'DBA: Old → New',
      // A member added reads as added: the primary who stayed is not struck through.
      'Team members: added Carol Agent (#M200)',
    ]);
  });
});
