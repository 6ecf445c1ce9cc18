import { expect, test } from '@playwright/test';
import { apiLogin, submitLogin, useSession, users } from '../support/session.ts';

test('Log Out goes to login without the session-ended dialog; the next user sees nothing of the last', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/websites');
  const rows = page.getByTestId('websites-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const demoDomains = await rows.locator('.vp-domain-cell').allInnerTexts();
  expect(demoDomains.length).toBeGreaterThan(0);

  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure' })
    .getByRole('button', { name: 'Log Out' })
    .click();
  await expect(page).toHaveURL(/\/login/);

  const sessionEnded = page.getByRole('dialog').filter({ hasText: 'Confirm logout' });
  await submitLogin(page, users.other);
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Harbor IDX Co.');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: 'Websites' }).click();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('websites-table')).not.toContainText(demoDomains[0]!);
  const shown = await rows.locator('.vp-domain-cell').allInnerTexts();
  expect(shown.filter((d) => demoDomains.includes(d))).toEqual([]);
  // By now every call of the old session has answered; none of them asked to log in again.
  await expect(sessionEnded).toHaveCount(0);
});
