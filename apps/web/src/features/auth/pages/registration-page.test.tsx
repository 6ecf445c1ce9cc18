import { UserMessages, type SecondStep } from '@vp/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, resetToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { pendingSecondStep } from '../second-step.ts';
import RegistrationPage from './registration-page.tsx';

/** Accepting an invitation: whom it is for is shown, the names staff entered filled in, and the new user signed in. */

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  resetToken();
});

const invited = { username: 'robin.o', email: 'robin@summitweb.example', firstName: 'Robin', lastName: '' };

const secondStep: SecondStep = { secondStep: 'enrol', ticket: 'ticket-7', role: 'admin', methods: ['totp'] };

function open(lookup: { status?: number; body: unknown } = { body: invited }, needsSecondStep = false) {
  const api = serveApi((method, path) => {
    if (method === 'GET' && path === '/profile/register') return lookup;
    if (method === 'PUT' && path === '/profile/register')
      return {
        body: needsSecondStep
          ? { ...secondStep, message: 'Your account is ready. Set up two-step sign-in to continue.' }
          : {
              message: 'Your account is ready, and you are signed in.',
              token: 'new-session',
              role: 'vendor',
            },
      };
    return undefined;
  });
  renderWithClient(
    <MemoryRouter initialEntries={['/registration?token=invite-abc']}>
      <Routes>
        <Route path="/registration" element={<RegistrationPage />} />
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return api;
}

describe('registration page', () => {
  it('says whose account is being created, fills in the names staff gave, and signs the new user in', async () => {
    const { calls, headers } = open();
    expect((await screen.findByTestId('invited-account')).textContent).toBe(
      'You are creating the account robin.o for robin@summitweb.example.',
    );
    expect(headers[0]?.Authorization).toBe('Bearer invite-abc');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Robin'));
    expect(screen.getByLabelText<HTMLInputElement>('Last name').value).toBe('');
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Okafor' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Maple-harbor-lights-42' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), {
      target: { value: 'Maple-harbor-lights-42' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Dashboard page');
    expect(getToken()).toBe('new-session');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      password: 'Maple-harbor-lights-42',
      firstName: 'Robin',
      lastName: 'Okafor',
    });
  });

  it('a used or unknown invitation says so, with no form to fill in', async () => {
    open({ status: 400, body: { code: 400, message: UserMessages.invitationInvalid } });
    expect(await screen.findByText(UserMessages.invitationInvalid)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });

  it('a role that requires two-step sign-in goes to the login page to set it up, with no session stored', async () => {
    open({ body: invited }, true);
    await screen.findByTestId('invited-account');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Maple-harbor-lights-42' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), {
      target: { value: 'Maple-harbor-lights-42' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Login page');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('vp.token')).toBeNull();
    expect(pendingSecondStep()).toEqual(secondStep);
  });
});
