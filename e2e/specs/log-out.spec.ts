import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/server.ts';
import { apiLogin, submitLogin, useSession, users } from '../support/session.ts';

test('Log Out goes to login without the session-ended dialog; the next user sees nothing of the last', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  const list = await request.get(`${baseUrl()}/api/portal/websites?page=1&pageSize=50`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const demoDomains = ((await list.json()) as { items: { domainName: string }[] }).items.map(
    (s) => s.domainName,
  );
  expect(demoDomains.length).toBeGreaterThan(0);

  await useSession(page, token);
  await page.goto('/websites');
  const rows = page.getByTestId('websites-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toContainText(demoDomains[0]!);

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
