import { expect, test } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

test('switching the linked vendor account changes the dashboard figures', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');

  const vendorName = page.getByTestId('dashboard-vendor-name');
  const totalSites = page.getByTestId('dashboard-value-totalSites');
  await expect(vendorName).toHaveText('Summit Web Solutions');
  const before = (await totalSites.innerText()).trim();

  const selector = page.getByRole('combobox', { name: 'Vendor account' });
  await expect(selector).toBeVisible();
  await selector.click();
  // The list names every account whole, led by the vendor code that tells the two apart; only the
  // narrow box in the top bar cuts a long name (spec: 20 characters plus an ellipsis).
  await expect(page.getByRole('option', { name: /^SWS-W\s*Summit Web Solutions West$/ })).toBeAttached();
  await expect(page.getByRole('option', { name: /^SWS\s*Summit Web Solutions$/ })).toBeAttached();
  await expect(page.getByTestId('vendor-selector')).toContainText('SWS·Summit Web Solutions');
  await page.getByTitle('Summit Web Solutions West', { exact: true }).click();

  await expect(page.getByText('Selected vendor: Summit Web Solutions West')).toBeVisible();
  await expect(vendorName).toHaveText('Summit Web Solutions West');
  await expect(totalSites).not.toHaveText(before);
  await expect(page.getByTestId('vendor-selector')).toContainText('SWS-W·Summit Web Solutions...');

  // The choice is kept: after a reload the dashboard still shows the West account.
  await page.reload();
  await expect(vendorName).toHaveText('Summit Web Solutions West');
});

test('a user with a single vendor account sees no vendor selector', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.viewer));
  await page.goto('/dashboard');

  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions');
  await expect(page.getByRole('combobox', { name: 'Vendor account' })).toHaveCount(0);
});
