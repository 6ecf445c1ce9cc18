import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../../apps/server/src/modules/mfa/codes.ts';
import { AxeAudit } from '../support/axe.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { submitLogin, users } from '../support/session.ts';

/**
 * Two-step sign-in in Chromium, on a server where MLS staff and vendors must have a second factor:
 * MLS staff enrol a passkey at their first sign-in (Chromium's virtual authenticator, through the
 * DevTools WebAuthn domain), keep the recovery codes, sign in again with the passkey alone, add an
 * authenticator app on the profile and remove the passkey; a vendor on a phone enrols an
 * authenticator app by keyboard and signs in again with its code. axe checks every step.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: OwnServer;
/** The recovery codes MLS staff kept at enrolment, for the API calls of later tests. */
let staffCodes: string[] = [];

test.beforeAll(async () => {
  server = await startOwnServer({ MFA_REQUIRED_ROLES: 'admin,vendor' }, { host: 'localhost' });
});
test.afterAll(async () => {
  await server?.dispose();
});

/** A platform authenticator that verifies its user (a fingerprint), as a laptop's. */
async function virtualAuthenticator(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
}

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Reads the recovery codes shown once, ticks that they are saved, and goes on. */
async function keepRecoveryCodes(page: Page, audit: AxeAudit, shot: string): Promise<string[]> {
  const list = page.getByTestId('recovery-codes');
  await expect(list).toBeVisible();
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  await audit.check(page, 'recovery codes');
  await page.screenshot({ path: test.info().outputPath(shot) });
  const go = page.getByRole('button', { name: 'Continue' });
  await expect(go).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await go.click();
  return codes;
}

test('desktop: MLS staff enrol a passkey, sign in with it alone, add an authenticator app and remove the passkey', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const passkeys = await virtualAuthenticator(page);
  const audit = new AxeAudit('two-step 1440');

  await page.goto('/login');
  await submitLogin(page, users.admin);
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeFocused();
  await expect(page.getByText('Your role requires two-step sign-in. Set it up to continue.')).toBeVisible();
  await audit.check(page, 'enrol choice');
  await page.screenshot({ path: test.info().outputPath('enrol-choice-1440.png') });
  // Nothing else opens before the step is done: the address of a page sends back to the login.
  expect(await page.evaluate(() => localStorage.getItem('vp.token'))).toBeNull();

  await page.getByRole('button', { name: /^Passkey/ }).click();
  await page.getByRole('button', { name: 'Create passkey' }).click();
  staffCodes = await keepRecoveryCodes(page, audit, 'recovery-codes-1440.png');
  expect(await passkeys()).toBe(1);
  await expect(page).not.toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('vp.token'))).toBeTruthy();

  // Signed out, the passkey alone signs in.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // The profile: add an authenticator app, then remove the passkey.
  await page.goto('/profile');
  const section = page.getByTestId('two-step-section');
  await expect(section.getByText('Passkey', { exact: true }).first()).toBeVisible();
  await expect(section.getByText('Your role requires two-step sign-in.')).toBeVisible();
  await audit.check(page, 'profile section');
  await section.getByRole('button', { name: 'Add authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add authenticator app' });
  const key = ((await dialog.getByTestId('totp-key').textContent()) ?? '').replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await audit.check(page, 'add app dialog', { layers: true });
  await dialog.getByLabel('Code from the app').fill(totpCode(key));
  await dialog.getByRole('button', { name: 'Add app' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('Authenticator app', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('profile-two-methods-1440.png'), fullPage: true });

  const passkeyRow = section.getByTestId('factor').filter({ hasText: 'Passkey' });
  await passkeyRow.getByRole('button', { name: /Remove/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByTestId('factor').filter({ hasText: 'Passkey' })).toHaveCount(0);
  expect(errors).toEqual([]);
  expect(audit.blocking(), `serious or critical axe findings\n${audit.details()}`).toEqual([]);
  await context.close();
});

test('phone: a vendor enrols an authenticator app by keyboard, then signs in with its code', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const audit = new AxeAudit('two-step 390');

  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(users.demo.username);
  await page.getByLabel('Password', { exact: true }).fill(users.demo.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeFocused();
  await noSideways(page);
  await page.screenshot({ path: test.info().outputPath('enrol-choice-390.png') });

  // The first choice is the authenticator app, one Tab away.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Authenticator app/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const key = page.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  await expect(key).toBeVisible();
  const secret = ((await key.textContent()) ?? '').replace(/\s+/g, '');
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  await audit.check(page, 'authenticator app');
  await noSideways(page);
  await page.screenshot({ path: test.info().outputPath('enrol-app-390.png'), fullPage: true });
  await page.getByLabel('Code from the app').focus();
  await page.keyboard.type(totpCode(secret));
  await page.keyboard.press('Enter');
  await keepRecoveryCodes(page, audit, 'recovery-codes-390.png');
  await expect(page).not.toHaveURL(/\/login/);

  // The next sign-in asks for the app's code after the password; the code of the next step works.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await submitLogin(page, users.demo);
  const code = page.getByLabel('Authenticator code');
  await expect(code).toBeFocused();
  await audit.check(page, 'verify');
  await noSideways(page);
  await page.screenshot({ path: test.info().outputPath('verify-390.png') });
  await page.keyboard.type(totpCode(secret, Date.now() + 30_000));
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  expect(errors).toEqual([]);
  expect(audit.blocking(), `serious or critical axe findings\n${audit.details()}`).toEqual([]);
  await context.close();
});

test('phone: a newcomer invited to a role that must have a second factor is led from the invitation through enrolment to the terms', async ({
  browser,
  request,
}) => {
  // MLS staff sign in through the API with a recovery code they kept, and invite a vendor user.
  const step = await (
    await request.post(`${server.baseUrl}/api/login`, {
      headers: {
        Authorization: `Basic ${Buffer.from(`${users.admin.username}:${users.admin.password}`).toString('base64')}`,
      },
    })
  ).json();
  const verified = await request.post(`${server.baseUrl}/api/login/verify`, {
    data: { ticket: step.ticket, code: staffCodes[0] },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const staff = { Authorization: `Bearer ${(await verified.json()).token as string}` };
  const username = `newcomer${Date.now()}`;
  const logStart = readFileSync(server.logFile, 'utf8').length;
  const invited = await request.post(`${server.baseUrl}/api/admin/invitations`, {
    headers: staff,
    data: {
      email: `${username}@summitweb.example`,
      username,
      firstName: 'Robin',
      lastName: 'Okafor',
      role: 'vendor',
      primaryVendorId: 1,
    },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  let link = '';
  await expect(async () => {
    link =
      /https?:\/\/[^\s"]+\/registration\?token=[^\s"&]+/.exec(
        readFileSync(server.logFile, 'utf8').slice(logStart),
      )?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass();

  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const audit = new AxeAudit('two-step newcomer 390');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Password', { exact: true }).fill('Maple-harbor-lights-42');
  await page.getByLabel('Confirm password', { exact: true }).fill('Maple-harbor-lights-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The account exists, but no session yet: enrolment first.
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('vp.token'))).toBeNull();
  await audit.check(page, 'newcomer enrol');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const key = page.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = ((await key.textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.keyboard.press('Enter');
  await keepRecoveryCodes(page, audit, 'newcomer-codes-390.png');
  // Then the terms of use, as after any first sign-in.
  await expect(page).toHaveURL(/\/tos/);
  await noSideways(page);
  await page.screenshot({ path: test.info().outputPath('newcomer-terms-390.png') });
  expect(errors).toEqual([]);
  expect(audit.blocking(), `serious or critical axe findings\n${audit.details()}`).toEqual([]);
  await context.close();
});
