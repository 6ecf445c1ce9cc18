import { expect, test } from '@playwright/test';
import { serverLog, waitForLoggedLink } from '../support/server.ts';
import { apiLogin, basicAuth, submitLogin, users } from '../support/session.ts';

test('a mailed reset link sets a new password and ends the old sessions', async ({ page, request }) => {
  const oldSession = await apiLogin(request, users.other);
  const newPassword = 'harbor-new-pass-2026';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  // The address changes before the new page has replaced the login form, which has a Username too.
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();

  const logOffset = serverLog().length;
  await page.getByLabel('Username', { exact: true }).fill(users.other.username);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for that username, a password reset link has been sent to its email address.',
  );

  const link = await waitForLoggedLink(/https?:\/\/[^\s"]+\/password\?token=[^\s"&]+/, logOffset);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // The link works once only.
  const reuse = await request.put('/api/profile/resetpassword', {
    data: { token: new URL(link).searchParams.get('token'), password: 'another-pass-2026' },
  });
  expect(reuse.status()).toBeGreaterThanOrEqual(400);

  // Sessions from before the reset are ended; the old password no longer works, the new one does.
  const stale = await request.get('/api/profile', { headers: { Authorization: `Bearer ${oldSession}` } });
  expect(stale.status()).toBe(401);
  const oldLogin = await request.post('/api/login', { headers: { Authorization: basicAuth(users.other) } });
  expect(oldLogin.status()).toBe(401);

  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, { username: users.other.username, password: newPassword });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Harbor IDX Co.');

  // Later specs log in as this user with the demo password: put it back.
  const token = await apiLogin(request, { username: users.other.username, password: newPassword });
  const auth = { Authorization: `Bearer ${token}` };
  const profile = (await (await request.get('/api/profile', { headers: auth })).json()) as Record<
    string,
    unknown
  >;
  const restored = await request.put('/api/profile', {
    headers: auth,
    data: {
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      currentPassword: newPassword,
      password: users.other.password,
    },
  });
  expect(restored.status(), await restored.text()).toBe(200);
});
