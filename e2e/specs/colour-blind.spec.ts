import { expect, test, type Page } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test('the colour-blind scheme is applied and survives a reload', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible();
  expect(await cssVar(page, '--vp-success')).toBe('#52c41a');

  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await drawer.getByRole('combobox', { name: 'Colour-blind mode' }).click();
  await page.getByTitle('Ocean Blue', { exact: true }).click();

  await expect.poll(() => cssVar(page, '--vp-success')).toBe('#2166ac');
  expect(await cssVar(page, '--vp-danger')).toBe('#b2182b');

  await page.reload();
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible();
  await expect.poll(() => cssVar(page, '--vp-success')).toBe('#2166ac');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByText('Ocean Blue')).toBeVisible();
});
