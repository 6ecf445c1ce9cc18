import { PasswordMessages } from '@vp/contract';
import { PASSWORD_FEEDBACK } from '@vp/contract/password-strength';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import PasswordPage from './password-page.tsx';

/**
 * Setting a new password from a mailed link: the contract's rules, repeated patterns, sequences and
 * the strength estimate, are said under the field before anything is sent, and a refusal of the
 * password by the server is said there too.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(answer: { status?: number; body: unknown } = { body: { message: 'Password changed' } }) {
  const api = serveApi((method, path) =>
    method === 'PUT' && path === '/profile/resetpassword' ? answer : undefined,
  );
  renderWithClient(
    <MemoryRouter initialEntries={['/password?token=abc']}>
      <Routes>
        <Route path="/password" element={<PasswordPage />} />
        <Route path="/reset" element={<p>Reset done</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return api;
}

const passwordError = () =>
  screen
    .getByLabelText('New password')
    .closest('.ant-form-item')
    ?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;

function choose(password: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('new password page', () => {
  it.each([
    ['1234512345', PasswordMessages.repeated],
    ['abcdabcdab', PasswordMessages.repeated],
    ['0123456789', PasswordMessages.sequence],
    ['qwertyuiop', PasswordMessages.common],
    [
      'Sunshine2024',
      PasswordMessages.weak(
        PASSWORD_FEEDBACK.warnings.similarToCommon,
        PASSWORD_FEEDBACK.suggestions.anotherWord,
      ),
    ],
  ])('says why %s is refused under the field, and sends nothing', async (password, message) => {
    const { calls } = open();
    choose(password);
    await waitFor(() => expect(passwordError()).toBe(message), { timeout: 10_000 });
    expect(calls).toEqual([]);
  });

  it('sends a strong password', async () => {
    const { calls } = open();
    choose('harbor-new-pass-2026');
    expect(await screen.findByText('Reset done', {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/profile/resetpassword',
        body: { token: 'abc', password: 'harbor-new-pass-2026' },
      },
    ]);
  });

  it("shows the server's refusal of the password under the field", async () => {
    open({ status: 400, body: { code: 400, message: PasswordMessages.hasUsername } });
    choose('my-viewer-secret-2026');
    await waitFor(() => expect(passwordError()).toBe(PasswordMessages.hasUsername), { timeout: 10_000 });
    // Said once, under the field, not again above the button.
    expect(screen.getAllByText(PasswordMessages.hasUsername)).toHaveLength(1);
  });
});
