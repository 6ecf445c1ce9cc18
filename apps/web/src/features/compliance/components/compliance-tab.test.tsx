import type { SiteCompliance } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { ComplianceTab } from './compliance-tab.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const failing: SiteCompliance = {
  latest: {
    id: 9,
    startedAt: '2026-11-29T14:00:00.000Z',
    trigger: 'schedule',
    decision: 'fail',
    results: [
      {
        productId: 1,
        ruleId: 'answers',
        kind: 'answers',
        decision: 'pass',
        reason: 'Answered 200 in 120 ms.',
        evidence: 'https://lakeside.example/',
      },
      {
        productId: 1,
        ruleId: 'disclaimer',
        kind: 'requiredText',
        decision: 'fail',
        reason: 'Only 43% of the required text was found; 90% is needed.',
        evidence: 'information deemed reliable',
      },
    ],
  },
  findings: [
    {
      id: 3,
      productId: 1,
      ruleId: 'disclaimer',
      kind: 'requiredText',
      state: 'open',
      reason: 'Only 43% of the required text was found; 90% is needed.',
      evidence: 'information deemed reliable',
      openedAt: '2026-11-29T14:00:05.000Z',
      dueOn: '2026-12-06',
      closedAt: null,
      closeReason: null,
    },
  ],
  nextCheckAllowedAt: null,
  checkable: true,
};

const fixed: SiteCompliance = {
  ...failing,
  latest: {
    ...failing.latest!,
    id: 10,
    trigger: 'vendor',
    decision: 'pass',
    results: failing.latest!.results.map((r) => ({ ...r, decision: 'pass' as const })),
  },
  findings: [{ ...failing.findings[0]!, state: 'resolved', closedAt: '2026-11-29T15:00:00.000Z' }],
  nextCheckAllowedAt: '2026-11-29T15:10:00.000Z',
};

function serve(state: SiteCompliance) {
  const calls: string[] = [];
  let current = state;
  serveApi((method, path) => {
    if (path !== '/portal/websites/7/compliance' && path !== '/portal/websites/7/compliance/check')
      return undefined;
    calls.push(`${method} ${path}`);
    if (method === 'POST') current = fixed;
    return { body: current };
  });
  return calls;
}

describe('the Compliance tab', () => {
  it('shows the last check rule by rule and the open finding with its due date', async () => {
    serve(failing);
    renderWithClient(<ComplianceTab siteId={7} readOnly={false} />);
    const summary = await screen.findByTestId('compliance-summary', {}, { timeout: 5000 });
    expect(summary.textContent).toMatch(/^Last checked .* \(daily check\): Fail$/);
    const rules = screen.getAllByTestId('compliance-rule');
    expect(rules.map((r) => within(r).getByTestId('compliance-decision').textContent)).toEqual([
      'Pass',
      'Fail',
    ]);
    expect(rules[1]!.textContent).toContain('Only 43% of the required text was found');
    const [finding] = screen.getAllByTestId('compliance-finding');
    expect(finding!.textContent).toContain('Required text');
    expect(finding!.textContent).toContain('Fix by 12/06/2026');
  });

  it('“Fixed: check again” checks now and shows the finding resolved; then waits before the next', async () => {
    const calls = serve(failing);
    renderWithClient(<ComplianceTab siteId={7} readOnly={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Fixed: check again' }, { timeout: 5000 }));
    await waitFor(() => expect(calls).toContain('POST /portal/websites/7/compliance/check'));
    await waitFor(() =>
      expect(screen.getByTestId('compliance-summary').textContent).toMatch(/checked on request\): Pass$/),
    );
    // Nothing open any more: the button offers a plain check, not yet.
    expect(screen.getByRole('button', { name: 'Check now' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/^Can be checked again after /)).toBeTruthy();
    expect(screen.getByTestId('compliance-finding').textContent).toContain('Resolved');
  });

  it('a check that drew the page offers its screenshot, fetched with the session when asked', async () => {
    const create = vi.fn(() => 'blob:shot');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() }));
    const shots: string[] = [];
    serveApi((method, path) => {
      if (path === '/portal/websites/7/compliance')
        return { body: { ...failing, latest: { ...failing.latest!, screenshot: true } } };
      if (path === '/portal/websites/7/compliance/checks/9/screenshot') {
        shots.push(path);
        return { body: 'PNG' };
      }
      return undefined;
    });
    renderWithClient(<ComplianceTab siteId={7} readOnly />);
    const show = await screen.findByRole('button', { name: 'Show the page as checked' }, { timeout: 5000 });
    expect(shots).toEqual([]);
    fireEvent.click(show);
    const image = await screen.findByRole('img', {
      name: "The website's home page as the last check drew it",
    });
    expect(image.getAttribute('src')).toBe('blob:shot');
    expect(shots).toHaveLength(1);
  });

  it('an open finding past its date says it is overdue and what follows; a waived failure says so', async () => {
    serve({
      ...failing,
      findings: [
        { ...failing.findings[0]!, dueOn: '2020-01-02' },
        {
          ...failing.findings[0]!,
          id: 4,
          ruleId: 'answers',
          kind: 'answers',
          state: 'waived',
          closedAt: '2026-11-29T16:00:00.000Z',
          closeReason: 'Accepted.',
        },
      ],
      latest: {
        ...failing.latest!,
        results: failing.latest!.results.map((r) => ({ ...r, decision: 'fail' as const })),
      },
    });
    renderWithClient(<ComplianceTab siteId={7} readOnly={false} />);
    const overdue = await screen.findByTestId('compliance-overdue', {}, { timeout: 5000 });
    expect(overdue.textContent).toContain('Overdue since 01/02/2020: the MLS decides what happens next');
    const rules = screen.getAllByTestId('compliance-rule');
    expect(within(rules[0]!).getByTestId('compliance-waived').textContent).toBe('Waived by the MLS');
    expect(within(rules[1]!).queryByTestId('compliance-waived')).toBeNull();
  });

  it('no screenshot was kept: nothing is offered', async () => {
    serve(failing);
    renderWithClient(<ComplianceTab siteId={7} readOnly={false} />);
    await screen.findByTestId('compliance-summary', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Show the page as checked' })).toBeNull();
  });

  it('a read-only user reads it all and is offered no check', async () => {
    setAccount(['viewer'], true);
    serve(failing);
    renderWithClient(<ComplianceTab siteId={7} readOnly />);
    await screen.findByTestId('compliance-summary', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Fixed: check again' })).toBeNull();
    expect(screen.getAllByTestId('compliance-finding')).toHaveLength(1);
  });

  it('says why a site is not checked', async () => {
    serve({ latest: null, findings: [], nextCheckAllowedAt: null, checkable: false });
    renderWithClient(<ComplianceTab siteId={7} readOnly={false} />);
    expect((await screen.findByTestId('compliance-summary', {}, { timeout: 5000 })).textContent).toMatch(
      /^This website is not checked/,
    );
    expect(screen.queryByRole('button', { name: 'Fixed: check again' })).toBeNull();
  });
});
