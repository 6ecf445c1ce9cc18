import { expect, test, type Page } from '@playwright/test';
import { apiLogin, submitLogin, useSession, users } from '../support/session.ts';

/**
 * The newbie account has not accepted the terms. Accepting them is saved on the server the whole
 * suite shares, so the tests that need them unaccepted come first and the last test accepts.
 */

/** Vendor-data calls and console errors of the page, from now on. */
function watchDataCalls(page: Page) {
  const calls: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/portal/')) calls.push(`${r.method()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { calls, errors };
}

async function termsShown(page: Page) {
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Terms of service text' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept' })).toBeEnabled();
}

test('the terms can be read without logging in, at 1440 and 390 px', async ({ page }) => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/tos');
    await expect(page.getByRole('region', { name: 'Terms of service text' })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await page.getByRole('button', { name: 'Log in to accept' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Ftos$/);
  }
});

test('logging in before accepting the terms asks for no vendor data on the way to /tos', async ({ page }) => {
  const seen = watchDataCalls(page);
  await page.goto('/login');
  await submitLogin(page, users.newbie);

  await expect(page).toHaveURL(/\/tos$/);
  await termsShown(page);
  expect(seen.calls).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('a returning user who has not accepted the terms is held on /tos without data calls', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.newbie));
  const seen = watchDataCalls(page);

  // Pages that fetch their data before they render: the dashboard's figures, the websites list.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/tos$/);
  await termsShown(page);

  await page.goto('/websites?filter=Active');
  await expect(page).toHaveURL(/\/tos\?redirect=%2Fwebsites%3Ffilter%3DActive$/);
  await termsShown(page);

  await page.goto('/feedback');
  await expect(page).toHaveURL(/\/tos\?redirect=%2Ffeedback$/);
  await termsShown(page);

  expect(seen.calls).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('accepting the terms goes on to the page the user asked for', async ({ page }) => {
  await page.goto('/websites?filter=Active&search=summit');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await submitLogin(page, users.newbie);

  await expect(page).toHaveURL(/\/tos\?redirect=%2Fwebsites%3Ffilter%3DActive%26search%3Dsummit$/);
  await termsShown(page);
  await page.getByRole('button', { name: 'Accept' }).click();

  await expect(page).toHaveURL(/\/websites\?filter=Active&search=summit$/);
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Search websites' })).toHaveValue('summit');
  await expect(page.getByTestId('status-filter')).toContainText('Active');

  // Saved: the next visit goes straight in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-vendor-name')).toHaveText('Summit Web Solutions');
});
