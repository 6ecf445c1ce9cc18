import { EmailChangeMessages, type Profile } from '@vp/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import ProfilePage from './profile-page.tsx';

const me: Profile = {
  id: 1,
  username: 'demo',
  role: 'vendor',
  rolename: 'Vendor',
  email: 'demo@summitweb.example',
  firstName: 'Dana',
  lastName: 'Whitfield',
  vendor: 1,
  acceptedTOS: true,
  active: true,
  avatar: null,
  pendingEmail: null,
};

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(profile: Profile = me) {
  let current = profile;
  const api = serveApi((method, path, body) => {
    if (path === '/profile' && method === 'GET') return { body: current };
    if (path === '/profile' && method === 'PUT') {
      const sent = body as Profile & { currentPassword?: string };
      current = {
        ...current,
        firstName: sent.firstName,
        lastName: sent.lastName,
        pendingEmail: sent.email === current.email ? current.pendingEmail : sent.email,
      };
      return { body: current };
    }
    return undefined;
  });
  renderWithClient(
    <MemoryRouter>
      <ProfilePage />
    </MemoryRouter>,
  );
  return api;
}

describe('profile: email address', () => {
  it('asks for the current password only when the address changes, and says where the link went', async () => {
    const { calls } = open();
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe(me.email));
    expect(screen.queryByLabelText('Your current password')).toBeNull();

    fireEvent.change(email, { target: { value: 'dana@summitweb.example' } });
    const password = await screen.findByLabelText('Your current password');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(EmailChangeMessages.passwordRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(password, { target: { value: 'summit-sites-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        email: 'dana@summitweb.example',
        currentPassword: 'summit-sites-2026',
      }),
    );
    expect(await screen.findByText(EmailChangeMessages.sent('dana@summitweb.example'))).toBeTruthy();
  });

  it('shows an address waiting for confirmation', async () => {
    open({ ...me, pendingEmail: 'dana@summitweb.example' });
    expect(await screen.findByText(/Waiting for dana@summitweb\.example to be confirmed/)).toBeTruthy();
  });
});
