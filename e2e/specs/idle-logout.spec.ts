import { expect, test } from '@playwright/test';
import { StorageKeys, submitLogin, users } from '../support/session.ts';

test('an idle session is logged out with the inactivity message', async ({ page, request }) => {
  // The app honours a shorter idle limit from localStorage, so the test need not wait an hour.
  await page.addInitScript(([key]) => window.localStorage.setItem(key, '5000'), [
    StorageKeys.idleTimeoutMs,
  ] as const);
  await page.goto('/login');
  const loginResponse = page.waitForResponse((response) => response.url().endsWith('/api/login'));
  await submitLogin(page, users.demo);
  const { token } = (await (await loginResponse).json()) as { token: string };
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible();

  await expect(page.getByText('You are now logged out due to inactivity.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), StorageKeys.token)).toBeNull();

  // The session was ended on the server too, not only forgotten by the browser.
  const profile = await request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(401);
  expect(((await profile.json()) as { code: number }).code).toBe(50008);
});
