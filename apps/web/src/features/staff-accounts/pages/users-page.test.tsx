import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MfaMessages, ROLE_NAMES, UserMessages } from '@vp/contract';
import { message } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Route } from '../../../testing/fake-api.tsx';
import { PHONE, stubMedia } from '../../../testing/media.ts';
import { userSummary, vendorOptions } from '../test-fixtures.ts';
import UsersPage from './users-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const invited = userSummary({
  id: 12,
  username: 'jo.park',
  firstName: 'Jo',
  lastName: 'Park',
  email: 'jo.park@lakeside.example',
  status: 'invited',
  invitation: { state: 'pending', sentAt: '2026-11-20T10:00:00.000Z', expiresAt: '2026-11-27T10:00:00.000Z' },
});

function serve(extra: Route = () => undefined) {
  return serveApi((method, path, body) => {
    const answer = extra(method, path, body);
    if (answer) return answer;
    if (method === 'GET' && path.startsWith('/admin/users?'))
      return { body: { items: [userSummary(), invited], total: 2 } };
    if (method === 'GET' && path === '/admin/vendors/options') return { body: vendorOptions };
    if (method === 'GET' && path === '/admin/users/11') return { body: userSummary() };
    if (method === 'GET' && path === '/admin/users/12') return { body: invited };
    if (method === 'GET' && path === '/admin/users/11/factors')
      return {
        body: {
          factors: [
            {
              id: 1,
              kind: 'totp',
              name: 'Authenticator app',
              createdAt: '2026-03-02T15:00:00.000Z',
              lastUsedAt: null,
            },
          ],
          recoveryCodesLeft: 9,
          required: true,
        },
      };
    if (method === 'GET' && /^\/admin\/users\/\d+\/history$/.test(path))
      return {
        body: [
          {
            id: 1,
            kind: 'user.invited',
            description: 'Invited jo.park',
            actor: 'Alex Morgan',
            at: '2026-11-20T10:00:00.000Z',
          },
        ],
      };
    return undefined;
  });
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/admin/users', element: <UsersPage /> }], {
    initialEntries: [url],
  });
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

const urlOf = (router: ReturnType<typeof renderAt>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

function confirmDialog(title: string): HTMLElement {
  const found = [...document.querySelectorAll('.ant-modal-confirm-title')].find(
    (t) => t.textContent === title,
  );
  const dialog = found?.closest<HTMLElement>('.ant-modal-confirm');
  if (!dialog) throw new Error(`no dialog ${title}`);
  return dialog;
}

describe('Users page', () => {
  it('asks for the users with the filters the URL holds, and shows each one’s standing', async () => {
    const { calls } = serve();
    renderAt('/admin/users?role=vendor&status=invited&vendor=3&search=park&order=desc');
    const row = await screen.findByRole('row', { name: 'Open jo.park' });
    expect(within(row).getByTestId('user-status').textContent).toBe('Invited');
    const list = calls.filter((c) => c.path.startsWith('/admin/users?')).at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(list.path.split('?')[1]))).toEqual({
      page: '1',
      pageSize: '25',
      order: 'desc',
      search: 'park',
      role: 'vendor',
      status: 'invited',
      vendor: '3',
    });
  });

  it('on a phone each user is a card whose facts are separated, none left dangling', async () => {
    stubMedia(PHONE);
    const staff = userSummary({ id: 13, username: 'alex', role: 'admin', vendors: [] });
    serve((method, path) =>
      method === 'GET' && path.startsWith('/admin/users?')
        ? { body: { items: [userSummary(), staff], total: 2 } }
        : undefined,
    );
    renderAt('/admin/users');
    const cards = await screen.findAllByTestId('user-card');
    const facts = (card: HTMLElement) =>
      [...card.querySelectorAll('.vp-console-card-meta > span')].map((s) => s.textContent);
    // A user without vendor accounts has no empty fact after its role (the separator came before it).
    expect(facts(cards[1]!).filter((text) => text === '')).toEqual([]);
    expect(facts(cards[1]!).at(-1)).toBe(ROLE_NAMES.admin);
    expect(facts(cards[0]!).at(-1)).toBe('SWS');
  });

  it('invites a user: the username follows the address, a refusal shows on its field, and the new user opens', async () => {
    const error = vi.spyOn(message, 'error');
    let tries = 0;
    const { calls } = serve((method, path) => {
      if (method !== 'POST' || path !== '/admin/invitations') return undefined;
      tries += 1;
      return tries === 1
        ? { status: 409, body: { code: 409, message: UserMessages.usernameTaken } }
        : { status: 201, body: { id: 12, message: UserMessages.invited('jo.park@lakeside.example') } };
    });
    const router = renderAt('/admin/users?vendor=3');
    await screen.findByRole('row', { name: 'Open demo' });
    fireEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'jo.park@lakeside.example' } });
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    await waitFor(() => expect(username.value).toBe('jo.park'));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() =>
      expect(
        username.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent,
      ).toBe(UserMessages.usernameTaken),
    );
    expect(error).toHaveBeenCalledTimes(1);
    // The list's vendor filter is the primary account chosen.
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'jo.park@lakeside.example',
      username: 'jo.park',
      firstName: '',
      lastName: '',
      role: 'vendor',
      primaryVendorId: 3,
      otherVendorIds: [],
    });

    fireEvent.change(username, { target: { value: 'jpark' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(urlOf(router)).toEqual({ vendor: '3', user: '12' }));
    expect((calls.filter((c) => c.method === 'POST').at(-1)!.body as { username: string }).username).toBe(
      'jpark',
    );
  });

  it('deactivates a user after saying what it does; the last administrator’s refusal is said in a toast', async () => {
    const error = vi.spyOn(message, 'error');
    const { calls } = serve((method, path) =>
      method === 'POST' && path === '/admin/users/11/deactivate'
        ? { status: 409, body: { code: 409, message: UserMessages.lastAdmin } }
        : undefined,
    );
    renderAt('/admin/users?user=11');
    const drawer = await screen.findByTestId('user-drawer');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Deactivate' }));
    const dialog = await waitFor(() => confirmDialog('Deactivate demo?'));
    expect(within(dialog).getByText(UserMessages.deactivateEffect)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(UserMessages.lastAdmin, undefined));
    expect(calls.filter((c) => c.path === '/admin/users/11/deactivate')).toHaveLength(1);
  });

  it('changes a role only once another is chosen, and says that the sessions end', async () => {
    const { calls } = serve((method, path) =>
      method === 'PUT' && path === '/admin/users/11/role'
        ? { body: { message: UserMessages.roleChanged('Vendor (read-only)') } }
        : undefined,
    );
    renderAt('/admin/users?user=11');
    const drawer = await screen.findByTestId('user-drawer');
    const save = (await within(drawer).findByRole('button', { name: 'Save role' })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(within(drawer).getAllByText(UserMessages.roleChangeEffect).length).toBeGreaterThan(0);
    fireEvent.click(within(drawer).getByLabelText('Vendor (read-only)'));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    fireEvent.click(
      within(await waitFor(() => confirmDialog('Make demo Vendor (read-only)?'))).getByRole('button', {
        name: 'Change role',
      }),
    );
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'viewer' }));
  });

  it('offers an invited user’s invitation to be sent again or revoked, with who invited them', async () => {
    const { calls } = serve((method, path) =>
      method === 'DELETE' && path === '/admin/invitations/12'
        ? { body: { message: UserMessages.invitationRevoked } }
        : method === 'POST' && path === '/admin/invitations/12/resend'
          ? { body: { message: UserMessages.invitationResent('jo.park@lakeside.example') } }
          : undefined,
    );
    renderAt('/admin/users?user=12');
    const drawer = await screen.findByTestId('user-drawer');
    expect((await within(drawer).findByTestId('invitation-state')).textContent).toBe('Invitation pending');
    expect(await within(drawer).findByText('Invited jo.park')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send invitation again' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/admin/invitations/12/resend')).toBe(true),
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Revoke invitation' }));
    fireEvent.click(
      within(await waitFor(() => confirmDialog('Revoke the invitation of jo.park?'))).getByRole('button', {
        name: 'Revoke',
      }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/admin/invitations/12')).toBe(true),
    );
  });

  it('resets two-step sign-in only after saying what it does', async () => {
    const success = vi.spyOn(message, 'success');
    const { calls } = serve((method, path) =>
      method === 'POST' && path === '/admin/users/11/factors/reset'
        ? { body: { message: MfaMessages.staffReset(true) } }
        : undefined,
    );
    renderAt('/admin/users?user=11');
    const drawer = await screen.findByTestId('user-drawer');
    const factors = await within(drawer).findByTestId('user-factors');
    expect(factors.textContent).toContain('Authenticator app');
    expect(within(drawer).getByText('Their role requires two-step sign-in.')).toBeTruthy();
    expect(within(drawer).getByText('Recovery codes left: 9')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Reset two-step sign-in' }));
    const dialog = await waitFor(() => confirmDialog('Reset two-step sign-in for demo?'));
    expect([...dialog.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'All their authenticator apps, passkeys and recovery codes are removed.',
      'Their sessions end, and they are told by email.',
      'They set up two-step sign-in again when they next log in.',
    ]);
    // Asking is all that happened so far.
    expect(calls.some((c) => c.path === '/admin/users/11/factors/reset')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(success.mock.calls[0]?.[0]).toBe(MfaMessages.staffReset(true)));
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/admin/users/11/factors/reset'),
    ).toHaveLength(1);
  });

  it('a reset the staff member thinks better of changes nothing', async () => {
    const { calls } = serve();
    renderAt('/admin/users?user=11');
    const drawer = await screen.findByTestId('user-drawer');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Reset two-step sign-in' }));
    const dialog = await waitFor(() => confirmDialog('Reset two-step sign-in for demo?'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    expect(calls.some((c) => c.path === '/admin/users/11/factors/reset')).toBe(false);
  });
});
