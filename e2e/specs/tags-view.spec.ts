import { expect, test } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

test('the visited pages survive a reload; Close Others keeps the affixed Dashboard and the chosen tab', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');
  const tags = page.getByRole('navigation', { name: 'Visited pages' });
  await expect(tags.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // Visit pages inside the app, as a user would, so the tabs accumulate.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: 'Feedback' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  // A page chosen from the menu takes focus to its heading.
  await expect(page.locator('#main').getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(tags.getByRole('link')).toHaveText(['Dashboard', 'Feedback', 'Profile']);
  // A reload of the browser tab keeps them.
  await page.reload();
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

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the tab bar keeps the current tab in view as the user moves between pages', async ({
    page,
    request,
  }) => {
    await useSession(page, await apiLogin(request, users.demo));
    await page.goto('/dashboard');
    const tags = page.getByRole('navigation', { name: 'Visited pages' });
    await expect(tags.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    const menu = page.getByRole('navigation', { name: 'Main' });
    const goTo = async (name: string) => {
      await page.getByRole('button', { name: 'Open sidebar' }).click();
      await menu.getByRole('menuitem', { name, exact: true }).click();
    };
    /** The current tab lies wholly inside the bar's visible width. */
    const currentTabInView = async () => {
      const bar = (await tags.boundingBox())!;
      const tab = (await tags.locator('[aria-current="page"]').boundingBox())!;
      return tab.x >= bar.x - 1 && tab.x + tab.width <= bar.x + bar.width + 1;
    };

    await goTo('Websites');
    await expect(page).toHaveURL(/\/websites/);
    await goTo('Feedback');
    await expect(page).toHaveURL(/\/feedback$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await menu.getByRole('menuitem', { name: 'Tools' }).click();
    await menu.getByRole('menuitem', { name: 'Custom Export' }).click();
    await expect(page).toHaveURL(/\/tools\/export-selected-excel$/);
    await expect(tags.getByRole('link')).toHaveText([
      'Dashboard',
      'Websites',
      'Feedback',
      'Profile',
      'Custom Export',
    ]);
    // The tabs are wider than the phone: the newest, current one is scrolled into view.
    expect(await tags.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect.poll(currentTabInView).toBe(true);

    // Going back to a page whose tab has scrolled out of sight brings that tab back into view.
    await goTo('Websites');
    await expect(page).toHaveURL(/\/websites/);
    await expect(tags.locator('[aria-current="page"]')).toHaveText('Websites');
    await expect.poll(currentTabInView).toBe(true);
  });
});
