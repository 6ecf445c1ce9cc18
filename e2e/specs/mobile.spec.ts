import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

test.use({ viewport: { width: 375, height: 740 } });

/** The demo vendor's dashboard, signed in and shown. */
async function openDashboard(page: Page, request: APIRequestContext) {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions');
}

test('at mobile width the vendor selector and bell are hidden and the sidebar is closed', async ({
  page,
  request,
}) => {
  await openDashboard(page, request);

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

test('at mobile width the vendor account is chosen in the Settings drawer', async ({ page, request }) => {
  await openDashboard(page, request);

  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  const selector = drawer.getByRole('combobox', { name: 'Vendor account' });
  await expect(selector).toBeVisible();
  // A click that lands while the drawer or the dropdown is still sliding in can miss; retried
  // until it took.
  await expect(async () => {
    const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    if ((await open.count()) === 0) await selector.click();
    await open.getByTitle('Summit Web Solutions West').click({ timeout: 2_000 });
    await expect(page.getByText('Selected vendor: Summit Web Solutions West')).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  // The toast comes below the drawer's title and close button, not over them.
  const header = (await drawer.locator('.ant-drawer-header').boundingBox())!;
  const toast = (await page.locator('.ant-message-notice').first().boundingBox())!;
  expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
  await page.mouse.click(10, 400);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions West');
});

test('at mobile width the notifications open from Settings by keyboard, and Escape hands focus back', async ({
  page,
  request,
}) => {
  await openDashboard(page, request);

  const settings = page.getByRole('button', { name: 'Settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  const entry = page.getByRole('dialog', { name: 'Settings' }).getByTestId('settings-notifications');
  await entry.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // The Settings drawer has closed: focus goes back to the button that opened it, not to the page.
  await expect(settings).toBeFocused();
});

test('at desktop width the vendor selector shows and the sidebar is open', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');

  await expect(page.getByRole('combobox', { name: 'Vendor account' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-open', 'true');
});
