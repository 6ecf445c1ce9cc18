import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { website } from '../../../testing/fake-api.tsx';
import { WebsitesTable, type TableState } from './websites-table.tsx';

const state: TableState = { page: 1, pageSize: 50, sort: 'domainName', order: 'asc' };
const rows = [website({ rowKey: 7 }), website({ rowKey: 8, domainName: 'second.example.com' })];

describe('Websites table', () => {
  it('reports only what a click changed, so a click on a table not yet redrawn undoes nothing', () => {
    const change = vi.fn();
    // The table is not redrawn between the clicks (its state stays), as when the second click
    // lands before the first change has come back through the URL.
    render(<WebsitesTable rows={rows} total={120} loading={false} state={state} onStateChange={change} />);
    fireEvent.click(screen.getByRole('columnheader', { name: 'Licensee' }));
    fireEvent.click(screen.getByTitle('2'));
    expect(change.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      { sort: 'licensee', order: 'asc', page: 1 },
      { page: 2, pageSize: 50 },
    ]);
  });

  it('the sortable headers are one Tab stop, the sorted column; the arrow keys move between them', () => {
    render(
      <WebsitesTable
        rows={rows}
        total={2}
        loading={false}
        state={{ ...state, sort: 'status' }}
        onStateChange={() => undefined}
      />,
    );
    const stops = screen.getAllByRole('columnheader').filter((th) => th.tabIndex === 0);
    expect(stops.map((th) => th.getAttribute('aria-label'))).toEqual(['Status']);
    const status = screen.getByRole('columnheader', { name: 'Status' });
    status.focus();
    fireEvent.keyDown(status, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('columnheader', { name: 'Licensee' }));
  });

  it('an empty answer shows the reason given, and loading shows no empty text', () => {
    const { rerender } = render(
      <WebsitesTable
        rows={[]}
        total={0}
        loading
        state={state}
        onStateChange={() => undefined}
        emptyText="Why"
      />,
    );
    expect(screen.getByText('Loading websites')).toBeTruthy();
    expect(screen.queryByText('Why')).toBeNull();
    rerender(
      <WebsitesTable
        rows={[]}
        total={0}
        loading={false}
        state={state}
        onStateChange={() => undefined}
        emptyText="Why"
      />,
    );
    expect(screen.getByText('Why')).toBeTruthy();
  });
});
