import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from '../support/server.ts';
import { apiLogin, useSession, users } from '../support/session.ts';

/**
 * A page whose code cannot load: the portal has stopped answering (every chunk and API call
 * fails), or a new version has replaced the chunk names an open tab knows (the chunk is a 404).
 * The app tries again, then says which it is inside the shell, and its button brings the page back.
 */

const UNREACHABLE = 'The portal could not be reached';
const NEW_VERSION = 'A new version is available';
const STILL_UNREACHABLE = 'The portal still does not answer. Try again in a moment.';

/** The portal stops answering: no code, no data. */
async function stopServing(page: Page) {
  await page.route('**/assets/**', (route) => route.abort('connectionrefused'));
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
}

async function serveAgain(page: Page) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

async function openWebsites(page: Page) {
  await page.goto('/websites');
  await expect(page.getByRole('button', { name: 'New Website' })).toBeEnabled();
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const failure = (page: Page, title: string) => page.getByRole('heading', { name: title, level: 1 });

test.beforeEach(async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useSession(page, await apiLogin(request, users.demo));
});

test('with the portal stopped, the Dashboard link says so inside the shell, and Retry brings the page back', async ({
  page,
}) => {
  await openWebsites(page);
  await stopServing(page);

  await mainMenu(page).getByRole('menuitem', { name: 'Dashboard' }).click();

  await expect(failure(page, UNREACHABLE)).toBeVisible();
  // Inside the shell, which stays usable, and in the app's own look.
  await expect(mainMenu(page)).toBeVisible();
  await expect(page.locator('#main').getByRole('heading', { name: UNREACHABLE })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCSS('border-radius', '6px');
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  // Still stopped: Retry says so and the page stays.
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('status').filter({ hasText: STILL_UNREACHABLE })).toBeVisible();

  await serveAgain(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('with the portal stopped, New Website says so inside the shell', async ({ page }) => {
  await openWebsites(page);
  await stopServing(page);

  await page.getByRole('button', { name: 'New Website' }).click();

  await expect(failure(page, UNREACHABLE)).toBeVisible();
  await expect(mainMenu(page)).toBeVisible();

  await serveAgain(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'New Website' })).toBeEnabled();
  await page.getByRole('button', { name: 'New Website' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('after a new version replaced the page code, the page says so and Reload loads it', async ({ page }) => {
  await openWebsites(page);
  await page.route('**/assets/dashboard-page-*.js', (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
  );

  await mainMenu(page).getByRole('menuitem', { name: 'Dashboard' }).click();

  await expect(failure(page, NEW_VERSION)).toBeVisible();
  await expect(mainMenu(page)).toBeVisible();

  await serveAgain(page);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions');
});

test('a login-free page whose code cannot load says so in the app look, and Retry brings it back', async ({
  browser,
}) => {
  // No session: the login page is the first page of the visit.
  const page = await browser.newPage({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
  await page.route('**/assets/login-page-*.js', (route) => route.abort('connectionrefused'));
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));

  await page.goto('/login');

  await expect(failure(page, UNREACHABLE)).toBeVisible();
  await expect(page.getByRole('main')).toHaveCSS('background-image', /linear-gradient/);

  await serveAgain(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await page.close();
});
