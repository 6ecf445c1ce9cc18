import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AxeAudit } from '../support/axe.ts';
import { baseUrl } from '../support/server.ts';
import { apiLogin, StorageKeys, useSession, users, type User } from '../support/session.ts';

// A link that carries a one-time login code never logs anyone in by itself: it asks first, with
// the account shown, whether or not someone is logged in on the browser.

/** A login code for `user`, as a single sign-on or another window would make it. */
async function codeFor(request: APIRequestContext, user: User): Promise<string> {
  const token = await apiLogin(request, user);
  const response = await request.post(`${baseUrl()}/api/login/code/new`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { code: string }).code;
}

const storedToken = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), StorageKeys.token);

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a link for another account asks before logging anyone in', async ({ page, request }, testInfo) => {
      const code = await codeFor(request, users.other);
      await page.goto(`/websites?token=${code}`);
      const ask = page.getByRole('heading', { name: 'Continue as Owen Park?' });
      await expect(ask).toBeVisible();
      // The code is out of the address bar, and nobody is logged in yet.
      expect(new URL(page.url()).searchParams.has('token')).toBe(false);
      expect(await storedToken(page)).toBeNull();
      await expect(page.locator('dd').filter({ hasText: 'other' })).toBeVisible();
      const audit = new AxeAudit(`login link ${viewport.width}`);
      await audit.check(page, 'Continue as');
      expect(audit.blocking(), 'serious or critical axe findings').toEqual([]);
      await testInfo.attach('continue-as', { body: await page.screenshot(), contentType: 'image/png' });

      // A reload still asks; only the confirmation logs in.
      await page.reload();
      await expect(ask).toBeVisible();
      await page.getByRole('button', { name: 'Continue as Owen Park' }).click();
      await expect(page).toHaveURL(/\/websites$/);
      await expect(page).toHaveTitle('Websites - Vendor Portal');
      expect(await storedToken(page)).not.toBeNull();
    });

    test('logged in as someone else, Cancel keeps that session and uses nothing', async ({
      page,
      request,
    }) => {
      const mine = await apiLogin(request, users.demo);
      await useSession(page, mine);
      const code = await codeFor(request, users.other);
      await page.goto(`/dashboard?token=${code}`);
      await expect(page.getByRole('heading', { name: 'Continue as Owen Park?' })).toBeVisible();
      await expect(
        page.getByText('You are logged in as demo on this browser.', { exact: false }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(await storedToken(page)).toBe(mine);
      // The code was never used: it still shows its account.
      const whose = await request.post(`${baseUrl()}/api/login/code/account`, { data: { code } });
      expect(whose.status()).toBe(200);
    });
  });
}
