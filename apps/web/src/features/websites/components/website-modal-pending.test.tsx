import {
  REQUEST_PENDING_MESSAGES,
  RequestWithdrawMessages,
  type PendingRequest,
  type Role,
  type WebsiteRequestKind,
} from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, products, renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import { WebsiteModal } from './website-modal.tsx';

/**
 * A request waits alone: while a domain or agent change is pending, its button is disabled and
 * says why, instead of a refusal after the form is filled; the pending one can be withdrawn.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = { username: 'demo', firstName: 'Dana', lastName: 'Whitfield' };
const request = (kind: WebsiteRequestKind): PendingRequest => ({
  id: 1,
  kind,
  newForm: null,
  date: '2026-11-20T15:00:00.000Z',
  reason: '',
  requested: kind === 'domain' ? 'harborhomes.example.com' : 'Jane Doe (#3000002)',
  user,
});

async function open(pending: WebsiteRequestKind[], role: Role = 'vendor') {
  setToken('t');
  setAccount([role], true);
  let pendingRequests = pending.map(request);
  const api = serveApi((method, path) => {
    if (path === '/portal/metadata') return { body: metadata() };
    if (path === '/products') return { body: products };
    if (method === 'GET' && path === '/portal/websites/7')
      return { body: { ...website({ status: 'Active' }), pendingRequests } };
    const withdraw = /^\/portal\/websites\/7\/(domain|agent)-change\/withdraw$/.exec(path);
    if (method === 'POST' && withdraw) {
      pendingRequests = pendingRequests.filter((r) => r.kind !== withdraw[1]);
      return { body: { ...website({ status: 'Active' }), pendingRequests } };
    }
    return undefined;
  });
  renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
  await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });
  return api;
}

const domainButton = () => screen.getByRole('button', { name: 'Domain Change Request' }) as HTMLButtonElement;
const agentButton = () => screen.getByRole('button', { name: 'Agent Change Request' }) as HTMLButtonElement;
const tableChange = () =>
  within(screen.getByTestId('agent-broker-table')).getByRole('button', {
    name: 'Change',
  }) as HTMLButtonElement;

/** The confirmation open over the modal, found by its title (antd writes the title twice in it). */
async function confirmDialog(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title);
  return heading!.closest<HTMLElement>('.ant-modal')!;
}

describe('request buttons while a request of their kind is pending', () => {
  it('nothing pending: both requests are offered, with no reason beside them', async () => {
    await open([]);
    expect(domainButton().disabled).toBe(false);
    expect(agentButton().disabled).toBe(false);
    expect(tableChange().disabled).toBe(false);
    expect(screen.queryByText(REQUEST_PENDING_MESSAGES.domain)).toBeNull();
    expect(screen.queryByText(REQUEST_PENDING_MESSAGES.agent)).toBeNull();
  });

  it('a pending domain change disables Domain Change Request and says why; the agent change stays offered', async () => {
    await open(['domain']);
    expect(domainButton().disabled).toBe(true);
    const reason = screen.getByTestId('domain-change-pending');
    expect(reason.textContent).toBe(REQUEST_PENDING_MESSAGES.domain);
    expect(domainButton().getAttribute('aria-describedby')).toBe(reason.id);
    expect(agentButton().disabled).toBe(false);
    expect(tableChange().disabled).toBe(false);
  });

  it('a pending agent change disables Agent Change Request and Change, saying why', async () => {
    await open(['agent']);
    expect(agentButton().disabled).toBe(true);
    const reason = screen.getByTestId('agent-change-pending');
    expect(reason.textContent).toBe(REQUEST_PENDING_MESSAGES.agent);
    expect(agentButton().getAttribute('aria-describedby')).toBe(reason.id);
    expect(tableChange().disabled).toBe(true);
    expect(screen.getByTestId('agent-change-blocked').textContent).toContain(REQUEST_PENDING_MESSAGES.agent);
    expect(domainButton().disabled).toBe(false);
  });
});

describe('withdrawing a pending request', () => {
  it.each(['domain', 'agent'] as const)(
    'a pending %s change is withdrawn after a confirmation',
    async (kind) => {
      const { calls } = await open([kind]);
      const alert = screen.getByTestId('pending-requests');
      fireEvent.click(within(alert).getByRole('button', { name: RequestWithdrawMessages.action[kind] }));
      const dialog = await confirmDialog(RequestWithdrawMessages.title[kind]);
      expect(within(dialog).getByText(RequestWithdrawMessages.confirm[kind])).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: RequestWithdrawMessages.action[kind] }));
      const path = kind === 'domain' ? 'domain-change' : 'agent-change';
      await waitFor(() =>
        expect(
          calls.some((c) => c.method === 'POST' && c.path === `/portal/websites/7/${path}/withdraw`),
        ).toBe(true),
      );
      await waitFor(() => expect(screen.queryByTestId('pending-requests')).toBeNull());
      expect((kind === 'domain' ? domainButton() : agentButton()).disabled).toBe(false);
    },
  );

  it('Cancel leaves the request pending', async () => {
    const { calls } = await open(['domain']);
    fireEvent.click(screen.getByRole('button', { name: RequestWithdrawMessages.action.domain }));
    const dialog = await confirmDialog(RequestWithdrawMessages.title.domain);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryAllByText(RequestWithdrawMessages.title.domain)).toEqual([]));
    expect(calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    expect(domainButton().disabled).toBe(true);
  });

  it('the read-only role sees the pending requests but no Withdraw', async () => {
    await open(['domain', 'agent'], 'viewer');
    expect(screen.getByTestId('pending-requests')).toBeTruthy();
    expect(screen.queryByRole('button', { name: RequestWithdrawMessages.action.domain })).toBeNull();
  });
});
