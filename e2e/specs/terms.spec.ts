import { expect, test } from '@playwright/test';
import { submitLogin, users } from '../support/session.ts';

test('a user who has not accepted the terms is held on /tos until accepting', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, users.newbie);

  await expect(page).toHaveURL(/\/tos$/);
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();

  // Any other page sends the user back while the terms are not accepted.
  await page.goto('/feedback');
  await expect(page).toHaveURL(/\/tos$/);

  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions');

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
});
