import { fireEvent, screen } from '@testing-library/react';
import { Messages } from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { json, renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { HistoryTimeline } from './history-timeline.tsx';

beforeEach(() => setToken('t'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('History timeline states', () => {
  it('loading is a placeholder, then an empty log says so', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithClient(<HistoryTimeline siteId={7} />);
    expect(await screen.findByText('Loading the history')).toBeTruthy();
    answer(json([]));
    expect(await screen.findByText('No changes have been recorded for this website yet.')).toBeTruthy();
  });

  it('a failed load is a sentence with a Retry, not the server text', async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi((_m, path) =>
      path === '/website/7/changelog'
        ? fail
          ? { status: 500, body: { code: 500, message: 'TypeError: x is undefined' } }
          : { body: [] }
        : undefined,
    );
    renderWithClient(<HistoryTimeline siteId={7} />);
    expect(await screen.findByText(Messages.serverFailed)).toBeTruthy();
    expect(screen.queryByText(/TypeError/)).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('No changes have been recorded for this website yet.')).toBeTruthy();
  });
});
