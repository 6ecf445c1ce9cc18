import { EmailChangeMessages } from '@vp/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { RouterPageNavigation } from '../../../lib/router-page-navigation.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import EmailConfirmPage from './email-confirm-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function openAt(url: string, answer: { body: unknown; status?: number }) {
  window.history.replaceState(null, '', url);
  const api = serveApi((method, path) =>
    method === 'POST' && path === '/profile/email/confirm' ? answer : undefined,
  );
  renderWithClient(
    <MemoryRouter>
      <RouterPageNavigation>
        <EmailConfirmPage />
      </RouterPageNavigation>
    </MemoryRouter>,
  );
  return api;
}

describe('email confirmation page', () => {
  it('takes the token out of the address bar at once, and confirms only on the button', async () => {
    const { calls } = openAt('/email?token=abc123', { body: { message: EmailChangeMessages.changed } });
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/email');
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new email address' }));
    expect(await screen.findByText(EmailChangeMessages.changed)).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: '/profile/email/confirm', body: { token: 'abc123' } }]);
  });

  it("shows the server's refusal", async () => {
    openAt('/email?token=used', {
      body: { code: 400, message: EmailChangeMessages.linkInvalid },
      status: 400,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new email address' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(EmailChangeMessages.linkInvalid));
  });

  it('says the link is broken when it has no token', () => {
    openAt('/email', { body: {} });
    expect(screen.getByRole('alert').textContent).toBe(EmailChangeMessages.linkInvalid);
    expect(screen.queryByRole('button', { name: 'Confirm new email address' })).toBeNull();
  });
});
