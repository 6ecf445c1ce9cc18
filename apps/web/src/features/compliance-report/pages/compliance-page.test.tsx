import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  COMPLIANCE_TREND_DAYS,
  ComplianceReportMessages,
  type ComplianceReport,
  type ComplianceTrendDay,
  type LinkedAccount,
} from '@vp/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import writeXlsxFile from 'write-excel-file/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getVendor, setVendor } from '../../../lib/settings.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Call } from '../../../testing/fake-api.tsx';
import { PHONE, stubMedia } from '../../../testing/media.ts';
import { trendSummary } from '../report-text.ts';
import CompliancePage from './compliance-page.tsx';

const toFile = vi.fn(async (_name: string) => undefined);
vi.mock('write-excel-file/browser', () => ({ default: vi.fn(() => ({ toFile })) }));

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
  setVendor(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const TODAY = '2026-06-15';
const SUMMIT = { id: 1, name: 'Summit Web Solutions', code: 'SWS' };
const HARBOR = { id: 2, name: 'Harbor IDX Co', code: 'HIC' };

/** The 90 days up to TODAY; days 80 and 85 had checks, with findings opened and resolved. */
function trend(empty = false): ComplianceTrendDay[] {
  const last = Date.parse(`${TODAY}T00:00:00Z`);
  return Array.from({ length: COMPLIANCE_TREND_DAYS }, (_v, i) => {
    const day = new Date(last - (COMPLIANCE_TREND_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const checked = !empty && (i === 80 || i === 85);
    return {
      day,
      sitesChecked: checked ? 10 : 0,
      passing: checked ? (i === 80 ? 8 : 9) : 0,
      failing: checked ? (i === 80 ? 2 : 1) : 0,
      unknown: 0,
      passRate: checked ? (i === 80 ? 0.8 : 0.9) : null,
      findingsOpened: checked && i === 80 ? 2 : 0,
      findingsResolved: checked && i === 85 ? 1 : 0,
    };
  });
}

function report(overrides: Partial<ComplianceReport> = {}, empty = false): ComplianceReport {
  const base: ComplianceReport = {
    asOf: `${TODAY}T12:00:00.000Z`,
    today: TODAY,
    vendorId: null,
    productId: null,
    summary: {
      sitesToCheck: 12,
      sitesChecked: 10,
      checkedLastDay: 9,
      checkedLast7Days: 10,
      passing: 7,
      failing: 2,
      unknown: 1,
      passRate: 0.7,
      openFindings: 3,
      overdueFindings: 2,
    },
    vendors: [
      {
        ...HARBOR,
        sitesChecked: 4,
        passing: 4,
        failing: 0,
        unknown: 0,
        passRate: 1,
        openFindings: 0,
        overdueFindings: 0,
      },
      {
        ...SUMMIT,
        sitesChecked: 6,
        passing: 3,
        failing: 2,
        unknown: 1,
        passRate: 0.5,
        openFindings: 3,
        overdueFindings: 2,
      },
    ],
    rules: [
      {
        kind: 'answers',
        checks: 10,
        pass: 9,
        fail: 0,
        unknown: 1,
        passRate: 0.9,
        openFindings: 0,
        overdueFindings: 0,
      },
      {
        kind: 'requiredText',
        checks: 10,
        pass: 8,
        fail: 2,
        unknown: 0,
        passRate: 0.8,
        openFindings: 3,
        overdueFindings: 2,
      },
    ],
    overdue: {
      total: 2,
      items: [
        {
          id: 41,
          websiteId: 501,
          domain: 'lakeview-homes.example.com',
          siteStatus: 'Active',
          vendor: SUMMIT,
          productId: 1,
          ruleId: 'disclaimer',
          kind: 'requiredText',
          reason: 'Only 41% of the required text was found; 90% is needed.',
          dueOn: '2026-06-10',
          daysOverdue: 5,
        },
        {
          id: 42,
          websiteId: 502,
          domain: 'cedar-realty.example.com',
          siteStatus: 'Pending Termination',
          vendor: SUMMIT,
          productId: 1,
          ruleId: 'disclaimer',
          kind: 'requiredText',
          reason: 'The required text is missing.',
          dueOn: '2026-06-14',
          daysOverdue: 1,
        },
      ],
    },
    trend: trend(),
    choices: {
      vendors: [HARBOR, SUMMIT],
      products: [
        { id: 1, name: 'IDX Website' },
        { id: 3, name: 'VOW Website' },
      ],
    },
  };
  if (empty)
    return {
      ...base,
      summary: {
        ...base.summary,
        sitesChecked: 0,
        checkedLastDay: 0,
        checkedLast7Days: 0,
        passing: 0,
        failing: 0,
        unknown: 0,
        passRate: null,
        openFindings: 0,
        overdueFindings: 0,
      },
      vendors: [],
      rules: [],
      overdue: { total: 0, items: [] },
      trend: trend(true),
      ...overrides,
    };
  return { ...base, ...overrides };
}

const accounts: LinkedAccount[] = [
  { rowKey: HARBOR.id, licensee: HARBOR.name, vendorCode: HARBOR.code, status: true, isPrimary: true },
  { rowKey: SUMMIT.id, licensee: SUMMIT.name, vendorCode: SUMMIT.code, status: true, isPrimary: false },
];

const queryOf = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));

/** The fake API: the report for the filter asked, a vendor 404 for id 999, `empty` without checks. */
function serveReport(empty = false) {
  return serveApi((method, path) => {
    if (method !== 'GET') return undefined;
    if (path === '/profile/vendors') return { body: accounts };
    if (!path.startsWith('/admin/compliance/report')) return undefined;
    const q = queryOf(path);
    if (q.vendor === '999')
      return { status: 404, body: { code: 404, message: ComplianceReportMessages.vendorNotFound } };
    const vendorId = q.vendor ? Number(q.vendor) : null;
    const productId = q.product ? Number(q.product) : null;
    const full = report({ vendorId, productId }, empty);
    return {
      body: vendorId === null ? full : { ...full, vendors: full.vendors.filter((v) => v.id === vendorId) },
    };
  });
}

function renderAt(url = '/admin/compliance') {
  const router = createMemoryRouter(
    [
      { path: '/admin/compliance', element: <CompliancePage /> },
      { path: '/admin/queue', element: <p>Approval queue</p> },
      { path: '/websites', element: <p>Websites</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

const reportCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/admin/compliance/report'));

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Compliance', () => {
  it('shows the header figures', async () => {
    serveReport();
    renderAt();
    const summary = await screen.findByTestId('compliance-summary', {}, { timeout: 5000 });
    expect(within(summary).getByTestId('figure-pass-rate').textContent).toBe(
      'Pass rate70%7 of 10 websites passing',
    );
    expect(within(summary).getByTestId('figure-checked').textContent).toContain('of 12 websites to check');
    expect(within(summary).getByTestId('figure-last-day').textContent).toBe(
      'Checked in the last day910 in the last 7 days',
    );
    expect(within(summary).getByTestId('figure-overdue').textContent).toBe(
      'Overdue findings2past their fix-by date',
    );
  });

  it('lists the vendors with their pass rate, sortable, and a name narrows the report to the vendor', async () => {
    const { calls } = serveReport();
    const router = renderAt();
    const table = await screen.findByTestId('vendors-table', {}, { timeout: 5000 });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('.vp-cr-vendor')?.textContent);
    expect(names()).toEqual(['Harbor IDX Co (HIC)', 'Summit Web Solutions (SWS)']);
    const summit = within(table).getAllByRole('row')[2]!;
    expect(cellTexts(summit).slice(1)).toEqual(['6', '3', '2', '1', '50%', '3', '2']);

    // Sorted by pass rate, lowest first.
    fireEvent.click(within(table).getByRole('columnheader', { name: /Pass rate/ }));
    await waitFor(() => expect(names()).toEqual(['Summit Web Solutions (SWS)', 'Harbor IDX Co (HIC)']));

    fireEvent.click(within(table).getByRole('button', { name: 'Show only Summit Web Solutions (SWS)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?vendor=1'));
    await waitFor(() => expect(queryOf(reportCalls(calls).at(-1)!.path)).toEqual({ vendor: '1' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('vendors-table')).queryByRole('button', { name: /Show only/ }),
      ).toBeNull(),
    );
  });

  it('reads its filters from the URL and sends them', async () => {
    const { calls } = serveReport();
    renderAt('/admin/compliance?vendor=2&product=3');
    await screen.findByTestId('vendors-table', {}, { timeout: 5000 });
    expect(queryOf(reportCalls(calls)[0]!.path)).toEqual({ vendor: '2', product: '3' });
    expect(screen.getByText('Harbor IDX Co (HIC)')).toBeTruthy();
    expect(screen.getByText('VOW Website')).toBeTruthy();
  });

  it('lists the rules with their pass rate', async () => {
    serveReport();
    renderAt();
    const table = await screen.findByTestId('rules-table', {}, { timeout: 5000 });
    const rows = within(table).getAllByRole('row');
    expect(cellTexts(rows[1]!)).toEqual(['The site answers', '10', '9', '0', '1', '90%', '0', '0']);
    expect(cellTexts(rows[2]!)).toEqual(['Required text', '10', '8', '2', '0', '80%', '3', '2']);
  });

  it('lists the overdue findings, each linked to the queue and to its website as its vendor', async () => {
    serveReport();
    const router = renderAt();
    const table = await screen.findByTestId('overdue-table', {}, { timeout: 5000 });
    const rows = within(table).getAllByRole('row');
    expect(cellTexts(rows[1]!).slice(1, 6)).toEqual([
      'Summit Web Solutions (SWS)',
      'Required text',
      'Only 41% of the required text was found; 90% is needed.',
      '06/10/2026',
      '5 days',
    ]);
    // A site whose licence is ending says so, and its decision is its termination in the queue.
    expect(within(rows[2]!).getByTestId('site-status').textContent).toBe('Inactive (Pending)');
    const queue = within(rows[2]!).getByRole('link', { name: /approval queue/ });
    expect(queue.getAttribute('href')).toBe('/admin/queue?search=cedar-realty.example.com');
    expect(
      within(rows[1]!)
        .getByRole('link', { name: /approval queue/ })
        .getAttribute('href'),
    ).toBe('/admin/queue?kind=compliance&search=lakeview-homes.example.com');
    expect(screen.getByRole('link', { name: 'Open the compliance queue' }).getAttribute('href')).toBe(
      '/admin/queue?kind=compliance',
    );

    // The website opens as its vendor: the console acts for it.
    await waitFor(() => expect(getVendor()).toBeNull());
    fireEvent.click(within(rows[1]!).getByRole('link', { name: 'Open lakeview-homes.example.com' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'));
    expect(router.state.location.search).toBe('?site=501');
    expect(getVendor()).toBe(SUMMIT.id);
  });

  it('draws the last 90 days with a legend and says what they show', async () => {
    serveReport();
    renderAt();
    const section = await screen.findByTestId('compliance-trend', {}, { timeout: 5000 });
    const chart = within(section).getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('pass rate');
    const summary = within(section).getByTestId('trend-summary');
    expect(chart.getAttribute('aria-describedby')).toBe(summary.id);
    expect(summary.textContent).toBe(trendSummary(trend()));
    expect(summary.textContent).toContain(
      'Websites were checked on 2 days of the last 90, 10 websites a day on average.',
    );
    expect(summary.textContent).toContain('The pass rate went from 80% on 06/06/2026 to 90% on 06/11/2026');
    expect(summary.textContent).toContain('2 findings were opened and 1 resolved.');
    expect(section.querySelector('.vp-cr-legend')?.textContent).toBe(
      'Pass rateFindings openedFindings resolved',
    );
  });

  it('downloads the report as a workbook of four sheets, with dates as dates', async () => {
    serveReport();
    renderAt('/admin/compliance?vendor=1');
    await screen.findByTestId('vendors-table', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: /Download xlsx/ }));
    await waitFor(() => expect(toFile).toHaveBeenCalledWith('compliance-SWS-2026-06-15.xlsx'));
    const [sheets] = vi.mocked(writeXlsxFile).mock.calls[0] as unknown as [
      { sheet: string; data: unknown[][] }[],
    ];
    expect(sheets.map((s) => s.sheet)).toEqual(['Vendors', 'Rules', 'Overdue findings', 'Trend']);
    const value = (cell: unknown) =>
      cell && typeof cell === 'object' && 'value' in cell ? cell.value : cell;
    const [vendors, rules, overdue, days] = sheets.map((s) => s.data.map((row) => row.map(value)));
    expect(vendors).toEqual([
      [
        'Vendor',
        'Code',
        'Sites checked',
        'Passing',
        'Failing',
        'Could not be read',
        'Pass rate',
        'Open findings',
        'Overdue findings',
      ],
      ['Summit Web Solutions', 'SWS', 6, 3, 2, 1, 0.5, 3, 2],
    ]);
    expect(rules![2]).toEqual(['Required text', 10, 8, 2, 0, 0.8, 3, 2]);
    expect(overdue![1]).toEqual([
      'lakeview-homes.example.com',
      'Active',
      'Summit Web Solutions',
      'SWS',
      'Required text',
      'Only 41% of the required text was found; 90% is needed.',
      new Date('2026-06-10T00:00:00Z'),
      5,
    ]);
    expect(days).toHaveLength(1 + COMPLIANCE_TREND_DAYS);
    expect(days![1]![0]).toEqual(new Date('2026-03-18T00:00:00Z'));
    expect(days!.at(-1)![0]).toEqual(new Date(`${TODAY}T00:00:00Z`));
    const dueCell = sheets[2]!.data[1]![6] as { type: unknown; format: string };
    expect(dueCell.type).toBe(Date);
    expect(dueCell.format).toBe('mm/dd/yyyy');
    expect(await screen.findByText('compliance-SWS-2026-06-15.xlsx downloaded')).toBeTruthy();
  });

  it('on a phone, vendors and overdue findings are cards', async () => {
    stubMedia(PHONE);
    serveReport();
    renderAt();
    const cards = await screen.findAllByTestId('vendor-card', {}, { timeout: 5000 });
    expect(cards.map((c) => c.textContent)).toEqual([
      'Harbor IDX Co (HIC)100% passing4 sites checked0 failing0 open findings0 overdue',
      'Summit Web Solutions (SWS)50% passing6 sites checked2 failing1 could not be read3 open findings2 overdue',
    ]);
    const findings = screen.getAllByTestId('overdue-card');
    expect(findings[0]!.textContent).toContain('Due 06/10/2026');
    expect(within(findings[0]!).getByRole('link', { name: /approval queue/ })).toBeTruthy();
    // The rules' table keeps its columns, and scrolls within its card.
    expect(within(screen.getByTestId('rules-table')).getAllByRole('columnheader')).toHaveLength(8);
  });

  it('says when nothing was checked yet', async () => {
    serveReport(true);
    renderAt();
    expect(
      await screen.findByText(ComplianceReportMessages.nothingChecked, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('vendors-table')).toBeNull();
  });

  it('a vendor that does not exist says so and offers the whole report', async () => {
    const { calls } = serveReport();
    const router = renderAt('/admin/compliance?vendor=999');
    expect(
      await screen.findByText(ComplianceReportMessages.vendorNotFound, {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show every vendor and product' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByTestId('vendors-table');
    expect(queryOf(reportCalls(calls).at(-1)!.path)).toEqual({});
  });
});
