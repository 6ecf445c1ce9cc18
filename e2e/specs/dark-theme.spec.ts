import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { AxeAudit } from '../support/axe.ts';
import { baseUrl } from '../support/server.ts';
import { apiLogin, StorageKeys, useSession, users } from '../support/session.ts';

/**
 * The dark theme: it follows the device until the user chooses in the Settings drawer, the choice
 * is kept with the account (a reload and another browser find it), and the screens keep axe's
 * contrast rules in it (no serious finding).
 */
// Each test has a browser context of its own and saves nothing on the server, so they spread over the workers.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const PAGE_LOAD = { timeout: 20_000 };
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function finish(audit: AxeAudit, testInfo: TestInfo): Promise<void> {
  const details = audit.details();
  await testInfo.attach('axe', { body: `${audit.summary()}\n\n${details}`, contentType: 'text/plain' });
  expect(audit.blocking(), 'serious or critical axe findings').toEqual([]);
}

const kept = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/profile/preferences/display') && r.ok());

test('follows the device until the user chooses, and keeps the choice with the account', async ({
  page,
  request,
  browser,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible(PAGE_LOAD);
  expect(await theme(page)).toBe('dark');
  expect(await background(page)).toBe('rgb(0, 0, 0)');

  // The device turns light: the page follows while no choice is made.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => theme(page)).toBe('light');

  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  const darkKept = kept(page);
  await drawer.getByText('Dark', { exact: true }).click();
  await expect.poll(() => theme(page)).toBe('dark');
  expect(await page.evaluate((k) => localStorage.getItem(k), StorageKeys.theme)).toBe('dark');
  await darkKept;

  // Chosen: a reload on a light device stays dark.
  await page.reload();
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible(PAGE_LOAD);
  expect(await theme(page)).toBe('dark');

  // Another browser of the same user, on a light device, finds the dark theme too.
  const elsewhere = await browser.newPage({
    colorScheme: 'light',
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
  });
  try {
    await useSession(elsewhere, await apiLogin(request, users.demo));
    await elsewhere.goto('/dashboard');
    await expect(elsewhere.getByTestId('dashboard-vendor-name')).toBeVisible(PAGE_LOAD);
    await expect.poll(() => theme(elsewhere)).toBe('dark');
  } finally {
    await elsewhere.close();
  }

  // "Device" hands the choice back, for the account.
  await page.getByRole('button', { name: 'Settings' }).click();
  const deviceKept = kept(page);
  await page.getByRole('dialog', { name: 'Settings' }).getByText('Device', { exact: true }).click();
  await expect.poll(() => theme(page)).toBe('light');
  expect(await page.evaluate((k) => localStorage.getItem(k), StorageKeys.theme)).toBeNull();
  await deviceKept;
});

test('the login page stays light on a dark device', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  const audit = new AxeAudit('dark device');
  await audit.check(page, 'login');
  const card = await page.locator('.vp-auth-card').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(card).toBe('rgb(255, 255, 255)');
  expect(audit.blocking()).toEqual([]);
});

test("a vendor's screens meet the contrast rules in the dark theme", async ({ page, request }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await useSession(page, await apiLogin(request, users.demo));
  const audit = new AxeAudit('dark, vendor');

  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible(PAGE_LOAD);
  await audit.check(page, 'dashboard');

  await page.goto('/websites');
  const rows = page.locator('.vp-websites-table .ant-table-row');
  await expect(rows.first()).toBeVisible(PAGE_LOAD);
  await audit.check(page, 'websites');
  await rows.first().click();
  const modal = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });
  await expect(modal.getByTestId('agent-broker-table')).toContainText(/\d/, PAGE_LOAD);
  await audit.check(page, 'website modal', { layers: true });
  for (const tab of ['Files', 'History'] as const) {
    await modal.getByRole('tab', { name: tab }).click();
    await page.waitForTimeout(500);
    await audit.check(page, `website modal: ${tab}`, { layers: true });
  }
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await audit.check(page, 'Settings drawer', { layers: true });
  await page.keyboard.press('Escape');

  for (const path of [
    '/profile',
    '/tools/upload-file',
    '/tools/export-selected-excel',
    '/feedback',
    '/team',
    '/resources/index',
    '/tools/consumers',
    '/tools/import-websites',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(PAGE_LOAD);
    await audit.check(page, path);
  }
  await finish(audit, testInfo);
});

test('the MLS console meets the contrast rules in the dark theme', async ({ page, request }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await useSession(page, await apiLogin(request, users.admin));
  const audit = new AxeAudit('dark, MLS staff');
  for (const path of [
    '/admin/queue',
    '/admin/vendors',
    '/admin/users',
    '/admin/document-types',
    '/admin/compliance-rules',
    '/admin/reports',
    '/admin/jobs',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(PAGE_LOAD);
    await page.waitForTimeout(800);
    await audit.check(page, path);
  }
  await finish(audit, testInfo);
});
