import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startTestSites, type TestSites } from '../../apps/server/test/test-sites.ts';
import { apiCall } from '../support/live.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { basicAuth, useSession, users, type User } from '../support/session.ts';

/**
 * A compliance finding's whole life, at a desktop's width and a phone's: the vendor checks a site
 * that fails a rule, hears of it, fixes the page and checks again until the finding is resolved;
 * and MLS staff decide an overdue finding in the approval queue, which the site's History keeps.
 * A server of its own reads the sites this spec serves over HTTPS (its outbound requests pointed
 * at them, their test authority trusted), with Check now allowed as often as asked.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const DISCLAIMER =
  'The data relating to real estate for sale on this website comes in part from the Internet Data Exchange program of the MLS. Information deemed reliable but not guaranteed. Data last updated';
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900, host: 'wide-homes.test' },
  { name: 'phone', width: 390, height: 844, host: 'pocket-homes.test' },
] as const;

let sites: TestSites;
let server: OwnServer;
let demo: string;
let admin: string;
const siteOf: Record<string, number> = {};

const stamp = () => `${new Date(Date.now() - 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A home page the demo's rules pass, for the site's agent; without its disclaimer when `broken`. */
function serveHome(host: string, agent: string, broken: boolean) {
  // Broken, the page keeps its notice and its date stamp but loses the disclaimer's wording.
  const footer = broken
    ? `<p>Internet Data Exchange listings. Updated ${stamp()}.</p>`
    : `<p>${DISCLAIMER} ${stamp()}.</p>`;
  sites.page(
    host,
    '/',
    `<html><body><h1>${agent}, REALTOR®</h1><p>Homes by the lake</p>` +
      `<ul>${[1, 2, 3].map((n) => `<li><a href="/listing/${n}">Home ${n}</a></li>`).join('')}</ul>` +
      `<footer>${footer}</footer></body></html>`,
  );
  sites.page(
    host,
    '/sitemap.xml',
    `<?xml version="1.0"?><urlset>${[1, 2, 3].map((n) => `<url><loc>https://${host}/listing/${n}</loc></url>`).join('')}</urlset>`,
  );
  for (const n of [1, 2, 3])
    sites.page(
      host,
      `/listing/${n}`,
      `<html><body><p>3 beds</p><p>Listing courtesy of Harbor Realty</p></body></html>`,
    );
}

interface ListedSite {
  rowKey: number;
}

/** Gives an Active demo site the host's domain, as the MLS approves a domain change on paper. */
async function siteAt(request: APIRequestContext, host: string, taken: number[]): Promise<number> {
  const { items } = await apiCall<{ items: ListedSite[] }>(
    request,
    server.baseUrl,
    demo,
    'GET',
    '/portal/websites?pageSize=50&status=Active',
  );
  const queue = await apiCall<{ items: { siteId: number }[] }>(
    request,
    server.baseUrl,
    admin,
    'GET',
    '/admin/queue?pageSize=100',
  );
  const busy = new Set([...taken, ...queue.items.map((i) => i.siteId)]);
  const site = items.find((s) => !busy.has(s.rowKey))!;
  const asked = await apiCall<{ id: number }>(
    request,
    server.baseUrl,
    demo,
    'POST',
    `/portal/websites/${site.rowKey}/domain-change`,
    { domainName: host, reason: 'The brokerage renamed itself.' },
  );
  await apiCall(request, server.baseUrl, admin, 'POST', `/admin/requests/${asked.id}/approve`, {
    paperForm: 'Signed on paper by the broker, kept at the MLS.',
  });
  return site.rowKey;
}

test.beforeAll(async ({ request }) => {
  sites = await startTestSites(WIDTHS.map((w) => w.host));
  server = await startOwnServer({
    ...sites.env,
    OUTBOUND_ALLOW_PRIVATE: '1',
    COMPLIANCE_CHECK_NOW_MINUTES: '0',
  });
  const login = async (user: User) => {
    const response = await request.post(`${server.baseUrl}/api/login`, {
      headers: { Authorization: basicAuth(user) },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { token: string }).token;
  };
  demo = await login(users.demo);
  admin = await login(users.admin);
  for (const w of WIDTHS) siteOf[w.host] = await siteAt(request, w.host, Object.values(siteOf));
});
test.afterAll(async () => {
  await server?.dispose();
  await sites?.close();
});

async function openCompliance(page: Page, siteId: number) {
  await page.goto(`/websites?site=${siteId}`);
  const modal = page.locator('.ant-modal').filter({ has: page.getByRole('tab', { name: 'Compliance' }) });
  await modal.getByRole('tab', { name: 'Compliance' }).click();
  const tab = modal.getByTestId('compliance-tab');
  await expect(tab).toBeVisible();
  return tab;
}

for (const w of WIDTHS) {
  test(`${w.name}: a failing check opens a finding the vendor hears of; fixed and checked again, it is resolved`, async ({
    browser,
    request,
  }) => {
    const siteId = siteOf[w.host]!;
    const detail = await apiCall<{ licensee: string }>(
      request,
      server.baseUrl,
      demo,
      'GET',
      `/portal/websites/${siteId}`,
    );
    serveHome(w.host, detail.licensee, true);
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: w.width, height: w.height },
    });
    const page = await context.newPage();
    await useSession(page, demo);

    let tab = await openCompliance(page, siteId);
    await tab.getByRole('button', { name: 'Check now' }).click();
    await expect(page.getByText('Checked: 1 finding is still open.')).toBeVisible();
    const finding = tab.getByTestId('compliance-finding').filter({ hasText: 'Required text' });
    await expect(finding).toHaveAttribute('data-state', 'open');
    await expect(finding).toContainText('Fix by');
    await expect(tab.getByTestId('compliance-rule').filter({ hasText: 'Required text' })).toContainText(
      'Fail',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`finding-open-${w.width}.png`) });

    // The vendor hears of it in the notifications drawer: the bell's, or on a phone the settings'.
    await page.keyboard.press('Escape');
    if (w.width > 600) await page.getByTestId('notification-bell').click();
    else {
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByTestId('settings-notifications').click();
    }
    await expect(
      page
        .getByTestId('notification-row')
        .filter({ hasText: `${w.host} fails the compliance rule "Required text"` }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    serveHome(w.host, detail.licensee, false);
    tab = await openCompliance(page, siteId);
    await tab.getByRole('button', { name: 'Fixed: check again' }).click();
    await expect(page.getByText('Checked: the website passes every rule.')).toBeVisible();
    await expect(tab.getByRole('button', { name: 'Check now' })).toBeVisible();
    await expect(tab.getByTestId('compliance-finding').filter({ hasText: 'Required text' })).toHaveAttribute(
      'data-state',
      'resolved',
    );
    await page.screenshot({ path: test.info().outputPath(`finding-resolved-${w.width}.png`) });
    await context.close();
  });

  test(`${w.name}: MLS staff decide an overdue finding in the approval queue; the site's History keeps it`, async ({
    browser,
    request,
  }) => {
    const queue = await apiCall<{
      items: { siteId: number; domainName: string; finding: { rule: string } | null }[];
    }>(request, server.baseUrl, admin, 'GET', '/admin/queue?kind=compliance&pageSize=100');
    const item = queue.items[0]!;
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: w.width, height: w.height },
    });
    const page = await context.newPage();
    await useSession(page, admin);
    await page.goto('/admin/queue?kind=compliance');
    const what = `the finding "${item.finding!.rule}" of ${item.domainName}`;
    const waive = w.width > 600;
    await page.getByRole('button', { name: `${waive ? 'Waive' : 'Extend'} ${what}` }).click();
    const dialog = page.getByRole('dialog', {
      name: waive ? `Waive ${what}` : `Extend the fix-by date of ${item.domainName}`,
    });
    await expect(dialog).toBeVisible();
    await dialog
      .getByLabel('Reason')
      .fill(waive ? 'The date stamp is on every listing page.' : 'Rebuild ships next week.');
    await page.screenshot({ path: test.info().outputPath(`queue-decision-${w.width}.png`) });
    await dialog.getByRole('button', { name: waive ? 'Waive' : 'Extend' }).click();
    await expect(page.getByText(waive ? 'Finding waived' : /^The fix-by date is now /)).toBeVisible();
    await expect(page.getByRole('button', { name: `${waive ? 'Waive' : 'Extend'} ${what}` })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const vendor = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: w.width, height: w.height },
    });
    const vendorPage = await vendor.newPage();
    await useSession(vendorPage, demo);
    await vendorPage.goto(`/websites?site=${item.siteId}`);
    const modal = vendorPage
      .locator('.ant-modal')
      .filter({ has: vendorPage.getByRole('tab', { name: 'History' }) });
    await modal.getByRole('tab', { name: 'History' }).click();
    await expect(
      modal.getByTestId('history-entry').filter({
        hasText: waive
          ? `Compliance finding "${item.finding!.rule}" waived by the MLS`
          : 'fix-by date moved to',
      }),
    ).toBeVisible();
    await context.close();
    await vendor.close();
  });
}
