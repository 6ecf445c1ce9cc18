import { expect, test, type Page, type Route } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

/**
 * A reload of a signed-in dashboard or websites list shows its content before the full app has
 * loaded (the first paint), then the app takes its place. The app's start is held back here, so
 * the first paint can be seen on its own; what it shows must be what the app then shows.
 */

const paint = (page: Page) => page.locator('.vp-fp');

/** Holds the full app's starting chunk until `release` is called. */
async function holdApp(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-full-[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 844 } });

    test('the dashboard shows its figures before the app, then the app the same', async ({
      page,
      request,
    }) => {
      await useSession(page, await apiLogin(request, users.demo));
      const release = await holdApp(page);
      await page.goto('/dashboard');
      await expect(paint(page)).toBeVisible();
      await expect(paint(page)).toHaveAttribute('aria-hidden', 'true');
      await expect(paint(page)).toContainText('Summit Web Solutions');
      await expect(paint(page)).toContainText('Total sites');
      const total = await paint(page)
        .locator('.vp-fp-figure')
        .first()
        .locator('.vp-fp-figure-value')
        .textContent();
      // Nothing of the picture can be reached by keyboard.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('.vp-fp') ?? null)).toBeNull();

      release();
      await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions');
      await expect(paint(page)).toHaveCount(0);
      await expect(page.getByTestId('dashboard-card-totalSites')).toContainText(total ?? 'missing');
    });

    test('the websites list shows the page the address names before the app, then the app the same', async ({
      page,
      request,
    }) => {
      await useSession(page, await apiLogin(request, users.demo));
      const release = await holdApp(page);
      await page.goto('/websites?sort=licensee&order=desc');
      await expect(paint(page)).toBeVisible();
      const first = (await paint(page).locator('.vp-fp-domain').first().textContent()) ?? 'missing';

      release();
      await expect(page.getByRole('button', { name: 'New Website' })).toBeVisible();
      await expect(paint(page)).toHaveCount(0);
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(first);
    });
  });
}

test('a dashboard whose app cannot load says why, without the picture in the way', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useSession(page, await apiLogin(request, users.demo));
  await page.route(/\/assets\/start-full-[^/]+\.js$/, (route) => route.abort('connectionrefused'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'A new version is available', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(paint(page)).toHaveCount(0);
});

test('a user who has not accepted the terms is taken to them, with no picture of the dashboard', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.newbie));
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/tos/);
  await expect(paint(page)).toHaveCount(0);
  expect(asked).not.toContain('/api/portal/metadata');
});
