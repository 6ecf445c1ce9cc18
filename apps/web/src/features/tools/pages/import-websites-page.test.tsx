import { ImportMessages, WebsiteMessages, type ImportRow, type ImportRowResult } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import writeXlsxFile from 'write-excel-file/universal';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Call } from '../../../testing/fake-api.tsx';
import { PHONE, stubMedia } from '../../../testing/media.ts';
import { ImportTable } from '../import/import-table.tsx';
import ImportWebsitesPage from './import-websites-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/tools/import-websites', element: <ImportWebsitesPage /> }], {
    initialEntries: ['/tools/import-websites'],
  });
  return renderWithClient(<RouterProvider router={router} />);
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
function choose(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

const CSV = [
  'Domain,Member #,Product,DBA,Start Date',
  'one.example.com,3000001,IDX Website,One,',
  'bad domain,3000001,IDX Website,,',
  'three.example.com,9999999,IDX Website,,',
  'four.example.com,3000001,VOW Website,,2027-01-01',
].join('\n');

/** The server's verdict: row 3 a bad domain, row 4 an unknown agent. */
function verdict(rows: ImportRow[], created = false): ImportRowResult[] {
  return rows.map((r, i) => {
    if (r.row === 3) return { row: 3, ok: false, message: WebsiteMessages.domainInvalid, siteId: null };
    if (r.row === 4) return { row: 4, ok: false, message: WebsiteMessages.agentNotFound, siteId: null };
    return { row: r.row, ok: true, message: '', siteId: created ? 100 + i : null };
  });
}

function serveImport(refuseAll = false) {
  return serveApi((method, path, body) => {
    const rows = (body as { rows: ImportRow[] } | undefined)?.rows ?? [];
    if (method === 'POST' && path === '/portal/websites/import/check') {
      const r = verdict(rows);
      return { body: { rows: r, valid: 2, invalid: 2, created: 0 } };
    }
    if (method === 'POST' && path === '/portal/websites/import') {
      if (refuseAll && (body as { onlyIfAllValid: boolean }).onlyIfAllValid)
        return {
          status: 400,
          body: { code: 400, message: ImportMessages.notAllValid(2), rows: verdict(rows) },
        };
      return { status: 201, body: { rows: verdict(rows, true), valid: 2, invalid: 2, created: 2 } };
    }
    return undefined;
  });
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('Import Websites', () => {
  it('reads a csv, checks it, shows the problem rows in red, and imports the valid ones', async () => {
    const { calls } = serveImport();
    renderPage();
    choose(new File([CSV], 'sites.csv', { type: 'text/csv' }));
    expect(await screen.findByText('4 rows read from the file.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.click(screen.getByTestId('import-check'));
    expect(await screen.findByText('2 ok, 2 with problems.')).toBeTruthy();
    expect(posts(calls)[0]!.body).toEqual({
      rows: [
        {
          row: 2,
          domainName: 'one.example.com',
          memberNumber: '3000001',
          product: 'IDX Website',
          dba: 'One',
          startDate: '',
        },
        {
          row: 3,
          domainName: 'bad domain',
          memberNumber: '3000001',
          product: 'IDX Website',
          dba: '',
          startDate: '',
        },
        {
          row: 4,
          domainName: 'three.example.com',
          memberNumber: '9999999',
          product: 'IDX Website',
          dba: '',
          startDate: '',
        },
        {
          row: 5,
          domainName: 'four.example.com',
          memberNumber: '3000001',
          product: 'VOW Website',
          dba: '',
          startDate: '2027-01-01',
        },
      ],
    });
    // Problem rows are shown first; all rows are one click away.
    const problems = screen.getAllByTestId('row-problem').map((e) => e.textContent);
    expect(problems).toEqual([WebsiteMessages.domainInvalid, WebsiteMessages.agentNotFound]);
    expect(screen.queryByText('one.example.com')).toBeNull();
    fireEvent.click(screen.getByText('All rows'));
    expect(await screen.findByText('one.example.com')).toBeTruthy();
    expect(within(screen.getByTestId('import-table')).getAllByText('OK')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Import 2 valid rows' }));
    expect(await screen.findByText('2 created, 2 with problems.')).toBeTruthy();
    expect(posts(calls)[1]!.body).toMatchObject({ onlyIfAllValid: false });
    expect(within(screen.getByTestId('import-table')).getAllByText('Created')).toHaveLength(2);
    expect(screen.getByTestId('import-done').textContent).toContain(ImportMessages.imported(2));
  });

  it('with "only if every row is valid": bad rows keep it from being asked; a refusal shows its table', async () => {
    renderPage();
    serveImport(true);
    choose(new File([CSV], 'sites.csv'));
    fireEvent.click(await screen.findByTestId('import-check'));
    await screen.findByText('2 ok, 2 with problems.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Import only if every row is valid' }));
    const commit = screen.getByTestId('import-commit') as HTMLButtonElement;
    expect(commit.textContent).toBe('Import only if all rows are valid');
    expect(commit.disabled).toBe(true);

    // Rows that were fine at the check but are not at the import: nothing is created, the table says why.
    const { calls } = serveApi((method, path, body) => {
      const rows = (body as { rows: ImportRow[] }).rows;
      if (path === '/portal/websites/import/check')
        return {
          body: {
            rows: rows.map((r) => ({ row: r.row, ok: true, message: '', siteId: null })),
            valid: 4,
            invalid: 0,
            created: 0,
          },
        };
      if (method === 'POST' && path === '/portal/websites/import')
        return {
          status: 400,
          body: { code: 400, message: ImportMessages.notAllValid(2), rows: verdict(rows) },
        };
      return undefined;
    });
    fireEvent.click(screen.getByTestId('import-check'));
    await screen.findByText('4 ok, 0 with problems.');
    fireEvent.click(screen.getByTestId('import-commit'));
    expect((await screen.findByTestId('call-error')).textContent).toContain(ImportMessages.notAllValid(2));
    expect(posts(calls)[1]!.body).toMatchObject({ onlyIfAllValid: true });
    expect(screen.getAllByTestId('row-problem').map((e) => e.textContent)).toEqual([
      WebsiteMessages.domainInvalid,
      WebsiteMessages.agentNotFound,
    ]);
    expect(screen.queryByText('Created')).toBeNull();
  });

  it('refuses a bad file with its message and sends nothing', async () => {
    const { calls } = serveImport();
    renderPage();
    const blob = await writeXlsxFile([
      ['Domain', 'Product'],
      ['a.example.com', 'IDX Website'],
    ]).toBlob();
    choose(new File([await blob.arrayBuffer()], 'sites.xlsx'));
    expect((await screen.findByTestId('file-error')).textContent).toContain(
      ImportMessages.missingColumns(['Member #', 'DBA', 'Start Date']),
    );
    expect(screen.queryByTestId('import-check')).toBeNull();

    choose(new File(['%PDF-1.4'], 'sites.pdf'));
    await waitFor(() =>
      expect(screen.getByTestId('file-error').textContent).toContain(ImportMessages.notSpreadsheet),
    );
    expect(posts(calls)).toEqual([]);
  });
});

describe('the row table', () => {
  const rows: ImportRow[] = [
    {
      row: 2,
      domainName: 'a.example.com',
      memberNumber: '1',
      product: 'IDX Website',
      dba: '',
      startDate: '',
    },
    {
      row: 3,
      domainName: 'b.example.com',
      memberNumber: '2',
      product: 'IDX Website',
      dba: '',
      startDate: '',
    },
  ];
  it('shows rows unchecked before the dry run, and only the problem rows when asked', () => {
    const { rerender } = renderWithClient(<ImportTable rows={rows} results={new Map()} filter="all" />);
    expect(screen.getAllByText('Not checked')).toHaveLength(2);
    const results = new Map<number, ImportRowResult>([
      [2, { row: 2, ok: true, message: '', siteId: null }],
      [3, { row: 3, ok: false, message: WebsiteMessages.duplicateDomain, siteId: null }],
    ]);
    rerender(<ImportTable rows={rows} results={results} filter="problems" />);
    expect(screen.queryByText('a.example.com')).toBeNull();
    expect(screen.getByText('b.example.com')).toBeTruthy();
    expect(screen.getByTestId('row-problem').textContent).toBe(WebsiteMessages.duplicateDomain);
  });

  it('on a phone, a card per row: its number, domain and status whole; a long file a page at a time', () => {
    stubMedia(PHONE);
    const many: ImportRow[] = Array.from({ length: 120 }, (_, i) => ({
      ...rows[0]!,
      row: i + 2,
      domainName: `site-${i + 2}.example.com`,
    }));
    const results = new Map<number, ImportRowResult>([
      [3, { row: 3, ok: false, message: WebsiteMessages.duplicateDomain, siteId: null }],
    ]);
    renderWithClient(<ImportTable rows={many} results={results} filter="all" />);
    expect(screen.queryByTestId('import-table')).toBeNull();
    const cards = screen.getAllByTestId('import-card');
    expect(cards).toHaveLength(50);
    expect(cards[1]!.textContent).toContain('Row 3');
    expect(cards[1]!.textContent).toContain('site-3.example.com');
    expect(within(cards[1]!).getByTestId('row-problem').textContent).toBe(WebsiteMessages.duplicateDomain);
    expect(cards[1]!.className).toContain('vp-import-bad');
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more of 70' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show 20 more of 20' }));
    expect(screen.getAllByTestId('import-card')).toHaveLength(120);
    expect(screen.queryByTestId('import-more')).toBeNull();
  });
});
