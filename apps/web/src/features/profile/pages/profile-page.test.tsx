import {
  AVATAR_MAX_BYTES,
  AvatarMessages,
  EmailChangeMessages,
  Messages,
  PasswordMessages,
  type Profile,
} from '@vp/contract';
import { PASSWORD_FEEDBACK } from '@vp/contract/password-strength';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiscardTexts } from '../../../components/discard-confirm.ts';
import { UnsavedChangesBlocker } from '../../../components/unsaved-changes-blocker.tsx';
import { setAccount, setToken } from '../../../lib/session.ts';
import { profile as demoProfile, renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import ProfilePage from './profile-page.tsx';

const me: Profile = demoProfile();

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(profile: Profile = me) {
  const api = serveProfile(profile);
  renderWithClient(
    <MemoryRouter>
      <ProfilePage />
    </MemoryRouter>,
  );
  return api;
}

function serveProfile(profile: Profile) {
  let current = profile;
  return serveApi((method, path, body) => {
    if (path === '/profile' && method === 'GET') return { body: current };
    if (path === '/profile/factors' && method === 'GET')
      return { body: { factors: [], recoveryCodesLeft: 0, required: false, confirmedUntil: null } };
    if (path === '/profile' && method === 'PUT') {
      const sent = body as Profile & { currentPassword?: string; password?: string };
      if (sent.password && sent.currentPassword !== 'summit-sites-2026')
        return { status: 400, body: { code: 400, message: Messages.currentPasswordWrong } };
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

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('profile: saving', () => {
  it('offers Save only for a change, and never says Profile saved for nothing', async () => {
    const { calls } = open();
    const first = (await screen.findByLabelText('First name')) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe(me.firstName));
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText('No changes to save.')).toBeTruthy();

    fireEvent.change(first, { target: { value: 'Danielle' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(screen.queryByText('No changes to save.')).toBeNull();
    // Back to what is saved: nothing to save again.
    fireEvent.change(first, { target: { value: me.firstName } });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a wrong current password shows on its field as well as in one toast', async () => {
    const error = vi.spyOn(message, 'error');
    open();
    const current = (await screen.findByLabelText('Current password')) as HTMLInputElement;
    fireEvent.change(current, { target: { value: 'not-my-password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Harbor-lights-2027!' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'Harbor-lights-2027!' },
    });
    const change = screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement;
    await waitFor(() => expect(change.disabled).toBe(false));
    fireEvent.click(change);

    const item = current.closest('.ant-form-item')!;
    await waitFor(() =>
      expect(item.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
        Messages.currentPasswordWrong,
      ),
    );
    expect(error).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['1234512345', PasswordMessages.repeated],
    ['my-Demo-password-2026', PasswordMessages.hasUsername],
    [
      'Summer2026!',
      PasswordMessages.weak(
        PASSWORD_FEEDBACK.warnings.similarToCommon,
        PASSWORD_FEEDBACK.suggestions.anotherWord,
      ),
    ],
  ])('says why the new password %s is refused under its field, sending nothing', async (password, text) => {
    const { calls } = open();
    fireEvent.change(await screen.findByLabelText('Current password'), {
      target: { value: 'summit-sites-2026' },
    });
    const field = screen.getByLabelText('New password');
    fireEvent.change(field, { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const item = field.closest('.ant-form-item')!;
    await waitFor(() => expect(item.querySelector('.ant-form-item-explain-error')?.textContent).toBe(text), {
      timeout: 10_000,
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('Change password waits for something to change; New password is marked required like its neighbours', async () => {
    open();
    await screen.findByLabelText('Current password');
    expect((screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      const field = screen.getByLabelText(label);
      const mark = field.closest('.ant-form-item')!.querySelector('label');
      expect(mark?.classList.contains('ant-form-item-required'), label).toBe(true);
    }
  });
});

describe('profile: unsaved edits', () => {
  function openRouted() {
    serveProfile(me);
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
            { path: 'profile', element: <ProfilePage /> },
            { path: 'dashboard', element: <p>Dashboard</p> },
          ],
        },
      ],
      { initialEntries: ['/profile'] },
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

  it('asks before leaving the page with an edited name; Keep editing stays', async () => {
    const router = openRouted();
    const first = (await screen.findByLabelText('First name')) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe(me.firstName));
    fireEvent.change(first, { target: { value: 'Danielle' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));

    await act(() => router.navigate('/dashboard'));
    const dialog = await waitFor(() => {
      expect(discardDialog()).not.toBeNull();
      return discardDialog()!;
    });
    fireEvent.click(within(dialog).getByRole('button', { name: DiscardTexts.cancel }));
    await waitFor(() => expect(discardDialog()).toBeNull());
    expect(router.state.location.pathname).toBe('/profile');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Danielle');
  });

  it('leaves an unchanged profile without asking', async () => {
    const router = openRouted();
    const first = (await screen.findByLabelText('First name')) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe(me.firstName));
    await act(() => router.navigate('/dashboard'));
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(discardDialog()).toBeNull();
  });
});

describe('the profile picture', () => {
  function serveAvatar(profile: Profile = me) {
    let current = profile;
    return serveApi((method, path, body) => {
      if (path === '/profile' && method === 'GET') return { body: current };
      if (path === '/profile/factors' && method === 'GET')
        return { body: { factors: [], recoveryCodesLeft: 0, required: false, confirmedUntil: null } };
      if (path === '/profile/avatar' && method === 'PUT') {
        current = { ...current, avatar: `/api/avatars/${'a'.repeat(32)}` };
        return body instanceof Blob ? { body: current } : { status: 400, body: { code: 400, message: 'no' } };
      }
      if (path === '/profile/avatar' && method === 'DELETE') {
        current = { ...current, avatar: null };
        return { body: current };
      }
      return undefined;
    });
  }

  function pick(file: File) {
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [file] } });
  }

  it('sends a picked PNG as the body with its type and shows the stored picture', async () => {
    const api = serveAvatar();
    renderWithClient(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Upload picture/ }));
    pick(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Your picture' })).toBeTruthy());
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toBeInstanceOf(Blob);
    const sentHeaders = api.headers[api.calls.indexOf(put)]!;
    expect(sentHeaders['Content-Type']).toBe('image/png');
    expect(screen.getByRole('button', { name: /Change picture/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Remove/ }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Your picture' })).toBeNull());
  });

  it('refuses another kind of file or one over 2 MB without sending it', async () => {
    const api = serveAvatar();
    renderWithClient(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: /Upload picture/ });
    pick(new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));
    expect((await screen.findByRole('alert')).textContent).toBe(AvatarMessages.notImage);
    pick(new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(AvatarMessages.tooLarge));
    expect(api.calls.some((c) => c.path === '/profile/avatar')).toBe(false);
  });
});
