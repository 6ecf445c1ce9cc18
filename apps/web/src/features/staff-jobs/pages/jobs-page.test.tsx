import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { JobMessages, type JobInfo, type JobRun } from '@vp/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Answer, type Call } from '../../../testing/fake-api.tsx';
import { startedText } from '../schedule.ts';
import JobsPage from './jobs-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const run = (over: Partial<JobRun> = {}): JobRun => ({
  startedAt: '2026-06-15T00:05:00.000Z',
  finishedAt: '2026-06-15T00:05:01.200Z',
  ok: true,
  error: null,
  manual: false,
  summary: null,
  ...over,
});

const termDates: JobInfo = {
  name: 'websites.term-dates',
  description: 'Terminates the websites whose term date has come.',
  cron: '5 0 * * *',
  asksFirst: true,
  runs: [
    run({
      startedAt: '2026-06-15T00:05:00.000Z',
      finishedAt: '2026-06-15T00:05:01.200Z',
      summary: 'Terminated 2 websites whose term date had come.',
    }),
    run({
      startedAt: '2026-06-14T00:05:00.000Z',
      finishedAt: '2026-06-14T00:05:03.000Z',
      ok: false,
      error: 'connection reset by peer',
    }),
    run({
      startedAt: '2026-06-13T09:30:00.000Z',
      finishedAt: '2026-06-13T09:32:05.000Z',
      manual: true,
    }),
  ],
};
const rosterSync: JobInfo = {
  name: 'roster.sync',
  description: 'Pulls the Member and Office records changed since the last sync.',
  cron: '*/15 * * * *',
  asksFirst: false,
  runs: [],
};

type Post = (path: string) => Answer | undefined;

/** The fake API: the job list answers `lists` in turn (the last one again); runs go to `post`. */
function serveJobs(lists: JobInfo[][], post: Post = () => undefined, preview?: string) {
  let served = 0;
  return serveApi((method, path) => {
    if (method === 'GET' && path.endsWith('/preview') && preview !== undefined)
      return { body: { message: preview } };
    if (method === 'GET' && path === '/admin/jobs') {
      const body = lists[Math.min(served, lists.length - 1)]!;
      served += 1;
      return { body };
    }
    if (method === 'POST') return post(path);
    return undefined;
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin/jobs', element: <JobsPage /> }], {
    initialEntries: ['/admin/jobs'],
  });
  return renderWithClient(<RouterProvider router={router} />);
}

const jobCard = async (name: string) =>
  (await screen.findByRole('heading', { name }, { timeout: 5000 })).closest<HTMLElement>(
    '[data-testid="job"]',
  )!;

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/admin/jobs');

describe('Jobs', () => {
  it('shows each job with what it does, its schedule in words, and its last runs', async () => {
    serveJobs([[termDates, rosterSync]]);
    renderPage();
    const card = await jobCard('websites.term-dates');
    expect(within(card).getByText(termDates.description)).toBeTruthy();
    expect(within(card).getByText(/^Every day at 00:05 UTC/)).toBeTruthy();

    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0]!)).toEqual([
      startedText('2026-06-15T00:05:00.000Z'),
      '1.2 s',
      ' SucceededTerminated 2 websites whose term date had come.',
      'Schedule',
    ]);
    // A failed run says so, with its error.
    expect(cells(rows[1]!)).toEqual([
      startedText('2026-06-14T00:05:00.000Z'),
      '3 s',
      ' Failedconnection reset by peer',
      'Schedule',
    ]);
    expect(cells(rows[2]!)).toEqual([
      startedText('2026-06-13T09:30:00.000Z'),
      '2 min 5 s',
      ' Succeeded',
      'Run now',
    ]);
  });

  it('a job never run says so, with its schedule', async () => {
    serveJobs([[termDates, rosterSync]]);
    renderPage();
    const card = await jobCard('roster.sync');
    expect(within(card).getByTestId('job-never-run').textContent).toContain('Not run yet');
    expect(within(card).queryByRole('table')).toBeNull();
    expect(within(card).getByText('Every 15 minutes')).toBeTruthy();
  });

  it('Run now starts the job, says so, and shows its run a moment later', async () => {
    const ran = run({
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      manual: true,
    });
    const { calls } = serveJobs(
      [
        [termDates, rosterSync],
        [termDates, { ...rosterSync, runs: [ran] }],
      ],
      (path) =>
        path === '/admin/jobs/roster.sync/run'
          ? { status: 202, body: { message: JobMessages.started('roster.sync') } }
          : undefined,
    );
    renderPage();
    const card = await jobCard('roster.sync');
    fireEvent.click(within(card).getByRole('button', { name: 'Run now: roster.sync' }));

    expect(await screen.findByText(JobMessages.started('roster.sync'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/jobs/roster.sync/run',
    ]);
    // The list is read again, and the new run shows, started by Run now.
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await waitFor(() => expect(within(card).queryByTestId('job-never-run')).toBeNull());
    const row = within(card).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Run now');
    expect(row.textContent).toContain('Succeeded');
  });

  it('a job that changes data asks first, with what it would do now; Cancel runs nothing', async () => {
    const preview = 'This will terminate 15 websites whose term date has come, ending their licences.';
    const { calls } = serveJobs(
      [[termDates]],
      (path) =>
        path === '/admin/jobs/websites.term-dates/run'
          ? { status: 202, body: { message: JobMessages.started('websites.term-dates') } }
          : undefined,
      preview,
    );
    renderPage();
    const card = await jobCard('websites.term-dates');
    const button = within(card).getByRole('button', { name: 'Run now: websites.term-dates' });
    fireEvent.click(button);
    const asked = await screen.findByTestId('job-preview');
    expect(asked.textContent).toBe(preview);
    const dialog = asked.closest<HTMLElement>('.ant-modal')!;
    expect(dialog.textContent).toContain(JobMessages.confirmTitle('websites.term-dates'));
    // The safe answer has focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('job-preview')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(button);
    await screen.findByTestId('job-preview');
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText(JobMessages.started('websites.term-dates'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/jobs/websites.term-dates/run',
    ]);
  });

  it('a run the server refuses is said in a toast, and the list stays', async () => {
    serveJobs([[{ ...termDates, asksFirst: false }]], () => ({
      status: 404,
      body: { code: 404, message: JobMessages.unknown },
    }));
    renderPage();
    const card = await jobCard('websites.term-dates');
    fireEvent.click(within(card).getByRole('button', { name: 'Run now: websites.term-dates' }));
    expect(await screen.findByText(JobMessages.unknown)).toBeTruthy();
    expect(within(card).getAllByRole('row')).toHaveLength(4);
  });

  it('a run under way shows as running', async () => {
    const running = run({ startedAt: new Date().toISOString(), finishedAt: null, ok: null, manual: true });
    serveJobs([[{ ...rosterSync, runs: [running] }]]);
    renderPage();
    const card = await jobCard('roster.sync');
    expect(within(card).getByTestId('run-state').textContent).toContain('Running');
  });

  it('a failed load offers Retry', async () => {
    let fail = true;
    serveApi((method, path) => {
      if (method !== 'GET' || path !== '/admin/jobs') return undefined;
      return fail
        ? { status: 500, body: { code: 500, message: 'Internal server error' } }
        : { body: [termDates] };
    });
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    fail = false;
    fireEvent.click(retry);
    expect(await jobCard('websites.term-dates')).toBeTruthy();
  });
});
