import { expect, test } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

test('a session ended on the server shows the Confirm logout dialog; Re-Login goes to login', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.viewer);
  await useSession(page, token);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions');

  const logout = await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(200);

  // The next call the page makes meets the ended session.
  await page.getByRole('button', { name: 'Refresh' }).click();

  const dialog = page.getByRole('dialog').filter({ hasText: 'Confirm logout' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'You have been logged out, you can cancel to stay on this page, or log in again',
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Re-Login' }).click();

  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => window.localStorage.getItem('vp.token'))).toBeNull();
});

test('Cancel in the Confirm logout dialog stays on the page', async ({ page, request }) => {
  const token = await apiLogin(request, users.viewer);
  await useSession(page, token);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible();

  await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
  await page.getByRole('button', { name: 'Refresh' }).click();

  const dialog = page.getByRole('dialog').filter({ hasText: 'Confirm logout' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
});
