import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DECISION_KINDS,
  ReportMessages,
  addMonths,
  monthOf,
  monthsBetween,
  type ApprovalStats,
  type ApprovalTimesReport,
  type BillableSitesReport,
  type SitesByProductReport,
} from '@vp/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import writeXlsxFile from 'write-excel-file/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Call } from '../../../testing/fake-api.tsx';
import ReportsPage from './reports-page.tsx';

const toFile = vi.fn(async (_name: string) => undefined);
vi.mock('write-excel-file/browser', () => ({ default: vi.fn(() => ({ toFile })) }));

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const CURRENT = monthOf();
const DEFAULT = { from: addMonths(CURRENT, -11), to: CURRENT };

function billable(from: string, to: string, empty = false): BillableSitesReport {
  const months = monthsBetween(from, to);
  const vendors = empty
    ? []
    : [
        {
          id: 2,
          name: 'Harbor IDX Co',
          code: 'HIC',
          sites: months.map(() => 3),
          siteMonths: 3 * months.length,
        },
        {
          id: 1,
          name: 'Summit Web Solutions',
          code: 'SWS',
          sites: months.map((_m, i) => 10 + i),
          siteMonths: months.reduce((sum, _m, i) => sum + 10 + i, 0),
        },
      ];
  const sites = months.map((_m, i) => vendors.reduce((sum, v) => sum + v.sites[i]!, 0));
  return { from, to, months, vendors, totals: { sites, siteMonths: sites.reduce((a, b) => a + b, 0) } };
}

const none: ApprovalStats = { decisions: 0, medianHours: null, p90Hours: null };
const noKinds = Object.fromEntries(
  DECISION_KINDS.map((k) => [k, none]),
) as ApprovalTimesReport['overall']['byKind'];

function approvals(from: string, to: string, empty = false): ApprovalTimesReport {
  const months = monthsBetween(from, to).map((month, i) =>
    empty || i !== 1
      ? { month, all: none, byKind: noKinds }
      : {
          month,
          all: { decisions: 4, medianHours: 10, p90Hours: 30.5 },
          byKind: {
            ...noKinds,
            activation: { decisions: 3, medianHours: 6, p90Hours: 9 },
            termination: { decisions: 1, medianHours: 30.5, p90Hours: 30.5 },
          },
        },
  );
  const all = empty ? none : { decisions: 4, medianHours: 10, p90Hours: 30.5 };
  return { from, to, goalHours: 24, months, overall: { all, byKind: noKinds } };
}

const products: SitesByProductReport = {
  asOf: '2026-06-15T12:00:00.000Z',
  rows: [
    {
      productId: 1,
      product: 'IDX Website',
      counts: { Active: 50, 'Pending Activation': 8, 'Pending Termination': 4, Inactive: 12 },
      total: 74,
    },
    {
      productId: 3,
      product: 'VOW Website',
      counts: { Active: 5, 'Pending Activation': 1, 'Pending Termination': 0, Inactive: 2 },
      total: 8,
    },
  ],
  totals: {
    counts: { Active: 55, 'Pending Activation': 9, 'Pending Termination': 4, Inactive: 14 },
    total: 82,
  },
};

const rangeOf = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1]));

/** The fake API: each report for the range asked, `empty` ones without figures. */
function serveReports(empty = false) {
  return serveApi((method, path) => {
    if (method !== 'GET') return undefined;
    const { from, to } = rangeOf(path);
    if (path.startsWith('/admin/reports/billable-sites?')) return { body: billable(from!, to!, empty) };
    if (path.startsWith('/admin/reports/approval-times?')) return { body: approvals(from!, to!, empty) };
    if (path === '/admin/reports/sites-by-product') return { body: products };
    return undefined;
  });
}

function renderAt(url = '/admin/reports') {
  const router = createMemoryRouter([{ path: '/admin/reports', element: <ReportsPage /> }], {
    initialEntries: [url],
  });
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

const callsTo = (calls: Call[], report: string) =>
  calls.filter((c) => c.path.startsWith(`/admin/reports/${report}`));

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Reports', () => {
  it('shows billable sites per vendor and month, with totals, for the last 12 months', async () => {
    const { calls } = serveReports();
    renderAt();
    const table = await screen.findByTestId('billable-table', {}, { timeout: 5000 });
    expect(rangeOf(callsTo(calls, 'billable-sites')[0]!.path)).toEqual(DEFAULT);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toHaveLength(14);
    expect(headers[0]).toBe('Vendor');
    expect(headers.at(-1)).toBe('Site-months');
    const rows = within(table).getAllByRole('row');
    const harbor = rows.find((r) => r.textContent?.includes('Harbor IDX Co'))!;
    expect(cellTexts(harbor).slice(1)).toEqual([...Array(12).fill('3'), '36']);
    const total = rows.find((r) => r.textContent?.startsWith('All vendors'))!;
    expect(cellTexts(total).slice(0, 3)).toEqual(['All vendors', '13', '14']);
    // The chart says what it shows; its figures are the table's.
    const chart = within(screen.getByTestId('report-billable')).getByRole('img', {
      name: /^Stacked bar chart/,
    });
    expect(chart.getAttribute('aria-label')).toContain('billable sites per month, by vendor');
    expect(chart.getAttribute('aria-label')).toContain(', 13 in all;');
    // Each vendor is a segment of the month's bar, named in the legend.
    const legend = screen.getByTestId('report-billable').querySelector('.vp-report-legend');
    expect(legend?.textContent).toContain('Harbor IDX Co');
    // A picture has no tab stops: the layers recharts draws through portals are taken out of the order.
    await waitFor(() => {
      const layers = [...chart.querySelectorAll('g[class^="recharts-zIndex-layer"]')];
      expect(layers.length).toBeGreaterThan(0);
      expect(layers.every((g) => g.getAttribute('tabindex') === '-1')).toBe(true);
    });
  });

  it('shows approval times per month against the goal, and by kind', async () => {
    serveReports();
    renderAt();
    const table = await screen.findByTestId('approval-table', {}, { timeout: 5000 });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 12 + 1);
    const second = cellTexts(rows[2]!);
    expect(second.slice(1, 4)).toEqual(['4', '10 (met)', '30.5']);
    expect(second[4]).toBe('3median 6 h');
    expect(second[5]).toBe('1median 30.5 h');
    expect(cellTexts(rows[1]!).slice(1, 4)).toEqual(['0', 'N/A', 'N/A']);
    const chart = within(screen.getByTestId('report-approvals')).getByRole('img', {
      name: /^Chart of hours/,
    });
    expect(chart.getAttribute('aria-label')).toContain('goal of one business day (24 hours)');
    expect(chart.getAttribute('aria-label')).toContain('median 10, 90th percentile 30.5');
  });

  it('shows sites by product and status today', async () => {
    serveReports();
    renderAt();
    const table = await screen.findByTestId('products-table', {}, { timeout: 5000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Product',
      'Active',
      'Active (Pending)',
      'Inactive (Pending)',
      'Inactive',
      'Total',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(cellTexts(rows[1]!)).toEqual(['IDX Website', '50', '8', '4', '12', '74']);
    expect(cellTexts(rows.at(-1)!)).toEqual(['All websites', '55', '9', '4', '14', '82']);
  });

  it('reads its months from the URL, and Last 12 months goes back to the default', async () => {
    const { calls } = serveReports();
    const router = renderAt('/admin/reports?from=2025-01&to=2025-03');
    const table = await screen.findByTestId('billable-table', {}, { timeout: 5000 });
    expect(rangeOf(callsTo(calls, 'billable-sites')[0]!.path)).toEqual({ from: '2025-01', to: '2025-03' });
    expect(rangeOf(callsTo(calls, 'approval-times')[0]!.path)).toEqual({ from: '2025-01', to: '2025-03' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Vendor', 'Jan 2025', 'Feb 2025', 'Mar 2025', 'Site-months']);

    fireEvent.click(screen.getByRole('button', { name: 'Last 12 months' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(rangeOf(callsTo(calls, 'billable-sites').at(-1)!.path)).toEqual(DEFAULT));
    expect(screen.getByRole('button', { name: 'Last 12 months' }).hasAttribute('disabled')).toBe(true);
  });

  it('a range it cannot report says why and asks nothing of the server', async () => {
    const { calls } = serveReports();
    renderAt('/admin/reports?from=2025-05&to=2025-04');
    expect(await screen.findByText(ReportMessages.rangeReversed, {}, { timeout: 5000 })).toBeTruthy();
    await screen.findByTestId('products-table');
    expect(callsTo(calls, 'billable-sites')).toHaveLength(0);
    expect(callsTo(calls, 'approval-times')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show the last 12 months' }));
    await screen.findByTestId('billable-table');
    expect(rangeOf(callsTo(calls, 'billable-sites')[0]!.path)).toEqual(DEFAULT);
  });

  it('downloads the billable sites as a workbook named after its months', async () => {
    serveReports();
    renderAt('/admin/reports?from=2025-01&to=2025-03');
    await screen.findByTestId('billable-table', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: /Download xlsx/ }));
    await waitFor(() => expect(toFile).toHaveBeenCalledWith('billable-sites-2025-01_2025-03.xlsx'));
    const [sheet, options] = vi.mocked(writeXlsxFile).mock.calls[0] as unknown as [
      { value?: unknown }[][] | unknown[][],
      { sheet: string },
    ];
    const value = (cell: unknown) =>
      cell && typeof cell === 'object' && 'value' in cell ? cell.value : cell;
    expect(options.sheet).toBe('Billable sites');
    expect(sheet.map((row) => (row as unknown[]).map(value))).toEqual([
      ['Vendor', 'Code', '2025-01', '2025-02', '2025-03', 'Site-months'],
      ['Harbor IDX Co', 'HIC', 3, 3, 3, 9],
      ['Summit Web Solutions', 'SWS', 10, 11, 12, 33],
      ['All vendors', null, 13, 14, 15, 42],
    ]);
    expect(await screen.findByText('billable-sites-2025-01_2025-03.xlsx downloaded')).toBeTruthy();
  });

  it('says when there is nothing to report', async () => {
    serveReports(true);
    renderAt();
    expect(await screen.findByText(ReportMessages.billableEmpty, {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(ReportMessages.approvalEmpty)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download xlsx/ })).toBeTruthy();
  });
});
