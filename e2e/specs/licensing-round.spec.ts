import { WebsiteMessages } from '@vp/contract';
import { expect, test, type Page } from '@playwright/test';
import { pickOption } from '../support/antd.ts';
import { chooseFile, chooseType, fileRows, smallPdf } from '../support/documents.ts';
import { auth } from '../support/saf.ts';
import { baseUrl } from '../support/server.ts';
import { apiLogin, StorageKeys, useSession, users } from '../support/session.ts';
import { expectToastFrom } from '../support/toast.ts';

/**
 * A licence ends and starts again: the vendor moves an Inactive site back to Active (Pending) on a
 * phone, a new licensing round with today's start date and no term date, where the site says its
 * Site Access Form is not sent; MLS staff cannot activate it until a form counts, upload one signed
 * on paper in the Files tab, and then activate it from the status selector.
 */
test.describe.configure({ timeout: 120_000 });

const PAGE_LOAD = { timeout: 20_000 };
const websiteModal = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });
const statusSelect = (page: Page) =>
  websiteModal(page)
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: 'Billable Status' }) });
const openOptions = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

test('an Inactive site is licensed again, and activated only once its SAF is on file', async ({
  browser,
  request,
}) => {
  const demo = await apiLogin(request, users.demo);
  const list = await request.get(`${baseUrl()}/api/portal/websites?pageSize=200&status=Inactive`, {
    headers: auth(demo),
  });
  const items = ((await list.json()) as { items: { rowKey: number; domainName: string }[] }).items;
  const site = items.at(-1)!;
  expect(site, 'an Inactive website of the demo vendor').toBeTruthy();

  // The vendor, on a phone.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await useSession(phone, demo);
  await phone.goto(`/websites?site=${site.rowKey}`);
  const modal = websiteModal(phone);
  await expect(modal.getByRole('textbox', { name: 'Domain' })).toHaveValue(site.domainName, PAGE_LOAD);
  const status = modal.getByRole('combobox', { name: 'Billable Status' });
  await expect(status).toBeEnabled();
  await status.click();
  await expect(openOptions(phone)).toHaveText(['Inactive', 'Active (Pending)']);
  await phone.keyboard.press('Escape');
  await pickOption(phone, status, 'Active (Pending)');
  const now = new Date();
  const today = [now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('/');
  await expect(modal.getByLabel('Start Date')).toHaveValue(`${today}/${now.getFullYear()}`);
  await expect(modal.getByLabel('Term Date')).toHaveValue('');
  await expect(modal.getByRole('combobox', { name: 'Agent Search' })).toBeEnabled();
  await expectToastFrom(phone, WebsiteMessages.saved, () =>
    modal.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(modal.getByTestId('saf-standing')).toHaveText('Site Access Form: SAF not sent');
  await phone.screenshot({ path: test.info().outputPath('licensed-again-390.png') });
  await modal.getByRole('tab', { name: 'History' }).click();
  await expect(modal.getByTestId('history-entry').first()).toContainText(
    'Status: Inactive → Active (Pending)',
  );
  await phone.close();

  // MLS staff, at 1440 px, acting for the vendor.
  const admin = await apiLogin(request, users.admin);
  const vendors = await request.get(`${baseUrl()}/api/profile/vendors`, { headers: auth(admin) });
  const summit = ((await vendors.json()) as { rowKey: number; licensee: string }[]).find(
    (v) => v.licensee === 'Summit Web Solutions',
  );
  expect(summit).toBeTruthy();
  const desk = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await useSession(desk, admin);
  await desk.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    StorageKeys.vendor,
    String(summit!.rowKey),
  ] as const);
  await desk.goto(`/websites?site=${site.rowKey}`);
  const staffModal = websiteModal(desk);
  await expect(staffModal.getByTestId('saf-standing')).toHaveText(
    'Site Access Form: SAF not sent',
    PAGE_LOAD,
  );
  await staffModal.getByRole('combobox', { name: 'Billable Status' }).click();
  const active = openOptions(desk).filter({ hasText: /^Active$/ });
  await expect(active).toHaveClass(/ant-select-item-option-disabled/);
  await expect(active).toHaveAttribute('title', WebsiteMessages.activationNeedsSaf);
  await desk.keyboard.press('Escape');

  await staffModal.getByRole('tab', { name: 'Files' }).click();
  const panel = staffModal.getByTestId('documents-panel');
  await chooseType(desk, panel, 'SAF (signed on paper)');
  await chooseFile(panel, {
    name: 'saf-signed-on-paper.pdf',
    buffer: await smallPdf('Signed on paper'),
    mimeType: 'application/pdf',
  });
  await panel.getByRole('button', { name: 'Upload' }).click();
  await expect(fileRows(staffModal).filter({ hasText: 'saf-signed-on-paper.pdf' })).toContainText('Approved');

  await staffModal.getByRole('tab', { name: 'Website' }).click();
  await expect(staffModal.getByTestId('saf-standing')).toHaveText(
    'Site Access Form: Signed on paper: awaiting MLS activation',
  );
  // The pick is made again if the list was redrawn under the pointer (the upload's refetches may
  // still be landing as the list opens); what counts is the status the select ends up showing.
  await expect(async () => {
    if (!(await openOptions(desk).first().isVisible()))
      await staffModal.getByRole('combobox', { name: 'Billable Status' }).click();
    await openOptions(desk)
      .filter({ hasText: /^Active$/ })
      .click({ timeout: 2_000 });
    await expect(statusSelect(desk)).toContainText(/^Active$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expectToastFrom(desk, WebsiteMessages.saved, () =>
    staffModal.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(staffModal.getByTestId('saf-standing')).toHaveText('Site Access Form: Signed on paper');
  await desk.screenshot({ path: test.info().outputPath('activated-1440.png') });
  await desk.close();
});
