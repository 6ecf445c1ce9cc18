import { expect, test, type Page } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

// The shell's drawers and menus slide and fade in, as most users see them.
test.use({ reducedMotion: 'no-preference' });

/** The app shell as a vendor meets it: sidebar, user menu and vendor accounts, at both widths. */

const flyout = (page: Page) => page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)');

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a fresh load of Custom Export opens no menu flyout over the Columns picker', async ({
    page,
    request,
  }) => {
    await useSession(page, await apiLogin(request, users.demo));
    await page.goto('/tools/export-selected-excel');
    const columns = page.getByRole('checkbox', { name: 'Licensee' });
    await expect(columns).toBeVisible();
    await expect(flyout(page)).toHaveCount(0);
    // Nothing lies over the picker: a tap lands on it.
    await columns.click();
    await expect(columns).not.toBeChecked();
  });

  test('the vendor account can be switched from the user menu', async ({ page, request }) => {
    await useSession(page, await apiLogin(request, users.demo));
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions');

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu').filter({ hasText: 'Log Out' });
    await expect(menu.getByText('Vendor account')).toBeVisible();
    // The list names each account whole (only the top bar's narrow box cuts a name), codes first.
    const west = menu.getByRole('menuitem', { name: /SWS-W\s*Summit Web Solutions West$/ });
    await expect(
      menu.getByRole('menuitem', { name: /^Selected\s*SWS\s*Summit Web Solutions$/ }),
    ).toBeVisible();
    await west.click();
    await expect(page.getByText('Selected vendor: Summit Web Solutions West')).toBeVisible();
    await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions West');
  });
});

test('with the sidebar collapsed, a fresh load of Custom Export opens no menu flyout', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.addInitScript(() => window.localStorage.setItem('vp.sidebarOpen', '0'));
  await page.goto('/tools/export-selected-excel');
  await expect(page.getByRole('checkbox', { name: 'Licensee' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-open', 'false');
  await expect(flyout(page)).toHaveCount(0);
  // The flyout still opens when the user points at the section.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: 'Tools' }).hover();
  await expect(flyout(page)).toHaveCount(1);
});

test('the user menu works from the keyboard', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.viewer));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible();

  const button = page.getByTestId('avatar-menu');
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu').filter({ hasText: 'Log Out' });
  await expect(menu).toBeVisible();
  // Focus moves into the menu, onto its first item, and the arrow keys move between the items.
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Feedback' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Log Out' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Feedback' })).toBeFocused();

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // Down Arrow opens it too; Enter on an item follows it.
  await page.keyboard.press('ArrowDown');
  await expect(menu).toBeVisible();
  await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Home');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);
});

test('MLS staff find a vendor by typing its name or code', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.admin));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible();

  const selector = page.locator('.vp-navbar').getByRole('combobox', { name: 'Vendor account' });
  await selector.click();
  // The navbar shows the account in a plain box; clicking it opens the select in its place.
  await expect(selector).toHaveAttribute('aria-expanded', 'true');
  await selector.fill('hic');
  const options = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
  );
  await expect(options).toHaveCount(1);
  await expect(options).toContainText('Harbor IDX Co.');
  await expect(options).toContainText('HIC');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Selected vendor: Harbor IDX Co.')).toBeVisible();
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Harbor IDX Co.');

  await selector.click();
  await expect(selector).toHaveAttribute('aria-expanded', 'true');
  await selector.fill('west');
  await expect(options).toHaveCount(1);
  await expect(options).toContainText('SWS-W');
});
