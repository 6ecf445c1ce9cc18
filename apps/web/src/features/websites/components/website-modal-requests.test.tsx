import { WebsiteMessages, WebsiteServerMessages, type Role, type SiteStatus } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, products, renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import { WebsiteModal } from './website-modal.tsx';

/** The modal's rules that follow the saved status and the user's role: create status, agent lock, termination. */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signIn(role: Role) {
  setToken('t');
  setAccount([role], true);
}

async function openSaved(status: SiteStatus, role: Role = 'vendor', activated?: boolean) {
  signIn(role);
  let current = website({ status, ...(activated === undefined ? {} : { activated }) });
  const api = serveApi((method, path, body) => {
    if (path === '/portal/metadata') return { body: metadata() };
    if (path === '/products') return { body: products };
    if (method === 'GET' && path === '/portal/websites/7') return { body: current };
    if (method === 'POST' && path === '/portal/websites/7/termination/withdraw') {
      current = website({ status: 'Active', termDate: null });
      return { body: current };
    }
    if (method === 'POST' && path === '/portal/websites/7/termination') {
      const { termDate } = body as { termDate: string };
      current = website({ status: 'Pending Termination', termDate });
      return { body: current };
    }
    return undefined;
  });
  const rendered = renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
  await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });
  return { ...api, ...rendered };
}

/** antd labels every dialog with the same id under test, so a dialog is found by its title text. */
function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const heading = [...document.querySelectorAll('.ant-modal-title')].find((t) => t.textContent === title);
    const dialog = heading?.closest<HTMLElement>('[role="dialog"]');
    expect(dialog).toBeTruthy();
    return dialog!;
  });
}

const agentBox = () => screen.getByRole('combobox', { name: 'Agent Search' }) as HTMLInputElement;
const statusBox = () => screen.getByRole('combobox', { name: 'Billable Status' }) as HTMLInputElement;

describe('create: the status a new website may start in', () => {
  it('offers only Active (Pending); Inactive (Pending), which the server refuses, cannot be picked', async () => {
    signIn('vendor');
    serveApi((_method, path) => {
      if (path === '/portal/metadata') return { body: metadata() };
      if (path === '/products') return { body: products };
      return undefined;
    });
    renderWithClient(<WebsiteModal open siteId={null} onClose={() => undefined} />);
    await screen.findByPlaceholderText('www.example.com');
    fireEvent.mouseDown(statusBox());
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(4));
    const selectable = [...document.querySelectorAll('.ant-select-item-option')]
      .filter((el) => !el.classList.contains('ant-select-item-option-disabled'))
      .map((el) => el.textContent);
    expect(selectable).toEqual(['Active (Pending)']);
  });
});

describe('agent search on saved websites', () => {
  it.each<[SiteStatus, Role, boolean]>([
    ['Pending Activation', 'vendor', false],
    ['Active', 'vendor', true],
    ['Pending Termination', 'vendor', true],
    ['Inactive', 'vendor', true],
    ['Active', 'admin', false],
    ['Active', 'viewer', true],
  ])('%s as %s: locked %s', async (status, role, locked) => {
    await openSaved(status, role);
    expect(agentBox().disabled).toBe(locked);
    // The hint names the request only where it is offered: an Inactive site says the agent is fixed.
    const hint = screen.queryByTestId('agent-lock-hint')?.textContent ?? null;
    expect(hint).toBe(
      !locked || role === 'viewer'
        ? null
        : status === 'Inactive'
          ? WebsiteServerMessages.agentFixed
          : `${WebsiteServerMessages.agentLockedUse} Agent Change Request.`,
    );
    // Beside the lock, the way to change the agent, as the domain has its Domain Change Request.
    expect(screen.queryByRole('button', { name: 'Agent Change Request' }) !== null).toBe(
      locked && status !== 'Inactive' && role !== 'viewer',
    );
  });

  it('the Agent Change Request beside the locked field opens its dialog', async () => {
    await openSaved('Active');
    fireEvent.click(screen.getByRole('button', { name: 'Agent Change Request' }));
    expect(await findDialog('Agent Change Request')).toBeTruthy();
  });
});

describe('request termination', () => {
  it.each<[SiteStatus, Role, boolean]>([
    ['Active', 'vendor', true],
    ['Active', 'admin', true],
    ['Active', 'viewer', false],
    ['Pending Activation', 'vendor', false],
    ['Pending Termination', 'vendor', false],
    ['Inactive', 'vendor', false],
  ])('%s as %s: offered %s', async (status, role, offered) => {
    await openSaved(status, role);
    expect(screen.queryByRole('button', { name: WebsiteMessages.requestTermination }) !== null).toBe(offered);
    // The selector itself stays locked on Active sites.
    if (status === 'Active') expect(statusBox().disabled).toBe(true);
  });

  it('asks for a term date of today or later, sends it, and shows the site Pending Termination', async () => {
    const { calls, client } = await openSaved('Active');
    client.setQueryData(queryKeys.history.site(7), []);
    client.setQueryData(queryKeys.websites.list({ page: 1 }), { items: [], total: 0 });
    client.setQueryData(queryKeys.dashboard.metadata, metadata());

    fireEvent.click(screen.getByRole('button', { name: WebsiteMessages.requestTermination }));
    const dialog = await findDialog(WebsiteMessages.requestTermination);
    const send = () =>
      fireEvent.click(within(dialog).getByRole('button', { name: WebsiteMessages.requestTermination }));

    send();
    expect(await within(dialog).findByText(WebsiteMessages.termDateRequired)).toBeTruthy();

    const termDate = within(dialog).getByLabelText('Term Date');
    const reason = within(dialog).getByLabelText('Reason');
    // Each field of the dialog has an id of its own, apart from the form behind it.
    expect(document.querySelectorAll(`[id="${termDate.id}"]`)).toHaveLength(1);
    expect(document.querySelectorAll(`[id="${reason.id}"]`)).toHaveLength(1);

    fireEvent.mouseDown(termDate);
    fireEvent.click(termDate);
    const today = dayjs().format('YYYY-MM-DD');
    const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    const todayCell = await waitFor(() => {
      const cell = document.querySelector(`.ant-picker-dropdown td[title="${today}"]`);
      expect(cell).not.toBeNull();
      return cell!;
    });
    expect(todayCell.classList.contains('ant-picker-cell-disabled')).toBe(false);
    const yesterdayCell = document.querySelector(`.ant-picker-dropdown td[title="${yesterday}"]`);
    if (yesterdayCell) expect(yesterdayCell.classList.contains('ant-picker-cell-disabled')).toBe(true);
    fireEvent.click(todayCell.querySelector('.ant-picker-cell-inner')!);
    fireEvent.change(reason, { target: { value: ' Vendor closes the site ' } });

    send();
    await waitFor(() => expect(screen.getAllByText(WebsiteMessages.terminationRequested)).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      path: '/portal/websites/7/termination',
      body: { termDate: today, reason: 'Vendor closes the site' },
    });
    await waitFor(() =>
      expect(statusBox().closest('.ant-select')?.textContent).toContain('Inactive (Pending)'),
    );
    // The site, the list, the dashboard figures and the History are refreshed: those on screen are
    // fetched again, the others marked stale.
    for (const key of [queryKeys.history.site(7), queryKeys.websites.list({ page: 1 })]) {
      expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    }
    await waitFor(() => {
      const after = calls.slice(calls.indexOf(post!) + 1);
      expect(after.some((c) => c.method === 'GET' && c.path === '/portal/websites/7')).toBe(true);
      expect(after.some((c) => c.method === 'GET' && c.path === '/portal/metadata')).toBe(true);
    });
  });
});

describe('withdraw termination', () => {
  it.each<[SiteStatus, Role, boolean, boolean]>([
    ['Pending Termination', 'vendor', true, true],
    ['Pending Termination', 'admin', true, true],
    ['Pending Termination', 'viewer', true, false],
    ['Pending Termination', 'vendor', false, false],
    ['Active', 'vendor', true, false],
    ['Inactive', 'vendor', true, false],
  ])('%s as %s (was Active: %s): offered %s', async (status, role, activated, offered) => {
    await openSaved(status, role, activated);
    expect(screen.queryByRole('button', { name: WebsiteMessages.withdrawTermination }) !== null).toBe(
      offered,
    );
  });

  it('asks first, then returns the site to Active', async () => {
    const { calls } = await openSaved('Pending Termination', 'vendor', true);
    fireEvent.click(screen.getByRole('button', { name: WebsiteMessages.withdrawTermination }));
    const dialog = await findDialog(WebsiteMessages.withdrawTermination);
    expect(within(dialog).getByText(WebsiteMessages.withdrawConfirm)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: WebsiteMessages.withdrawTermination }));
    await waitFor(() =>
      expect(screen.getAllByText(WebsiteMessages.terminationWithdrawn).length).toBeGreaterThan(0),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/portal/websites/7/termination/withdraw', body: undefined },
    ]);
    await waitFor(() => expect(statusBox().closest('.ant-select')?.textContent).toContain('Active'));
  });
});

describe('an Inactive site keeps its team and agent as they were', () => {
  it.each<[SiteStatus, Role, boolean]>([
    ['Active', 'vendor', true],
    ['Inactive', 'vendor', false],
    ['Inactive', 'admin', true],
    ['Active', 'viewer', false],
  ])('%s as %s: team and agent changeable %s', async (status, role, open) => {
    signIn(role);
    serveApi((_method, path) => {
      if (path === '/portal/metadata') return { body: metadata() };
      if (path === '/products') return { body: products };
      if (path === '/portal/websites/7') return { body: website({ status, products: [2] }) };
      return undefined;
    });
    renderWithClient(
      <WebsiteModal
        open
        siteId={7}
        onClose={() => undefined}
        slots={{ team: (p) => <p data-testid="team-slot">{p.readOnly ? 'read-only' : 'editable'}</p> }}
      />,
    );
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 15_000 });
    const table = screen.getByTestId('agent-broker-table');
    // The agent's Change (a request) is offered where a request can be sent: never on an Inactive site.
    expect(within(table).queryByRole('button', { name: 'Change' }) !== null).toBe(
      open && status !== 'Inactive',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Team' }));
    expect((await screen.findByTestId('team-slot')).textContent).toBe(open ? 'editable' : 'read-only');
  });
});
