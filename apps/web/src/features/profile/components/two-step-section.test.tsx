import { ErrorCodes, MfaMessages, type Factor, type Factors } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider, message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Route } from '../../../testing/fake-api.tsx';
import { TwoStepSection } from './two-step-section.tsx';

/** The profile's two-step sign-in: the user's methods, adding and removing them, and recovery codes. */

beforeEach(() => {
  setToken('t');
  setAccount(['viewer'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const app: Factor = {
  id: 1,
  kind: 'totp',
  name: 'Authenticator app',
  createdAt: '2026-03-02T15:00:00.000Z',
  lastUsedAt: '2026-03-10T15:00:00.000Z',
};
const laptop: Factor = {
  id: 2,
  kind: 'passkey',
  name: 'Work laptop',
  createdAt: '2026-03-05T15:00:00.000Z',
  lastUsedAt: null,
};

function factors(over: Partial<Factors> = {}): Factors {
  return { factors: [app, laptop], recoveryCodesLeft: 7, required: false, confirmedUntil: null, ...over };
}

const confirmFirst = {
  status: 403,
  body: { code: ErrorCodes.confirmFirst, message: MfaMessages.confirmFirst },
};

/**
 * The profile's factor calls. Changes answer `confirmFirst` until the password (or a code) has been
 * confirmed, as the server does after ten minutes.
 */
function serve(initial: Factors, more: Route = () => undefined) {
  let confirmed = false;
  return serveApi((method, path, body, headers) => {
    const answer = more(method, path, body, headers);
    if (answer) return answer;
    if (method === 'GET' && path === '/profile/factors') return { body: initial };
    if (method === 'POST' && path === '/profile/factors/confirm') {
      const sent = body as { password?: string; code?: string };
      if (sent.password !== 'summit-sites-2026' && sent.code !== '123456')
        return { status: 400, body: { code: 400, message: MfaMessages.confirmWrong } };
      confirmed = true;
      return { body: { confirmedUntil: '2026-03-10T15:10:00.000Z' } };
    }
    const changes =
      (method === 'DELETE' && path.startsWith('/profile/factors/')) ||
      (method === 'POST' &&
        [
          '/profile/factors/totp',
          '/profile/factors/passkey/options',
          '/profile/factors/recovery-codes',
        ].includes(path));
    if (changes && !confirmed) return confirmFirst;
    if (method === 'DELETE' && path === '/profile/factors/2')
      return { body: { message: MfaMessages.removed } };
    if (method === 'POST' && path === '/profile/factors/totp')
      return {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        },
      };
    if (method === 'POST' && path === '/profile/factors/totp/confirm')
      return (body as { code: string }).code === '123456'
        ? { body: { recoveryCodes: ['abcde12345', 'fghij67890'] } }
        : { status: 400, body: { code: 400, message: MfaMessages.codeWrong } };
    if (method === 'POST' && path === '/profile/factors/recovery-codes')
      return { body: { recoveryCodes: ['klmno13579', 'pqrst24680'] } };
    return undefined;
  });
}

function open(initial: Factors, more?: Route) {
  const api = serve(initial, more);
  renderWithClient(<TwoStepSection />);
  return api;
}

function confirmDialog(title: string): HTMLElement {
  const found = [...document.querySelectorAll('.ant-modal-confirm-title')].find(
    (t) => t.textContent === title,
  );
  const dialog = found?.closest<HTMLElement>('.ant-modal-confirm');
  if (!dialog) throw new Error(`no dialog ${title}`);
  return dialog;
}

const calledWith = (path: string, method: string, calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === method && c.path === path).length;

describe('profile: two-step sign-in', () => {
  it('lists the methods with their kind and use, and a read-only user manages their own', async () => {
    open(factors({ required: true }));
    const rows = await screen.findAllByTestId('factor');
    expect(rows.map((r) => r.querySelector('.vp-factor-name')?.textContent)).toEqual([
      'Authenticator app',
      'Work laptop',
    ]);
    expect(rows[0]!.textContent).toContain('Authenticator app · Added 03/02/2026, last used 03/10/2026');
    expect(rows[1]!.textContent).toContain('Passkey · Added 03/05/2026, not used yet');
    expect(screen.getByText('Your role requires two-step sign-in.')).toBeTruthy();
    expect(screen.getByTestId('recovery-codes-left').textContent).toBe('Recovery codes: 7 left');
    // One authenticator app per user: it has one.
    expect(screen.queryByRole('button', { name: 'Add authenticator app' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Work laptop' })).toBeTruthy();
  });

  it('keeps the last method of a role that requires one', async () => {
    open(factors({ factors: [app], required: true }));
    const remove = (await screen.findByRole('button', {
      name: 'Remove Authenticator app',
    })) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(screen.getByText(MfaMessages.lastFactorRequired)).toBeTruthy();
  });

  it('asks the user to confirm it is them when the server wants that, then makes the change', async () => {
    const success = vi.spyOn(message, 'success');
    const error = vi.spyOn(message, 'error');
    const { calls } = open(factors());
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const ask = await waitFor(() => confirmDialog('Remove Work laptop?'));
    expect(within(ask).getByText('You can no longer log in with it.')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove' }));

    const dialog = await screen.findByTestId('confirm-identity');
    expect(within(dialog).getByText("Confirm it's you")).toBeTruthy();
    expect(calledWith('/profile/factors/2', 'DELETE', calls)).toBe(1);
    const password = within(dialog).getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'not-my-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // A wrong password is said under its field, and nothing is tried again.
    await waitFor(() =>
      expect(
        password.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent,
      ).toBe(MfaMessages.confirmWrong),
    );
    expect(calledWith('/profile/factors/2', 'DELETE', calls)).toBe(1);

    fireEvent.change(password, { target: { value: 'summit-sites-2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calledWith('/profile/factors/2', 'DELETE', calls)).toBe(2));
    await waitFor(() => expect(success.mock.calls[0]?.[0]).toBe(MfaMessages.removed));
    expect(calls.filter((c) => c.path === '/profile/factors/confirm').map((c) => c.body)).toEqual([
      { password: 'not-my-password' },
      { password: 'summit-sites-2026' },
    ]);
    expect(screen.queryByTestId('confirm-identity')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('confirms with a code instead of the password', async () => {
    const { calls } = open(factors());
    fireEvent.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    fireEvent.click(
      within(await waitFor(() => confirmDialog('Make new recovery codes?'))).getByRole('button', {
        name: 'Make new codes',
      }),
    );
    const dialog = await screen.findByTestId('confirm-identity');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a code instead' }));
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '123 456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const codes = await screen.findByTestId('recovery-codes-dialog');
    expect(calls.find((c) => c.path === '/profile/factors/confirm')?.body).toEqual({ code: '123456' });
    expect(within(codes).getByText(MfaMessages.recoveryRegenerated)).toBeTruthy();
    expect(
      [...within(codes).getByTestId('recovery-codes').querySelectorAll('li')].map((li) => li.textContent),
    ).toEqual(['klmno-13579', 'pqrst-24680']);
    expect(calledWith('/profile/factors/recovery-codes', 'POST', calls)).toBe(2);
  });

  it('opens the irreversible questions with the focus on Cancel', async () => {
    open(factors());
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const remove = await waitFor(() => confirmDialog('Remove Work laptop?'));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(remove).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.click(within(remove).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const codes = await waitFor(() => confirmDialog('Make new recovery codes?'));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(codes).getByRole('button', { name: 'Cancel' })),
    );
  });

  it('opens "Confirm it\'s you" with the focus in its field, after the question before it closed', async () => {
    // Without motion, as the dialogs' open and close finish here (the test DOM runs no transitions).
    serve(factors());
    renderWithClient(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <TwoStepSection />
      </ConfigProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    fireEvent.click(
      within(await waitFor(() => confirmDialog('Remove Work laptop?'))).getByRole('button', {
        name: 'Remove',
      }),
    );
    const dialog = await screen.findByTestId('confirm-identity');
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a code instead' }));
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Code')));
  });

  it('a question closed unanswered changes nothing and says nothing', async () => {
    const error = vi.spyOn(message, 'error');
    const { calls } = open(factors());
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    fireEvent.click(
      within(await waitFor(() => confirmDialog('Remove Work laptop?'))).getByRole('button', {
        name: 'Remove',
      }),
    );
    const dialog = await screen.findByTestId('confirm-identity');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-identity')).toBeNull());
    expect(calledWith('/profile/factors/2', 'DELETE', calls)).toBe(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('adds an authenticator app as the first method and shows its recovery codes once', async () => {
    const { calls } = open(factors({ factors: [], recoveryCodesLeft: 0 }));
    expect(await screen.findByText('You have not set up a second step yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add authenticator app' }));

    // No method yet, so only the password can confirm it is them.
    const confirm = await screen.findByTestId('confirm-identity');
    expect(within(confirm).queryByRole('button', { name: 'Use a code instead' })).toBeNull();
    fireEvent.change(within(confirm).getByLabelText('Password'), { target: { value: 'summit-sites-2026' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const dialog = await screen.findByTestId('add-app-dialog');
    expect(within(dialog).getByTestId('totp-key').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(
      (within(dialog).getByAltText('QR code to scan with your authenticator app') as HTMLImageElement).src,
    ).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    const code = within(dialog).getByLabelText('Code from the app');
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add app' }));
    await waitFor(() =>
      expect(code.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
        MfaMessages.codeWrong,
      ),
    );
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add app' }));

    const codes = await screen.findByTestId('recovery-codes-dialog');
    expect(within(codes).getByText(MfaMessages.added)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/profile/factors/totp/confirm').at(-1)?.body).toEqual({
      code: '123456',
      name: 'Authenticator app',
    });
    const done = within(codes).getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    fireEvent.click(within(codes).getByLabelText('I have saved my recovery codes'));
    expect(done.disabled).toBe(false);
    fireEvent.click(done);
    await waitFor(() => expect(screen.queryByTestId('recovery-codes-dialog')).toBeNull());
  });
});
