import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageReload } from '../lib/chunk-load.ts';
import { LoadFailure, LoadFailureBoundary, LoadFailureTexts, STILL_UNREACHABLE } from './load-failure.tsx';

const missing = () =>
  new TypeError('Failed to fetch dynamically imported module: http://portal.test/assets/page-1.js');
const fetchMock = vi.fn<(input: string) => Promise<Response>>();
const reload = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  reload.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(pageReload, 'reload').mockImplementation(reload);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const heading = (name: string) => screen.findByRole('heading', { name });

describe('a page whose code did not arrive', () => {
  it('says the portal could not be reached, and Retry loads the page again once it answers', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<LoadFailure error={missing()} />);
    await heading(LoadFailureTexts.unreachable.title);

    // Still down: the page stays, and says so.
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('status')).textContent).toBe(STILL_UNREACHABLE);
    expect(reload).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('says a new version is available when the portal answers, and Reload loads it', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    render(<LoadFailure error={missing()} />);
    await heading(LoadFailureTexts.newVersion.title);
    expect(screen.getByText(LoadFailureTexts.newVersion.text)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('any other failure is a styled "Something went wrong" with Reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LoadFailure error={new Error('boom')} />);
    expect(screen.getByRole('heading', { name: LoadFailureTexts.failed.title })).toBeTruthy();
    expect(screen.getByRole('heading').closest('.vp-load-failure-area')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('framed, it fills the window like the login page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LoadFailure error={new Error('boom')} framed />);
    expect(screen.getByRole('main').className).toContain('vp-load-failure-page');
  });

  it('the boundary of a login-free page shows it for code that did not arrive', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    function Broken(): never {
      throw missing();
    }
    render(
      <LoadFailureBoundary>
        <Broken />
      </LoadFailureBoundary>,
    );
    await heading(LoadFailureTexts.unreachable.title);
    expect(screen.getByRole('main').className).toContain('vp-load-failure-page');
  });
});
