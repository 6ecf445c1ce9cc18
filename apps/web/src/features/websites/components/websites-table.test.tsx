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

  it('every column of the list sorts, MLS ID included', () => {
    const change = vi.fn();
    render(<WebsitesTable rows={rows} total={2} loading={false} state={state} onStateChange={change} />);
    for (const name of [
      'Domain',
      'Status',
      'Licensee',
      'MLS Status',
      'Office',
      'MLS ID',
      'Member #',
      'Start Date',
      'Term Date',
    ])
      expect(
        screen.getByRole('columnheader', { name }).classList.contains('ant-table-column-has-sorters'),
        name,
      ).toBe(true);
    fireEvent.click(screen.getByRole('columnheader', { name: 'MLS ID' }));
    expect(change).toHaveBeenCalledWith({ sort: 'mlsId', order: 'asc', page: 1 });
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

  it('the rows are one Tab stop; up and down move between them, right reaches View site, Enter opens', () => {
    const opened: number[] = [];
    const viewed: number[] = [];
    render(
      <WebsitesTable
        rows={rows}
        total={2}
        loading={false}
        state={state}
        onStateChange={() => undefined}
        onOpen={(site) => opened.push(site.rowKey)}
        onView={(site) => viewed.push(site.rowKey)}
      />,
    );
    const bodyRows = () => [...document.querySelectorAll<HTMLElement>('.ant-table-tbody > tr[data-row-key]')];
    expect(bodyRows().map((r) => r.tabIndex)).toEqual([0, -1]);
    const views = screen.getAllByRole('button', { name: /^View / });
    expect(views.map((b) => b.tabIndex)).toEqual([-1, -1]);

    bodyRows()[0]!.focus();
    fireEvent.keyDown(bodyRows()[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(bodyRows()[1]);
    // The row in focus becomes the table's Tab stop.
    expect(bodyRows().map((r) => r.tabIndex)).toEqual([-1, 0]);
    fireEvent.keyDown(bodyRows()[1]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(views[1]);
    fireEvent.keyDown(views[1]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(bodyRows()[1]);
    fireEvent.keyDown(bodyRows()[1]!, { key: 'Home' });
    expect(document.activeElement).toBe(bodyRows()[0]);
    fireEvent.keyDown(bodyRows()[0]!, { key: 'End' });
    expect(document.activeElement).toBe(bodyRows()[1]);
    fireEvent.keyDown(bodyRows()[1]!, { key: 'Enter' });
    expect(opened).toEqual([rows[1]!.rowKey]);
    expect(viewed).toEqual([]);
  });

  it('a row the pointer or the keyboard comes to tells of the intent, so its site can be asked for early', () => {
    const intents: number[] = [];
    render(
      <WebsitesTable
        rows={rows}
        total={2}
        loading={false}
        state={state}
        onStateChange={() => undefined}
        onOpen={() => undefined}
        onIntent={(site) => intents.push(site.rowKey)}
      />,
    );
    const bodyRows = [...document.querySelectorAll<HTMLElement>('.ant-table-tbody > tr[data-row-key]')];
    fireEvent.pointerEnter(bodyRows[1]!);
    bodyRows[0]!.focus();
    expect(intents).toEqual([8, 7]);
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
