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
    expect(changes).toEqual([
      'status: Pending Activation → Pending Termination',
      'termDate: N/A → 12/31/2026',
    ]);
    expect(screen.getByText('03/04/2026')).toBeTruthy();
    expect(screen.getByText('Not Available')).toBeTruthy();
  });
});
