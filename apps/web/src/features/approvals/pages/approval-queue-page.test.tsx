import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  QUEUE_AGE_LABELS,
  QUEUE_KIND_LABELS,
  QueueMessages,
  safStandingText,
  type QueueItem,
  type QueuePage,
  type QueueVendor,
} from '@vp/contract';
import { focusManager } from '@tanstack/react-query';
import { message } from 'antd';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { invalidateKeys, keysFor } from '../../../live/invalidate.ts';
import {
  queueItem,
  queueSummary,
  renderWithClient,
  serveApi,
  type Answer,
  type Call,
} from '../../../testing/fake-api.tsx';
import ApprovalQueuePage from './approval-queue-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const vendors: QueueVendor[] = [
  { id: 1, name: 'Summit Web Solutions', code: 'SWS', waiting: 3 },
  { id: 2, name: 'Harbor IDX Co', code: 'HIC', waiting: 1 },
];

const activation = queueItem();
const blocked = queueItem({
  key: 'activation:8',
  siteId: 8,
  domainName: 'blocked.example.com',
  version: 5,
  saf: { state: 'out-for-signature', signed: 1, total: 2, paper: false },
  documents: [
    { typeId: 3, type: 'W-9', documentId: null, label: null },
    { typeId: 4, type: 'Broker Letter', documentId: 55, label: 'broker-letter.pdf' },
  ],
  blockers: [QueueMessages.safNotSigned, QueueMessages.documentMissing('W-9')],
});
const termination = queueItem({
  key: 'termination:9',
  kind: 'termination',
  siteId: 9,
  domainName: 'leaving.example.com',
  status: 'Pending Termination',
  version: 2,
  requestId: 31,
  termDate: '2026-11-20',
  requested: '2026-11-20',
  reason: 'Agent retired',
  saf: null,
});
const domainChange = queueItem({
  key: 'domain:41',
  kind: 'domain',
  siteId: 10,
  domainName: 'old-name.example.com',
  status: 'Active',
  version: 4,
  requestId: 41,
  requested: 'new-name.example.com',
  reason: 'Rebranding',
  saf: null,
  vendor: { id: 2, name: 'Harbor IDX Co', code: 'HIC' },
});
const roster = queueItem({
  key: 'roster:11',
  kind: 'roster',
  siteId: 11,
  domainName: 'gone.example.com',
  status: 'Active',
  agent: { memberNumber: 'M200', name: 'Gary Gone', mlsStatus: 'Terminated' },
  reason: 'Gary Gone (#M200) is no longer active on the MLS roster (Terminated)',
  saf: null,
});

const productChange = queueItem({
  key: 'product:51',
  kind: 'product',
  siteId: 12,
  domainName: 'vow-bound.example.com',
  status: 'Active',
  version: 5,
  requestId: 51,
  requested: 'VOW Website',
  saf: { state: 'not-sent', signed: 0, total: 0, paper: false },
  blockers: [QueueMessages.needsForm],
});
const licence = queueItem({
  key: 'licence:13',
  kind: 'licence',
  siteId: 13,
  domainName: 'old-licence.example.com',
  status: 'Active',
  licenceId: 61,
  saf: null,
  blockers: [],
});

const overdue = queueItem({
  key: 'compliance:58',
  kind: 'compliance',
  siteId: 14,
  domainName: 'lapsed.example.com',
  status: 'Active',
  version: 6,
  requested: 'Required text',
  reason: 'The MLS disclaimer was not found on the page.',
  finding: { id: 58, rule: 'Required text', evidence: 'Footer: © Lapsed Realty', dueOn: '2026-11-20' },
  saf: null,
  blockers: [],
});

function page(items: QueueItem[], over: Partial<QueuePage> = {}): QueuePage {
  return { items, total: items.length, summary: queueSummary({ waiting: items.length }), ...over };
}

type Post = (path: string, body: unknown) => Answer | undefined;

/** The fake API: the queue answers `pages` in turn (the last one again), posts go to `post`. */
function serveQueue(pages: QueuePage[], post: Post = () => undefined) {
  let served = 0;
  return serveApi((method, path, body) => {
    if (method === 'GET' && path === '/admin/queue/vendors') return { body: vendors };
    if (method === 'GET' && path.startsWith('/admin/queue?')) {
      const answer = pages[Math.min(served, pages.length - 1)]!;
      served += 1;
      return { body: answer };
    }
    if (method === 'POST') return post(path, body);
    return undefined;
  });
}

function renderAt(url = '/admin/queue') {
  const router = createMemoryRouter([{ path: '/admin/queue', element: <ApprovalQueuePage /> }], {
    initialEntries: [url],
  });
  const { client } = renderWithClient(<RouterProvider router={router} />);
  return Object.assign(router, { client });
}

const urlOf = (router: ReturnType<typeof renderAt>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

const queueCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/admin/queue?'));

function lastQueueQuery(calls: Call[]): Record<string, string> {
  const last = queueCalls(calls).at(-1)!;
  return Object.fromEntries(new URLSearchParams(last.path.split('?')[1]));
}

/** The table row of a domain. */
async function rowOf(domain: string): Promise<HTMLElement> {
  const cell = await screen.findByText(domain, {}, { timeout: 5000 });
  return cell.closest<HTMLElement>('tr')!;
}

async function dialogNamed(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const heading = [...document.querySelectorAll('.ant-modal-title, .ant-modal-confirm-title')].find(
      (t) => t.textContent === title,
    );
    const dialog = heading?.closest<HTMLElement>('.ant-modal');
    expect(dialog).toBeTruthy();
    return dialog!;
  });
}

describe('Approval queue: the header', () => {
  it('shows the items waiting, the oldest with its date, and the median time to decision against the goal', async () => {
    serveQueue([
      page([activation], {
        summary: queueSummary({
          waiting: 7,
          oldestSince: '2026-11-16T15:00:00.000Z',
          oldestBusinessDays: 4,
          medianDecisionHours: 5.5,
          decisions30Days: 12,
        }),
      }),
    ]);
    renderAt();
    const waiting = await screen.findByTestId('queue-waiting', {}, { timeout: 5000 });
    expect(waiting.textContent).toBe('Waiting7items');
    expect(screen.getByTestId('queue-oldest').textContent).toBe(
      `Oldest4 business dayssince ${dayjs('2026-11-16T15:00:00.000Z').format('MM/DD/YYYY')}`,
    );
    const median = screen.getByTestId('queue-median');
    expect(median.textContent).toContain('5.5 hours');
    expect(median.textContent).toContain('12 decisions');
    const goal = screen.getByTestId('queue-goal');
    expect(goal.textContent).toBe('Goal met: under one business day');
    expect(goal.className).toContain('vp-queue-goal-met');
    expect(screen.queryByTestId('queue-scheduled')).toBeNull();
  });

  it('counts terminations waiting for their term date apart from what can be decided now', async () => {
    serveQueue([page([activation], { summary: queueSummary({ waiting: 3, scheduled: 2 }) })]);
    renderAt();
    const scheduled = await screen.findByTestId('queue-scheduled', {}, { timeout: 5000 });
    expect(scheduled.textContent).toBe('and 2 terminations waiting for their term date');
    expect(screen.getByTestId('queue-waiting').textContent).toBe(
      'Waiting3itemsand 2 terminations waiting for their term date',
    );
  });

  it('says when the goal is missed, and when there were no decisions or nothing waits', async () => {
    serveQueue([page([activation], { summary: queueSummary({ medianDecisionHours: 30 }) })]);
    renderAt();
    await waitFor(() =>
      expect(screen.getByTestId('queue-goal').textContent).toBe('Goal missed: under one business day'),
    );
    expect(screen.getByTestId('queue-median').textContent).toContain('30 hours');
  });

  it('with nothing decided and nothing waiting, says so', async () => {
    serveQueue([
      page([], {
        summary: queueSummary({
          waiting: 0,
          oldestSince: null,
          oldestBusinessDays: null,
          medianDecisionHours: null,
          decisions30Days: 0,
        }),
      }),
    ]);
    renderAt();
    expect(await screen.findByText(QueueMessages.empty, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('queue-oldest').textContent).toBe('OldestNone');
    expect(screen.getByTestId('queue-median').textContent).toContain('No decisions yet');
    expect(screen.getByTestId('queue-goal').textContent).toBe('Goal: under one business day');
  });
});

describe('Approval queue: the rows', () => {
  it('shows each item with its kind, vendor, agent, wait and details, in the order served', async () => {
    serveQueue([page([blocked, termination, domainChange, roster])]);
    renderAt();
    const rows = await waitFor(() => {
      const found = screen.getAllByRole('row').filter((r) => r.getAttribute('data-row-key'));
      expect(found).toHaveLength(4);
      return found;
    });
    expect(rows.map((r) => r.getAttribute('data-row-key'))).toEqual([
      'activation:8',
      'termination:9',
      'domain:41',
      'roster:11',
    ]);
    const first = within(rows[0]!);
    expect(first.getByText(QUEUE_KIND_LABELS.activation)).toBeTruthy();
    expect(first.getByText('Summit Web Solutions')).toBeTruthy();
    expect(first.getByText('SWS')).toBeTruthy();
    expect(first.getByText('Alice Agent')).toBeTruthy();
    expect(first.getByText('2 business days')).toBeTruthy();
    expect(first.getByText(safStandingText(blocked.saf!, 'Pending Activation'))).toBeTruthy();
    expect(first.getByText('W-9')).toBeTruthy();

    const second = within(rows[1]!);
    expect(second.getByText('11/20/2026')).toBeTruthy();
    expect(second.getByText('Agent retired')).toBeTruthy();

    const third = within(rows[2]!);
    expect(third.getByText('new-name.example.com')).toBeTruthy();
    expect(third.getByText('Rebranding')).toBeTruthy();

    // A roster item says what happened; staff only mark it reviewed here.
    const fourth = within(rows[3]!);
    expect(fourth.getByTestId('roster-text').textContent).toContain(
      'Gary Gone (#M200) is no longer active on the MLS roster (Terminated). The website stays Active',
    );
    expect(fourth.getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark as reviewed']);
  });

  it('an Activate that cannot be taken is disabled and says why, to every reader', async () => {
    serveQueue([page([blocked])]);
    renderAt();
    const row = await rowOf('blocked.example.com');
    const button = within(row).getByRole('button', { name: 'Activate blocked.example.com' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const blockers = within(row).getByTestId('queue-blockers');
    expect(button.getAttribute('aria-describedby')).toBe(blockers.id);
    expect(
      within(blockers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([QueueMessages.safNotSigned, QueueMessages.documentMissing('W-9')]);
  });
});

describe('Approval queue: kept current', () => {
  it('reads the queue again when a live event about a site arrives, and when the window regains focus', async () => {
    const { calls } = serveQueue([page([activation]), page([termination]), page([domainChange])]);
    const router = renderAt();
    // As the app's client has it: answers stay fresh for a while, and focus refetches nothing.
    router.client.setDefaultOptions({
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    });
    await rowOf('summit-homes.example.com');
    await act(() =>
      invalidateKeys(
        router.client,
        keysFor({ type: 'website', context: 'website', siteId: 7, username: 'demo', action: 'update' }),
      ),
    );
    await rowOf('leaving.example.com');
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await rowOf('old-name.example.com');
    expect(queueCalls(calls)).toHaveLength(3);
    act(() => focusManager.setFocused(undefined));
  });
});

describe('Approval queue: filters and paging live in the URL', () => {
  it('reads kind, vendor, age, search, page and page size from the URL', async () => {
    const { calls } = serveQueue([page([termination], { total: 80 })]);
    renderAt('/admin/queue?kind=termination&vendor=2&age=3-4&search=leaving&page=2&size=50');
    await rowOf('leaving.example.com');
    expect(lastQueueQuery(calls)).toEqual({
      page: '2',
      pageSize: '50',
      kind: 'termination',
      vendor: '2',
      age: '3-4',
      search: 'leaving',
    });
    expect(screen.getByTestId('kind-filter').textContent).toContain(QUEUE_KIND_LABELS.termination);
    await waitFor(() =>
      expect(screen.getByTestId('vendor-filter').textContent).toContain('Harbor IDX Co (HIC) · 1 waiting'),
    );
    expect(screen.getByTestId('age-filter').textContent).toContain(QUEUE_AGE_LABELS['3-4']);
    expect((screen.getByLabelText('Search the queue') as HTMLInputElement).value).toBe('leaving');
  });

  it('writes each filter to the URL from page 1, the search after a pause; Back undoes a choice', async () => {
    const { calls } = serveQueue([page([activation, termination], { total: 60 })]);
    const router = renderAt('/admin/queue?page=2');
    await rowOf('leaving.example.com');

    fireEvent.mouseDown(within(screen.getByTestId('kind-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(QUEUE_KIND_LABELS.termination));
    await waitFor(() => expect(urlOf(router)).toEqual({ kind: 'termination' }));

    fireEvent.mouseDown(within(screen.getByTestId('vendor-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Summit Web Solutions (SWS) · 3 waiting'));
    await waitFor(() => expect(urlOf(router)).toEqual({ kind: 'termination', vendor: '1' }));

    fireEvent.mouseDown(within(screen.getByTestId('age-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(QUEUE_AGE_LABELS['5+']));
    await waitFor(() => expect(urlOf(router)).toEqual({ kind: 'termination', vendor: '1', age: '5+' }));

    fireEvent.change(screen.getByLabelText('Search the queue'), { target: { value: '  summit ' } });
    await waitFor(() =>
      expect(urlOf(router)).toEqual({ kind: 'termination', vendor: '1', age: '5+', search: 'summit' }),
    );
    await waitFor(() =>
      expect(lastQueueQuery(calls)).toEqual({
        page: '1',
        pageSize: '25',
        kind: 'termination',
        vendor: '1',
        age: '5+',
        search: 'summit',
      }),
    );

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(urlOf(router).page).toBe('2'));
    await act(() => router.navigate(-1));
    expect(urlOf(router)).toEqual({ kind: 'termination', vendor: '1', age: '5+', search: 'summit' });
    await act(() => router.navigate(-1));
    expect(urlOf(router)).toEqual({ kind: 'termination', vendor: '1' });
  });

  it('with filters and no match, says so and clears them', async () => {
    serveQueue([page([], { summary: queueSummary({ waiting: 5 }) })]);
    const router = renderAt('/admin/queue?kind=agent&search=zzz');
    expect(await screen.findByText(QueueMessages.emptyFiltered, {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('empty-state')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(urlOf(router)).toEqual({}));
    expect((screen.getByLabelText('Search the queue') as HTMLInputElement).value).toBe('');
  });

  it('a failed load says so and retries', async () => {
    let fail = true;
    serveApi((method, path) => {
      if (path === '/admin/queue/vendors') return { body: vendors };
      if (path.startsWith('/admin/queue?'))
        return fail
          ? { status: 400, body: { code: 400, message: 'The queue could not be read.' } }
          : { body: page([activation]) };
      return undefined;
    });
    renderAt();
    expect(await screen.findByText('The queue could not be read.', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await rowOf('summit-homes.example.com');
  });
});

describe('Approval queue: decisions', () => {
  it('Activate asks for the start date (today by default) and posts it with the version', async () => {
    const success = vi.spyOn(message, 'success');
    const { calls } = serveQueue([page([activation]), page([])], (path) =>
      path === '/admin/websites/7/activate'
        ? { body: { message: QueueMessages.activated('summit-homes.example.com') } }
        : undefined,
    );
    renderAt();
    const row = await rowOf('summit-homes.example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Activate summit-homes.example.com' }));
    const dialog = await dialogNamed('Activate summit-homes.example.com');
    const picker = within(dialog).getByLabelText('Start date') as HTMLInputElement;
    expect(picker.value).toBe(dayjs().format('MM/DD/YYYY'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        QueueMessages.activated('summit-homes.example.com'),
        expect.anything(),
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/admin/websites/7/activate',
        body: { version: 3, startDate: dayjs().format('YYYY-MM-DD') },
      },
    ]);
    // The queue is read again: the activated site has left it.
    expect(await screen.findByText(QueueMessages.empty, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a dialog closed without deciding gives focus back to its button; a decision, to the heading', async () => {
    serveQueue([page([activation])], () => ({ body: { message: 'Done' } }));
    renderAt();
    const row = await rowOf('summit-homes.example.com');
    const button = within(row).getByRole('button', { name: 'Activate summit-homes.example.com' });
    button.focus();
    fireEvent.click(button);
    let dialog = await dialogNamed('Activate summit-homes.example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(button));

    fireEvent.click(button);
    dialog = await dialogNamed('Activate summit-homes.example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: QueueMessages.title })),
    );
  });

  it('after a decision focus goes on to the next item, once the decided one has left', async () => {
    serveQueue([page([activation, domainChange]), page([domainChange])], () => ({
      body: { message: 'Done' },
    }));
    renderAt();
    const row = await rowOf('summit-homes.example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Activate summit-homes.example.com' }));
    const dialog = await dialogNamed('Activate summit-homes.example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.queryByText('summit-homes.example.com')).toBeNull(), { timeout: 5000 });
    const next = await rowOf('old-name.example.com');
    await waitFor(() => expect(next.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.tagName).toBe('BUTTON');
  });

  it('Decline needs a reason and sends it trimmed', async () => {
    const success = vi.spyOn(message, 'success');
    const { calls } = serveQueue([page([domainChange])], (path) =>
      path === '/admin/requests/41/decline' ? { body: { message: QueueMessages.declined } } : undefined,
    );
    renderAt();
    const row = await rowOf('old-name.example.com');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Decline the domain change of old-name.example.com' }),
    );
    const dialog = await dialogNamed('Decline the domain change of old-name.example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: '   The new domain is not licensed.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(QueueMessages.declined, expect.anything()));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/admin/requests/41/decline',
        body: { reason: 'The new domain is not licensed.' },
      },
    ]);
  });

  it('Approve posts to the request', async () => {
    const success = vi.spyOn(message, 'success');
    const { calls } = serveQueue([page([domainChange])], (path) =>
      path === '/admin/requests/41/approve' ? { body: { message: QueueMessages.approved } } : undefined,
    );
    renderAt();
    const row = await rowOf('old-name.example.com');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Approve the domain change of old-name.example.com' }),
    );
    // It asks first, with Cancel focused so a second Enter does not approve by accident.
    const confirm = await dialogNamed('Approve the domain change of old-name.example.com?');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(QueueMessages.approved, expect.anything()));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/requests/41/approve',
    ]);
  });

  it('a change whose terms need a form is approved only on a paper form staff name', async () => {
    const success = vi.spyOn(message, 'success');
    const { calls } = serveQueue([page([productChange])], (path) =>
      path === '/admin/requests/51/approve' ? { body: { message: QueueMessages.approved } } : undefined,
    );
    renderAt();
    const row = await rowOf('vow-bound.example.com');
    expect(row.textContent).toContain('New product');
    expect(row.textContent).toContain('SAF for the change');
    const approve = within(row).getByRole('button', {
      name: 'Approve the product change of vow-bound.example.com',
    }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(within(row).getByTestId('queue-blockers').textContent).toContain(QueueMessages.needsForm);

    fireEvent.click(
      within(row).getByRole('button', {
        name: 'Approve on paper form: the product change of vow-bound.example.com',
      }),
    );
    const dialog = await dialogNamed('Approve the product change of vow-bound.example.com on a paper form');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Please say which paper form covers the new terms.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Paper form'), {
      target: { value: ' Signed on paper by the broker, 2026-11-20. ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(QueueMessages.approved, expect.anything()));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/admin/requests/51/approve',
        body: { paperForm: 'Signed on paper by the broker, 2026-11-20.' },
      },
    ]);
  });

  it('Record review asks what covers the licence and posts it to the licence', async () => {
    const success = vi.spyOn(message, 'success');
    const { calls } = serveQueue([page([licence])], (path) =>
      path === '/admin/licences/61/review' ? { body: { message: QueueMessages.licenceReviewed } } : undefined,
    );
    renderAt();
    const row = await rowOf('old-licence.example.com');
    expect(row.textContent).toContain(QUEUE_KIND_LABELS.licence);
    fireEvent.click(
      within(row).getByRole('button', { name: 'Record review: the licence of old-licence.example.com' }),
    );
    const dialog = await dialogNamed('Review the licence of old-licence.example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record review' }));
    expect(await within(dialog).findByText('Please say what covers this licence.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('What covers it'), {
      target: { value: 'Paper form of 2024, MLS archive.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record review' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(QueueMessages.licenceReviewed, expect.anything()),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/admin/licences/61/review',
        body: { note: 'Paper form of 2024, MLS archive.' },
      },
    ]);
  });

  it('a compliance item shows its rule, due date and evidence; Extend asks for a later date and a reason', async () => {
    const success = vi.spyOn(message, 'success');
    const dueOn = dayjs().add(7, 'day').format('YYYY-MM-DD');
    const { calls } = serveQueue([page([overdue])], (path) =>
      path === '/admin/compliance/findings/58/extend'
        ? { body: { message: QueueMessages.findingExtended(dueOn) } }
        : undefined,
    );
    renderAt();
    const row = await rowOf('lapsed.example.com');
    expect(row.textContent).toContain(QUEUE_KIND_LABELS.compliance);
    expect(row.textContent).toContain('Rule: Required text');
    expect(row.textContent).toContain('Due: 11/20/2026');
    expect(row.textContent).toContain('Evidence: Footer: © Lapsed Realty');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Extend the finding "Required text" of lapsed.example.com' }),
    );
    const dialog = await dialogNamed('Extend the fix-by date of lapsed.example.com');
    // A week ahead by default; the reason is required.
    expect((within(dialog).getByLabelText('New fix-by date') as HTMLInputElement).value).toBe(
      dayjs(dueOn).format('MM/DD/YYYY'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: '  New theme next week. ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(QueueMessages.findingExtended(dueOn), expect.anything()),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/admin/compliance/findings/58/extend',
        body: { dueOn, reason: 'New theme next week.' },
      },
    ]);
  });

  it('a past fix-by date typed and left is refused with its rule and empties the field: nothing is sent', async () => {
    const { calls } = serveQueue([page([overdue])]);
    renderAt();
    const row = await rowOf('lapsed.example.com');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Extend the finding "Required text" of lapsed.example.com' }),
    );
    const dialog = await dialogNamed('Extend the fix-by date of lapsed.example.com');
    const date = within(dialog).getByLabelText('New fix-by date') as HTMLInputElement;
    fireEvent.mouseDown(date);
    fireEvent.click(date);
    fireEvent.change(date, { target: { value: dayjs().subtract(3, 'day').format('MM/DD/YYYY') } });
    fireEvent.keyUp(date, { key: '0' });
    fireEvent.blur(date);
    expect(await within(dialog).findByText(QueueMessages.extendNotAhead)).toBeTruthy();
    await waitFor(() => expect(date.value).toBe(''));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'New theme next week.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(await within(dialog).findByText('Please choose the new fix-by date.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('narrowed to compliance items, offers no selection or bulk decisions', async () => {
    serveQueue([page([overdue])]);
    renderAt('/admin/queue?kind=compliance');
    const row = await rowOf('lapsed.example.com');
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Activate selected/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Selected websites' })).toBeNull();
  });

  it('Waive asks for the reason and posts it to the finding', async () => {
    const { calls } = serveQueue([page([overdue])], (path) =>
      path === '/admin/compliance/findings/58/waive'
        ? { body: { message: QueueMessages.findingWaived } }
        : undefined,
    );
    renderAt();
    const row = await rowOf('lapsed.example.com');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Waive the finding "Required text" of lapsed.example.com' }),
    );
    const dialog = await dialogNamed('Waive the finding "Required text" of lapsed.example.com');
    expect(dialog.textContent).toContain('The MLS disclaimer was not found on the page.');
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'On every listing page.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Waive' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: '/admin/compliance/findings/58/waive',
          body: { reason: 'On every listing page.' },
        },
      ]),
    );
  });

  it('Start termination asks for the term date and a reason, and posts them with the version; a refusal shows on the date', async () => {
    let refuse = true;
    const termDate = dayjs().add(30, 'day').format('YYYY-MM-DD');
    const { calls } = serveQueue([page([overdue])], (path) => {
      if (path !== '/admin/compliance/findings/58/terminate') return undefined;
      if (refuse) {
        refuse = false;
        return { status: 400, body: { message: QueueMessages.termDateInPast } };
      }
      return { body: { message: QueueMessages.findingTerminationStarted('lapsed.example.com') } };
    });
    renderAt();
    const row = await rowOf('lapsed.example.com');
    fireEvent.click(
      within(row).getByRole('button', {
        name: 'Start the termination of lapsed.example.com over the finding "Required text"',
      }),
    );
    const dialog = await dialogNamed('Start the termination of lapsed.example.com');
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Two reminders ignored.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start termination' }));
    expect(await within(dialog).findByText(QueueMessages.termDateInPast)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start termination' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').at(-1)).toEqual({
        method: 'POST',
        path: '/admin/compliance/findings/58/terminate',
        body: { version: 6, termDate, reason: 'Two reminders ignored.' },
      }),
    );
  });

  it('Mark as reviewed posts the roster item’s site with its version', async () => {
    const success = vi.spyOn(message, 'success');
    const { calls } = serveQueue([page([roster])], (path) =>
      path === '/admin/websites/11/roster-flag/clear'
        ? { body: { message: QueueMessages.rosterCleared } }
        : undefined,
    );
    renderAt();
    const row = await rowOf('gone.example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Mark gone.example.com as reviewed' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(QueueMessages.rosterCleared, expect.anything()));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/admin/websites/11/roster-flag/clear', body: { version: roster.version } },
    ]);
  });

  it('Reject on a document on file asks for a reason and posts it to that document', async () => {
    const { calls } = serveQueue([page([blocked])], (path) =>
      path === '/admin/documents/55/reject'
        ? { body: { message: QueueMessages.documentRejected } }
        : undefined,
    );
    renderAt();
    const row = await rowOf('blocked.example.com');
    // Only the document on file can be rejected; the missing W-9 has no button.
    expect(within(row).getAllByRole('button', { name: /^Reject/ })).toHaveLength(1);
    fireEvent.click(
      within(row).getByRole('button', { name: 'Reject the Broker Letter of blocked.example.com' }),
    );
    const dialog = await dialogNamed('Reject the Broker Letter of blocked.example.com');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Unsigned copy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', path: '/admin/documents/55/reject', body: { reason: 'Unsigned copy' } },
      ]),
    );
  });

  it('Terminate asks first, then posts the version', async () => {
    const { calls } = serveQueue([page([termination])], (path) =>
      path === '/admin/websites/9/terminate'
        ? { body: { message: QueueMessages.terminated('leaving.example.com') } }
        : undefined,
    );
    renderAt();
    const row = await rowOf('leaving.example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Terminate leaving.example.com' }));
    const confirm = await dialogNamed('Terminate leaving.example.com?');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Terminate' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', path: '/admin/websites/9/terminate', body: { version: 2 } },
      ]),
    );
  });

  it("a stale decision (409) shows the server's message and reads the queue again", async () => {
    const error = vi.spyOn(message, 'error');
    const { calls } = serveQueue([page([activation]), page([])], (path) =>
      path === '/admin/websites/7/activate'
        ? { status: 409, body: { code: 409, message: QueueMessages.stale } }
        : undefined,
    );
    renderAt();
    const row = await rowOf('summit-homes.example.com');
    expect(queueCalls(calls)).toHaveLength(1);
    fireEvent.click(within(row).getByRole('button', { name: 'Activate summit-homes.example.com' }));
    const dialog = await dialogNamed('Activate summit-homes.example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(QueueMessages.stale, undefined));
    await waitFor(() => expect(queueCalls(calls)).toHaveLength(2));
    expect(await screen.findByText(QueueMessages.empty, {}, { timeout: 5000 })).toBeTruthy();
    // The dialog has nothing left to do.
    await waitFor(() => expect(screen.queryByText('Activate summit-homes.example.com')).toBeNull());
  });

  it("another refusal shows the server's message", async () => {
    const error = vi.spyOn(message, 'error');
    serveQueue([page([domainChange])], () => ({
      status: 400,
      body: { code: 400, message: 'The new domain is already licensed.' },
    }));
    renderAt();
    const row = await rowOf('old-name.example.com');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Approve the domain change of old-name.example.com' }),
    );
    // It asks first, with Cancel focused so a second Enter does not approve by accident.
    const confirm = await dialogNamed('Approve the domain change of old-name.example.com?');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The new domain is already licensed.', undefined));
  });
});

describe('Approval queue: bulk decisions', () => {
  it('activates the selected sites and shows the result of each', async () => {
    const second = queueItem({
      key: 'activation:12',
      siteId: 12,
      domainName: 'second.example.com',
      version: 6,
    });
    const { calls } = serveQueue([page([activation, second, blocked, domainChange])], (path) =>
      path === '/admin/websites/activate'
        ? {
            body: {
              results: [
                {
                  id: 7,
                  domainName: 'summit-homes.example.com',
                  ok: true,
                  message: 'summit-homes.example.com is Active',
                },
                { id: 8, domainName: 'blocked.example.com', ok: false, message: QueueMessages.safNotSigned },
              ],
            },
          }
        : undefined,
    );
    renderAt();
    const row = await rowOf('summit-homes.example.com');
    // Change requests are not decided in bulk: their rows have no box.
    expect(within(await rowOf('old-name.example.com')).queryByRole('checkbox')).toBeNull();
    const bulkButton = screen.getByRole('button', { name: /Activate selected/ });
    expect((bulkButton as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(row).getByRole('checkbox', { name: 'Select summit-homes.example.com' }));
    fireEvent.click(
      within(await rowOf('blocked.example.com')).getByRole('checkbox', {
        name: 'Select blocked.example.com',
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Activate selected (2)' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Activate selected (2)' }));
    const confirm = await dialogNamed('Activate 2 websites?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Activate 2 websites' }));

    const results = await screen.findByTestId('bulk-results', {}, { timeout: 5000 });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/admin/websites/activate',
        body: {
          sites: [
            { id: 7, version: 3 },
            { id: 8, version: 5 },
          ],
        },
      },
    ]);
    const lines = within(results).getAllByRole('listitem');
    expect(lines.map((li) => li.textContent)).toEqual([
      'summit-homes.example.com: donesummit-homes.example.com is Active',
      `blocked.example.com: not done${QueueMessages.safNotSigned}`,
    ]);
    expect(screen.getByTestId('bulk-total').textContent).toBe(QueueMessages.bulkDone(1, 1));
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('bulk-results')).toBeNull());
  });

  it('terminates the selected sites only, whatever else is selected', async () => {
    const { calls } = serveQueue([page([activation, termination])], (path) =>
      path === '/admin/websites/terminate'
        ? { body: { results: [{ id: 9, domainName: 'leaving.example.com', ok: true, message: '' }] } }
        : undefined,
    );
    renderAt();
    fireEvent.click(
      within(await rowOf('summit-homes.example.com')).getByRole('checkbox', {
        name: 'Select summit-homes.example.com',
      }),
    );
    fireEvent.click(
      within(await rowOf('leaving.example.com')).getByRole('checkbox', {
        name: 'Select leaving.example.com',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Terminate selected (1)' }));
    const confirm = await dialogNamed('Terminate 1 website?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Terminate 1 website' }));
    const results = await screen.findByTestId('bulk-results', {}, { timeout: 5000 });
    expect(within(results).getByText('Done')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/admin/websites/terminate', body: { sites: [{ id: 9, version: 2 }] } },
    ]);
  });
});
