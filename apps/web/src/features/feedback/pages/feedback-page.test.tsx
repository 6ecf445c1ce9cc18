import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiscardTexts } from '../../../components/discard-confirm.ts';
import { UnsavedChangesBlocker } from '../../../components/unsaved-changes-blocker.tsx';
import { hasUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import FeedbackPage from './feedback-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function openRouted() {
  serveApi((method, path) =>
    method === 'POST' && path === '/ticket'
      ? { body: { id: 1, message: 'Thank you for your feedback.' } }
      : undefined,
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <UnsavedChangesBlocker />
            <Outlet />
          </>
        ),
        children: [
          { path: 'feedback', element: <FeedbackPage /> },
          { path: 'dashboard', element: <p>Dashboard</p> },
        ],
      },
    ],
    { initialEntries: ['/feedback'] },
  );
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

function discardDialog(): HTMLElement | null {
  const title = [...document.querySelectorAll('.ant-modal-confirm-title')].find(
    (t) => t.textContent === DiscardTexts.title,
  );
  return title?.closest<HTMLElement>('.ant-modal-confirm') ?? null;
}

describe('feedback: unsaved edits', () => {
  it('asks before leaving a message half written; Discard goes', async () => {
    const router = openRouted();
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'The export is slow.' } });
    // The form reports its values a render later.
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    await act(() => router.navigate('/dashboard'));
    const dialog = await waitFor(() => {
      expect(discardDialog()).not.toBeNull();
      return discardDialog()!;
    });
    expect(router.state.location.pathname).toBe('/feedback');
    fireEvent.click(within(dialog).getByRole('button', { name: DiscardTexts.ok }));
    expect(await screen.findByText('Dashboard')).toBeTruthy();
  });

  it('leaves an empty form without asking', async () => {
    const router = openRouted();
    await screen.findByLabelText('Message');
    await act(() => router.navigate('/dashboard'));
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(discardDialog()).toBeNull();
  });
});
