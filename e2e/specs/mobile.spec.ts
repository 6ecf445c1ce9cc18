import { expect, test } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

test.use({ viewport: { width: 375, height: 740 } });

test('at mobile width the vendor selector and bell are hidden and the sidebar is closed', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions');

  await expect(page.getByRole('combobox', { name: 'Vendor account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-open', 'false');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

  // The hamburger opens it over the page; choosing a page closes it again.
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-open', 'true');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: 'Feedback' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(sidebar).toHaveAttribute('data-open', 'false');
});

test('at desktop width the vendor selector shows and the sidebar is open', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');

  await expect(page.getByRole('combobox', { name: 'Vendor account' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-open', 'true');
});
