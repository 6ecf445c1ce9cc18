import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Messages } from '@vp/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http.ts';
import { EmptyState, ErrorState, LoadingState, OfflineNotice } from './query-states.tsx';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('shared screen states', () => {
  it('loading is announced and shows no empty text', () => {
    render(<LoadingState label="Loading websites" />);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading websites')).toBeTruthy();
    expect(screen.queryByText(/no data/i)).toBeNull();
  });

  it('empty says why and offers the next action', () => {
    render(<EmptyState title='No websites match "xyz".' action={<button>Clear the search</button>} />);
    expect(screen.getByText('No websites match "xyz".')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear the search' })).toBeTruthy();
  });

  it('an error is a sentence with a Retry that calls again', async () => {
    const retry = vi.fn();
    render(<ErrorState error={new ApiError(500, 500, Messages.serverFailed)} onRetry={retry} />);
    expect(screen.getByText(Messages.loadFailed)).toBeTruthy();
    expect(screen.getByText(Messages.serverFailed)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offline is said, and the load is retried when the network is back', () => {
    const retry = vi.fn();
    render(
      <>
        <OfflineNotice />
        <ErrorState error={new ApiError(0, 0, Messages.unreachable)} onRetry={retry} />
      </>,
    );
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    goOffline(true);
    expect(screen.getByTestId('offline-notice').textContent).toContain(Messages.offline);
    expect(retry).not.toHaveBeenCalled();
    goOffline(false);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
