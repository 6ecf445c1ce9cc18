import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/server.ts';
import { apiLogin, useSession, users } from '../support/session.ts';

test.describe.configure({ timeout: 60_000 });

test('request termination of an Active site: it becomes Inactive (Pending) with a History entry', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  const response = await request.get(`${baseUrl()}/api/portal/websites?page=1&pageSize=50&status=Active`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [site] = ((await response.json()) as { items: { rowKey: number; domainName: string }[] }).items;
  expect(site, 'an Active website of the demo vendor').toBeTruthy();

  await useSession(page, token);
  await page.goto(`/websites?site=${site!.rowKey}`);
  const modal = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });
  await expect(modal.getByRole('textbox', { name: 'Domain' })).toHaveValue(site!.domainName);
  await expect(modal.getByRole('combobox', { name: 'Billable Status' })).toBeDisabled();

  await modal.getByRole('button', { name: 'Request termination' }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('#termination_termDate') });
  // A past date typed and left is refused with the rule it breaks, not emptied without a word.
  await dialog.getByLabel('Term Date').click();
  await page.keyboard.type('01/02/2020');
  await page.keyboard.press('Tab');
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(
    /^The term date (cannot be before the start date|must be today or later)\.$/,
  );
  const now = new Date();
  const today = [now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('/');
  await dialog.getByLabel('Term Date').fill(`${today}/${now.getFullYear()}`);
  await dialog.getByLabel('Term Date').press('Enter');
  await dialog.getByLabel('Reason').fill('The vendor closes this site.');
  await dialog.getByRole('button', { name: 'Request termination' }).click();

  await expect(page.locator('#termination_termDate')).toBeHidden();
  await expect(
    modal.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Billable Status' }) }),
  ).toContainText('Inactive (Pending)');

  // The request waits with MLS staff: the site shows it, with its reason.
  await expect(modal.getByTestId('pending-requests')).toContainText('Termination request pending');
  await expect(modal.getByTestId('pending-requests')).toContainText('The vendor closes this site.');

  // History reads as people do: the status by its display name, and the reason.
  await modal.getByRole('tab', { name: 'History' }).click();
  await expect(modal.getByTestId('history-entry').first()).toContainText(
    'Status: Active → Inactive (Pending)',
  );
  await expect(modal.getByTestId('history-entry').first()).toContainText(
    'Reason: The vendor closes this site.',
  );

  // The site was Active: its termination is withdrawn back to Active (a new licensing round in
  // Active (Pending) could start instead, so the selector stays open).
  await modal.getByRole('tab', { name: 'Website' }).click();
  await expect(modal.getByRole('combobox', { name: 'Billable Status' })).toBeEnabled();
  await modal.getByRole('button', { name: 'Withdraw termination' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Withdraw the termination request?' });
  await confirm.getByRole('button', { name: 'Withdraw termination' }).click();
  await expect(page.getByText('Termination withdrawn').first()).toBeVisible();
  const status = modal
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: 'Billable Status' }) });
  await expect(status).not.toContainText('Pending');
  await expect(status).toContainText('Active');
  await expect(modal.getByRole('button', { name: 'Request termination' })).toBeVisible();
  await expect(modal.getByTestId('pending-requests')).toHaveCount(0);
});
