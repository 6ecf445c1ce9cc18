import { expect, test, type Page } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

/**
 * The dashboard's "Sites missing documents" opens the websites list filtered to exactly those
 * sites: the filter is in the URL, the list says so with a tag that removes it, and the list's
 * total is the card's figure. At desktop width and on a phone.
 */
test.describe.configure({ timeout: 60_000 });

const LOAD = { timeout: 20_000 };

const card = (page: Page) => page.getByTestId('dashboard-card-missingSiteDocs');
const listTotal = (page: Page) => page.locator('.ant-pagination-total-text');

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the Sites missing documents card opens the list of those sites, with the same total', async ({
      page,
      request,
    }) => {
      await useSession(page, await apiLogin(request, users.demo));
      await page.goto('/dashboard');
      const value = page.getByTestId('dashboard-value-missingSiteDocs');
      await expect(value).toBeVisible(LOAD);
      const figure = Number((await value.innerText()).replace(/,/g, ''));
      expect(figure).toBeGreaterThan(0);

      await card(page).click();
      await expect(page).toHaveURL(/\/websites\?missing=documents$/);
      const tag = page.getByTestId('missing-filter');
      await expect(tag).toHaveText('Sites missing documents', LOAD);
      await expect(listTotal(page)).toHaveText(`${figure.toLocaleString('en-US')} websites`, LOAD);
      // Nothing of the toolbar is pushed off the side of a phone.
      const box = (await tag.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      // Removing the tag shows every website again; Back brings the filtered list back.
      await tag.getByRole('button', { name: 'Remove the filter Sites missing documents' }).click();
      await expect(page).toHaveURL(/\/websites$/);
      await expect(page.getByTestId('missing-filter')).toHaveCount(0);
      await expect(listTotal(page)).not.toHaveText(`${figure.toLocaleString('en-US')} websites`, LOAD);
      await page.goBack();
      await expect(page.getByTestId('missing-filter')).toBeVisible(LOAD);
      await expect(listTotal(page)).toHaveText(`${figure.toLocaleString('en-US')} websites`, LOAD);
    });
  });
}
