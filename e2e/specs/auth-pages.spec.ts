import { UserMessages } from '@vp/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { serverLog, waitForLoggedLink } from '../support/server.ts';
import { apiLogin, users } from '../support/session.ts';

// The login-free pages as a phone opens them: fields a thumb can hit, text iOS does not zoom into,
// and the login and forgot-password pages reading alike.
test.use({ viewport: { width: 390, height: 844 } });

async function box(locator: Locator) {
  return locator.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    fontSize: parseFloat(getComputedStyle(el).fontSize),
  }));
}

/** Every text field of the page is at least 40 px tall with text of 16 px or more. */
async function expectPhoneSizedFields(page: Page, count: number) {
  const inputs = page.locator('main input:not([type=hidden]):not([type=checkbox])');
  await expect(inputs).toHaveCount(count);
  for (const input of await inputs.all()) {
    // antd draws a password field as a wrapper around the input; the wrapper is what is tapped.
    const wrapper = input.locator('xpath=ancestor::span[contains(@class,"ant-input-affix-wrapper")][1]');
    const target = (await wrapper.count()) > 0 ? wrapper : input;
    const name = (await input.getAttribute('id')) ?? 'field';
    expect((await box(target)).height, name).toBeGreaterThanOrEqual(40);
    expect((await box(input)).fontSize, name).toBeGreaterThanOrEqual(16);
  }
}

async function textSizes(page: Page) {
  const size = async (locator: Locator) => (await box(locator.first())).fontSize;
  return {
    title: await size(page.getByRole('heading', { level: 1 })),
    label: await size(page.getByText('Username', { exact: true })),
    input: await size(page.getByLabel('Username', { exact: true })),
    button: await size(page.locator('main button[type=submit]')),
    link: await size(page.locator('.vp-auth-links a')),
  };
}

test('login and forgot-password use the same text sizes and phone-sized fields', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expectPhoneSizedFields(page, 2);
  const login = await textSizes(page);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expectPhoneSizedFields(page, 1);
  const forgot = await textSizes(page);

  expect(forgot).toEqual(login);
  expect(login.input).toBe(16);
});

test('the new-password and registration forms have phone-sized fields; an invited user is shown their account and signed in', async ({
  page,
  request,
}) => {
  await page.goto('/password?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Set a New Password' })).toBeVisible();
  await expectPhoneSizedFields(page, 2);

  // A link that is no invitation says so instead of offering a form.
  await page.goto('/registration?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Registration' })).toBeVisible();
  await expect(page.getByText(UserMessages.invitationInvalid)).toBeVisible();
  await expect(page.locator('main input')).toHaveCount(0);

  // MLS staff invite a user with their names; the mailed link opens the form with them filled in.
  const staff = { Authorization: `Bearer ${await apiLogin(request, users.admin)}` };
  const vendors = (await (
    await request.get('/api/profile/vendors', {
      headers: { Authorization: `Bearer ${await apiLogin(request, users.demo)}` },
    })
  ).json()) as { rowKey: number }[];
  const username = `invited${Date.now()}`;
  const logOffset = serverLog().length;
  const invited = await request.post('/api/admin/invitations', {
    headers: staff,
    data: {
      email: `${username}@summitweb.example`,
      username,
      firstName: 'Robin',
      lastName: 'Okafor',
      role: 'vendor',
      primaryVendorId: vendors[0]!.rowKey,
    },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await waitForLoggedLink(/https?:\/\/[^\s"]+\/registration\?token=[^\s"&]+/, logOffset);
  await page.goto(link);
  await expect(page.getByTestId('invited-account')).toHaveText(
    `You are creating the account ${username} for ${username}@summitweb.example.`,
  );
  await expect(page.getByLabel('First name')).toHaveValue('Robin');
  await expect(page.getByLabel('Last name')).toHaveValue('Okafor');
  await expectPhoneSizedFields(page, 4);

  // Creating the account signs the new user in: next come the terms of use, as after a login.
  await page.getByLabel('Password', { exact: true }).fill('Maple-harbor-lights-42');
  await page.getByLabel('Confirm password', { exact: true }).fill('Maple-harbor-lights-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/tos/);
  await expect(page.getByText('Your account is ready, and you are signed in.')).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('vp.token'));
  const me = await request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await me.json()) as { username: string }).username).toBe(username);
});
