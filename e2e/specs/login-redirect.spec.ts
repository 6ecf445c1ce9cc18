import { expect, test } from '@playwright/test';
import { submitLogin, users } from '../support/session.ts';

test('a page opened without a session goes to login and comes back after login', async ({ page }) => {
  await page.goto('/feedback?from=e2e');

  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/feedback?from=e2e');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  await submitLogin(page, users.demo);

  await expect(page).toHaveURL(/\/feedback\?from=e2e$/);
  await expect(page).toHaveTitle('Feedback - Vendor Portal');
});

test('a wrong password shows the error and stays on the login page', async ({ page }) => {
  await page.goto('/login');

  await submitLogin(page, { username: users.demo.username, password: 'not-the-password' });

  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await expect(page).toHaveURL(/\/login/);
  // The cursor is back in the password, to type it again.
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
});

test('a missing field gets the cursor after Log in', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });

  await form.getByLabel('Password', { exact: true }).fill('some-password');
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Please enter your username.')).toBeVisible();
  await expect(form.getByLabel('Username', { exact: true })).toBeFocused();

  await form.getByLabel('Username', { exact: true }).fill('demo');
  await form.getByLabel('Password', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Please enter a password.')).toBeVisible();
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
});

test('a logged-in user who opens /login goes to the dashboard', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, users.viewer);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/login');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard - Vendor Portal');
});
