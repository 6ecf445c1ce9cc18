import { expect, test } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

test('Close Others keeps the affixed Dashboard and the chosen tab', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');
  const tags = page.getByRole('navigation', { name: 'Visited pages' });
  await expect(tags.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // Visit pages inside the app, as a user would, so the tabs accumulate.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: 'Feedback' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(tags.getByRole('link')).toHaveText(['Dashboard', 'Feedback', 'Profile']);

  // The affixed tab has no close button; the others do.
  await expect(tags.getByRole('button', { name: 'Close Dashboard' })).toHaveCount(0);
  await expect(tags.getByRole('button', { name: 'Close Feedback' })).toBeVisible();

  await tags.getByRole('link', { name: 'Feedback' }).click({ button: 'right' });
  const menu = page.getByRole('menu').filter({ hasText: 'Close Others' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Refresh', 'Close', 'Close Others', 'Close All']);
  await menu.getByRole('menuitem', { name: 'Close Others' }).click();

  await expect(tags.getByRole('link')).toHaveText(['Dashboard', 'Feedback']);
  await expect(page).toHaveURL(/\/feedback$/);

  // Close All still leaves Dashboard, the affixed tab, and goes there.
  await tags.getByRole('link', { name: 'Feedback' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close All' }).click();
  await expect(tags.getByRole('link')).toHaveText(['Dashboard']);
  await expect(page).toHaveURL(/\/dashboard$/);
});
