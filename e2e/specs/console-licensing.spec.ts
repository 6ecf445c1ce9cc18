import { QueueMessages } from '@vp/contract';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiCall, liveSubscribed, newSite } from '../support/live.ts';
import { consentDrawAndSign, openLink, requestSaf, safTypeId } from '../support/saf.ts';
import { baseUrl } from '../support/server.ts';
import { apiLogin, useSession, users, type User } from '../support/session.ts';

/**
 * The licensing loop closed by the MLS staff console: a vendor creates a site and sends its Site
 * Access Form; the signatories sign through their mailed links; the site waits in the approval
 * queue as signed; staff activate it, and the vendor's open website and dashboard change live with
 * a notification; the vendor asks for termination and staff terminate it.
 */
test.describe.configure({ timeout: 180_000 });

const LOAD = { timeout: 20_000 };
const modalOf = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });

async function openAs(browser: Browser, user: User, path: string, width = 1440) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  const page = await context.newPage();
  const token = await apiLogin(context.request, user);
  await useSession(page, token);
  const subscribed = liveSubscribed(page);
  await page.goto(path);
  await subscribed;
  return { page, token, close: () => context.close() };
}

/** The queue's row (desktop) or card (phone) of a website. */
const itemOf = (page: Page, domain: string): Locator =>
  page
    .locator('[data-testid="queue-table"] tr[data-row-key], [data-testid="queue-card"]')
    .filter({ hasText: domain });

test('a site is licensed and ended through the console, and the vendor sees each step live', async ({
  browser,
  request,
}) => {
  const demo = await apiLogin(request, users.demo);
  const site = await newSite(request, baseUrl(), demo, 'console-loop');
  const typeId = await safTypeId(request, demo);
  const sent = await requestSaf(request, demo, typeId, {
    rowKey: site.id,
    domainName: site.domainName,
    status: 'Pending Activation',
    products: [1],
  });

  // Staff see it waiting, its form out for signature, and cannot activate it yet.
  const staff = await openAs(
    browser,
    users.admin,
    `/admin/queue?kind=activation&search=${encodeURIComponent(site.domainName)}`,
  );
  const vendorSite = await openAs(browser, users.demo, `/websites?site=${site.id}`);
  const vendorDashboard = await openAs(browser, users.demo, '/dashboard');
  try {
    const row = itemOf(staff.page, site.domainName);
    await expect(row).toContainText('Out for signature', LOAD);
    const activate = row.getByRole('button', { name: `Activate ${site.domainName}` });
    await expect(activate).toBeDisabled();
    await expect(row).toContainText(QueueMessages.safNotSigned);

    // Every signatory signs through the link mailed to them, one of them on a phone.
    for (const [i, link] of sent.links.entries()) {
      const signer = await openLink(browser, link, i === 0 ? 390 : 1440);
      await consentDrawAndSign(signer);
      await signer.context().close();
    }

    // The queue follows by itself: signed, awaiting activation.
    await expect(row).toContainText('Signed: awaiting MLS activation', LOAD);
    await expect(activate).toBeEnabled();
    await staff.page.screenshot({ path: test.info().outputPath('queue-signed-1440.png') });
    const activeBefore = Number(
      await vendorDashboard.page.getByTestId('dashboard-value-sitesActive').innerText(),
    );

    // Activated by keyboard: the button, then the dialog's Activate.
    await activate.focus();
    await staff.page.keyboard.press('Enter');
    const dialog = staff.page.getByRole('dialog', { name: `Activate ${site.domainName}` });
    await expect(dialog.getByLabel('Start date')).toBeVisible();
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(staff.page.getByText(QueueMessages.activated(site.domainName))).toBeVisible();
    await expect(row).toHaveCount(0);

    // The vendor's open website says MLS staff changed it, and already shows it Active.
    const warning = vendorSite.page.getByTestId('changed-alert');
    await expect(warning).toContainText('admin changed this website at', LOAD);
    await expect(
      modalOf(vendorSite.page).getByRole('combobox', { name: 'Billable Status' }).locator('..'),
    ).toContainText('Active');
    // The dashboard counts one more Active site, and the bell has the notice.
    await expect(vendorDashboard.page.getByTestId('dashboard-value-sitesActive')).toHaveText(
      String(activeBefore + 1),
      LOAD,
    );
    const bell = vendorDashboard.page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    const drawer = vendorDashboard.page.getByRole('dialog', { name: 'Notifications' });
    await expect(
      drawer.getByTestId('notification-row').filter({ hasText: site.domainName }).first(),
    ).toContainText('Status changed to Active');

    // The vendor asks to end the licence today; staff terminate it from the queue.
    const today = new Date().toISOString().slice(0, 10);
    await apiCall(request, baseUrl(), demo, 'POST', `/portal/websites/${site.id}/termination`, {
      termDate: today,
      reason: 'The agent retires.',
    });
    await staff.page.getByRole('combobox', { name: 'Kind filter' }).click();
    await staff.page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Termination' })
      .click();
    const ending = itemOf(staff.page, site.domainName);
    await expect(ending).toContainText('The agent retires.', LOAD);
    await ending.getByRole('button', { name: `Terminate ${site.domainName}` }).click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Terminate' }).click();
    await expect(staff.page.getByText(QueueMessages.terminated(site.domainName))).toBeVisible();
    const record = await apiCall<{ status: string }>(
      request,
      baseUrl(),
      demo,
      'GET',
      `/portal/websites/${site.id}`,
    );
    expect(record.status).toBe('Inactive');
  } finally {
    await staff.close();
    await vendorSite.close();
    await vendorDashboard.close();
  }
});

test('the console is MLS staff’s alone, and fits a phone', async ({ browser }) => {
  // A vendor finds no console in the menu, and its address is not a page for them.
  const vendor = await openAs(browser, users.demo, '/dashboard');
  try {
    await expect(vendor.page.getByRole('menuitem', { name: /MLS Console/ })).toHaveCount(0);
    await vendor.page.goto('/admin/queue');
    await expect(vendor.page).toHaveURL(/\/404/, LOAD);
  } finally {
    await vendor.close();
  }
  const phone = await openAs(browser, users.admin, '/admin/queue', 390);
  try {
    await expect(phone.page.getByRole('heading', { name: QueueMessages.title })).toBeVisible(LOAD);
    await expect(phone.page.getByTestId('queue-card').first()).toBeVisible(LOAD);
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: test.info().outputPath('queue-390.png'), fullPage: true });
  } finally {
    await phone.close();
  }
});
