import { expect, test } from '@playwright/test';
import { apiLogin, submitLogin, useSession, users } from '../support/session.ts';

test('Log Out goes to login without the session-ended dialog; the next user sees nothing of the last', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.demo));
  // Every failed call shows in the console; after Log Out none may fail for want of the session.
  let loggedOut = false;
  const afterLogout: string[] = [];
  page.on('console', (m) => {
    if (loggedOut && m.type() === 'error') afterLogout.push(m.text());
  });
  page.on('response', (r) => {
    if (loggedOut && r.status() === 401) afterLogout.push(`401 ${r.request().method()} ${r.url()}`);
  });
  await page.goto('/websites');
  const rows = page.getByTestId('websites-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const demoDomains = await rows.locator('.vp-domain-cell').allInnerTexts();
  expect(demoDomains.length).toBeGreaterThan(0);

  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  loggedOut = true;
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure' })
    .getByRole('button', { name: 'Log Out' })
    .click();
  await expect(page).toHaveURL(/\/login/);
  // The login form is up and the old session's screens are gone; nothing of theirs failed.
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(afterLogout).toEqual([]);
  loggedOut = false;

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
