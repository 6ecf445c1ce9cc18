import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { AxeAudit } from '../support/axe.ts';
import { baseUrl } from '../support/server.ts';
import { apiLogin, useSession, users, type User } from '../support/session.ts';

/**
 * axe (WCAG 2.0/2.1 A and AA) on every screen, dialog, drawer and menu of the portal, as a vendor,
 * a read-only user and an administrator: no serious or critical finding anywhere. Nothing is saved;
 * every dialog is cancelled, so the demo data stays as the other specs expect it.
 */
// Every test logs in on its own and saves nothing, so they spread over the workers.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

/** A page and its data (the websites list above all) take a while to arrive on a busy machine. */
const PAGE_LOAD = { timeout: 20_000 };

interface Site {
  rowKey: number;
  status: string;
  products: number[];
}

async function sites(request: APIRequestContext, token: string, status: string): Promise<Site[]> {
  const response = await request.get(
    `${baseUrl()}/api/portal/websites?pageSize=200&status=${encodeURIComponent(status)}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Site[] }).items;
}

/**
 * An Active site with the team product and some History: it has every tab, every request dialog
 * and entries to read (viewing a site records nothing, and only some demo sites have History).
 */
async function teamSite(request: APIRequestContext, token: string): Promise<number> {
  const candidates = (await sites(request, token, 'Active')).filter((s) => s.products.includes(2));
  for (const site of candidates) {
    const history = await request.get(`${baseUrl()}/api/website/${site.rowKey}/changelog`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(history.status()).toBe(200);
    if (((await history.json()) as unknown[]).length > 0) return site.rowKey;
  }
  throw new Error('the demo data has no Active team-product site with History');
}

async function finish(audit: AxeAudit, testInfo: TestInfo): Promise<void> {
  const summary = audit.summary();
  const details = audit.details();
  console.log(`${summary}${details ? `\n${details}` : ''}`);
  await testInfo.attach('axe', { body: `${summary}\n\n${details}`, contentType: 'text/plain' });
  expect(audit.blocking(), 'serious or critical axe findings').toEqual([]);
}

/** A dialog, drawer or menu is audited on its own: the page under it has its own audit. */
const LAYER = { layers: true };

async function closeWithEscape(page: Page, layer: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(layer).toBeHidden();
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const websiteModal = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });

async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(heading(page).first()).toBeVisible(PAGE_LOAD);
}

async function loggedIn(page: Page, request: APIRequestContext, user: User): Promise<string> {
  const token = await apiLogin(request, user);
  await useSession(page, token);
  return token;
}

/** The shell's own layers: Settings and Changelog drawers, avatar menu, logout confirmation. */
async function auditShell(page: Page, audit: AxeAudit, withVendors: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await audit.check(page, 'Settings drawer', LAYER);
  await closeWithEscape(page, settings);

  await page.getByRole('button', { name: 'Changelog' }).click();
  const changelog = page.getByRole('dialog', { name: 'Changelog' });
  await expect(changelog).toBeVisible();
  await audit.check(page, 'Changelog drawer', LAYER);
  await closeWithEscape(page, changelog);

  if (withVendors) {
    await page.getByRole('combobox', { name: 'Vendor account' }).click();
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    await audit.check(page, 'vendor selector', LAYER);
    await closeWithEscape(page, page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  }

  await page.getByTestId('avatar-menu').click();
  const menu = page.getByRole('menu').filter({ hasText: 'Log Out' });
  await expect(menu).toBeVisible();
  await audit.check(page, 'avatar menu', LAYER);
  await menu.getByRole('menuitem', { name: 'Log Out' }).click();
  const logOut = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Cancel' }) });
  await expect(logOut).toBeVisible();
  await audit.check(page, 'Log Out confirmation', LAYER);
  await logOut.getByRole('button', { name: 'Cancel' }).click();
  await expect(logOut).toBeHidden();
}

/**
 * The 'Confirm logout' dialog, shown when the server has ended the session: the test's own session
 * is logged out through the API, so the page is left logged out (run it last).
 */
async function auditSessionEnded(page: Page, request: APIRequestContext, token: string, audit: AxeAudit) {
  const response = await request.post(`${baseUrl()}/api/logout`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  await page.getByRole('button', { name: 'Refresh' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Confirm logout' });
  await expect(dialog).toBeVisible();
  await audit.check(page, 'Confirm logout dialog', LAYER);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

async function openSite(page: Page, siteId: number): Promise<Locator> {
  await page.goto(`/websites?site=${siteId}`);
  const modal = websiteModal(page);
  await expect(modal.getByTestId('agent-broker-table')).toContainText(/\d/, PAGE_LOAD);
  return modal;
}

/** The website modal of a saved site: its tabs, Agent Information and the History drawer. */
async function auditEditTabs(page: Page, audit: AxeAudit, siteId: number): Promise<void> {
  const modal = await openSite(page, siteId);
  await audit.check(page, 'website modal (edit): Website tab', LAYER);
  await auditAgentInfo(page, audit, modal);

  await modal.getByRole('tab', { name: 'Team' }).click();
  await expect(modal.getByTestId('team-table')).toContainText('(Primary)');
  await audit.check(page, 'website modal (edit): Team tab', LAYER);

  await modal.getByRole('tab', { name: 'History' }).click();
  await expect(modal.getByTestId('history-entry').first()).toBeVisible();
  await audit.check(page, 'website modal (edit): History tab', LAYER);

  await modal.getByRole('tab', { name: 'Compliance' }).click();
  await expect(modal.getByTestId('compliance-summary')).toBeVisible();
  await audit.check(page, 'website modal (edit): Compliance tab', LAYER);

  await modal.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History', exact: true });
  await expect(drawer.getByTestId('history-entry').first()).toBeVisible();
  await audit.check(page, 'History drawer', LAYER);
  await closeWithEscape(page, drawer);
}

async function auditAgentInfo(page: Page, audit: AxeAudit, modal: Locator): Promise<void> {
  await modal.getByRole('button', { name: 'Info' }).click();
  const info = page.getByRole('dialog', { name: 'Agent Information' });
  await expect(info.getByTestId('agent-info')).toBeVisible();
  await audit.check(page, 'Agent Information dialog', LAYER);
  await info.getByRole('button', { name: 'Close' }).click();
  await expect(info).toBeHidden();
}

/** The dialogs a writer opens from a saved site; each is cancelled. */
async function auditEditDialogs(
  page: Page,
  audit: AxeAudit,
  siteId: number,
  productSiteId: number,
): Promise<void> {
  const modal = await openSite(page, siteId);
  await modal.getByRole('button', { name: 'Domain Change Request' }).click();
  const domain = page.getByRole('dialog', { name: 'Domain Change Request' });
  await expect(domain).toBeVisible();
  await audit.check(page, 'Domain Change Request dialog', LAYER);
  await domain.getByRole('button', { name: 'Cancel' }).click();
  await expect(domain).toBeHidden();

  await modal.getByRole('button', { name: 'Change', exact: true }).click();
  const agent = page.getByRole('dialog', { name: 'Agent Change Request' });
  await expect(agent).toBeVisible();
  await audit.check(page, 'Agent Change dialog', LAYER);
  await agent.getByRole('button', { name: 'Cancel' }).click();
  await expect(agent).toBeHidden();

  await modal.getByRole('tab', { name: 'Team' }).click();
  await modal.getByRole('button', { name: 'Add Agent' }).click();
  const add = page.getByRole('dialog', { name: 'Add Agent' });
  await expect(add).toBeVisible();
  await audit.check(page, 'Add Agent dialog', LAYER);
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();

  // A licensed site's product changes by request (a team site keeps its team product).
  const single = await openSite(page, productSiteId);
  await single.getByRole('button', { name: 'Product Change Request' }).click();
  const product = page.getByRole('dialog', { name: 'Product Change Request' });
  await expect(product).toBeVisible();
  await audit.check(page, 'Product Change Request dialog', LAYER);
  await product.getByRole('button', { name: 'Cancel' }).click();
  await expect(product).toBeHidden();
}

test('login-free screens', async ({ page }, testInfo) => {
  const audit = new AxeAudit('public');
  for (const path of ['/login', '/forgotpassword', '/password', '/password?token=unused', '/reset']) {
    await openPage(page, path);
    await audit.check(page, path);
  }
  await openPage(page, '/registration');
  await audit.check(page, '/registration');
  for (const path of ['/404', '/401']) {
    await openPage(page, path);
    await audit.check(page, path);
  }
  await finish(audit, testInfo);
});

test('terms of service, before they are accepted', async ({ page, request }, testInfo) => {
  const audit = new AxeAudit('newbie');
  await loggedIn(page, request, users.newbie);
  await page.goto('/tos');
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
  await audit.check(page, '/tos');
  await finish(audit, testInfo);
});

test('every page and layer as a vendor', async ({ page, request }, testInfo) => {
  const audit = new AxeAudit('demo');
  const token = await loggedIn(page, request, users.demo);

  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible(PAGE_LOAD);
  await audit.check(page, '/dashboard');
  await auditShell(page, audit, true);

  await page.goto('/websites');
  await expect(page.getByTestId('websites-table').locator('tbody tr.ant-table-row').first()).toBeVisible(
    PAGE_LOAD,
  );
  await audit.check(page, '/websites');

  // The dashboard's "Sites missing documents" list, with its removable filter tag.
  await page.goto('/websites?missing=documents');
  await expect(page.getByTestId('missing-filter')).toBeVisible(PAGE_LOAD);
  await expect(page.getByTestId('websites-table').locator('tbody tr.ant-table-row').first()).toBeVisible(
    PAGE_LOAD,
  );
  await audit.check(page, '/websites?missing=documents');

  for (const path of ['/profile', '/feedback', '/changelog']) {
    await openPage(page, path);
    await audit.check(page, path);
  }
  await page.goto('/tools/export-selected-excel');
  await expect(page.getByTestId('column-picker')).toBeVisible();
  await audit.check(page, '/tools/export-selected-excel');
  await auditSessionEnded(page, request, token, audit);
  await finish(audit, testInfo);
});

test('the website modal in create mode, and the delete confirmation', async ({ page, request }, testInfo) => {
  const audit = new AxeAudit('demo');
  const token = await loggedIn(page, request, users.demo);

  await page.goto('/websites');
  await page.getByRole('button', { name: 'New Website' }).click();
  const modal = websiteModal(page);
  await expect(modal.getByPlaceholder('www.example.com')).toBeEditable();
  await audit.check(page, 'website modal (create): Website tab', LAYER);
  // The empty form's error messages are read out and coloured too.
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('Please select a product.')).toBeVisible();
  await audit.check(page, 'website modal (create): errors shown', LAYER);

  const pending = (await sites(request, token, 'Pending Activation'))[0];
  expect(pending, 'a Pending Activation site in the demo data').toBeDefined();
  const saved = await openSite(page, pending!.rowKey);
  await saved.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete' });
  await expect(confirm).toBeVisible();
  await audit.check(page, 'delete confirmation', LAYER);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await finish(audit, testInfo);
});

test('the website modal’s tabs and History drawer as a vendor', async ({ page, request }, testInfo) => {
  const audit = new AxeAudit('demo');
  const token = await loggedIn(page, request, users.demo);
  await auditEditTabs(page, audit, await teamSite(request, token));
  await finish(audit, testInfo);
});

test('the website modal’s dialogs as a vendor', async ({ page, request }, testInfo) => {
  const audit = new AxeAudit('demo');
  const token = await loggedIn(page, request, users.demo);
  const single = (await sites(request, token, 'Active')).find((s) => !s.products.includes(2));
  expect(single, 'an Active site without the team product').toBeTruthy();
  await auditEditDialogs(page, audit, await teamSite(request, token), single!.rowKey);
  await finish(audit, testInfo);
});

for (const role of ['viewer', 'admin'] as const) {
  test(`the main screens as ${role}`, async ({ page, request }, testInfo) => {
    const audit = new AxeAudit(role);
    const token = await loggedIn(page, request, users[role]);
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible(PAGE_LOAD);
    await audit.check(page, '/dashboard');
    await auditShell(page, audit, false);

    await page.goto('/websites');
    await expect(page.getByTestId('websites-table').locator('tbody tr.ant-table-row').first()).toBeVisible(
      PAGE_LOAD,
    );
    await audit.check(page, '/websites');
    await auditEditTabs(page, audit, await teamSite(request, token));

    await openPage(page, '/profile');
    await audit.check(page, '/profile');
    await auditSessionEnded(page, request, token, audit);
    await finish(audit, testInfo);
  });
}
