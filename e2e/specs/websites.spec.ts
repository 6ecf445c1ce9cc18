import { inflateRawSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TeamMessages } from '@vp/contract';
import { baseUrl } from '../support/server.ts';
import { pickOption } from '../support/antd.ts';
import { apiLogin, useSession, users } from '../support/session.ts';
import { expectToastFrom } from '../support/toast.ts';

/**
 * The Websites capability end to end: the list, the modal's create and edit flows with their
 * messages, History, Team, the `site` and `filter` links, and the spreadsheet export.
 */

// Each flow walks several dialogs and saves; on a loaded CI machine that outgrows the default budget.
test.describe.configure({ timeout: 60_000 });

interface Site {
  rowKey: number;
  domainName: string;
  memberNumber: string;
  firstName: string;
  lastName: string;
  status: string;
  mlsStatus: string;
  dba: string;
  products: number[];
}

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(400);
  return (await response.json()) as T;
}

/** Two distinct active agents of the vendor's own MLS, taken from its existing websites. */
async function twoAgents(request: APIRequestContext, token: string): Promise<[Site, Site]> {
  const { items } = await api<{ items: Site[] }>(
    request,
    token,
    'GET',
    '/portal/websites?pageSize=200&status=Active',
  );
  // Only agents whose MLS status is Active can be chosen for a site or a team.
  const own = items.filter((s) => /^\d+$/.test(s.memberNumber) && s.mlsStatus === 'Active');
  const first = own[0]!;
  const second = own.find((s) => s.memberNumber !== first.memberNumber)!;
  return [first, second];
}

function uniqueDomain(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.example.com`;
}

async function createSite(
  request: APIRequestContext,
  token: string,
  memberNumber: string,
  products: number[],
): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const { id } = await api<{ id: number }>(request, token, 'POST', '/portal/websites', {
    domainName: uniqueDomain('e2e-api'),
    memberNumber,
    reciprocal: false,
    status: 'Pending Activation',
    startDate: today,
    termDate: null,
    dba: '',
    products,
  });
  return id;
}

const dialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });

/**
 * Picks the agent with this member number from the open search results, retrying the click (as
 * pickOption does) until `picked` holds.
 */
async function pickAgent(page: Page, memberNumber: string, picked: () => Promise<void>): Promise<void> {
  await expect(async () => {
    const done = await picked().then(
      () => true,
      () => false,
    );
    if (done) return;
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: `#${memberNumber}` })
      .first()
      .click({ timeout: 2_000 });
    await picked();
  }).toPass({ timeout: 15_000 });
}

test('create a website through the modal from an empty form', async ({ page, request }) => {
  const token = await apiLogin(request, users.demo);
  const [agent] = await twoAgents(request, token);
  await useSession(page, token);
  await page.goto('/websites');
  await expect(page.getByTestId('websites-table').locator('tbody tr.ant-table-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'New Website' }).click();
  const modal = dialog(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('tab', { name: 'Team' })).toHaveCount(0);

  // Empty form: every required field says so.
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('A Domain Name is required')).toBeVisible();
  await expect(modal.getByText('Please enter agent information.')).toBeVisible();
  await expect(modal.getByText('Please select a product.')).toBeVisible();

  await modal.getByPlaceholder('www.example.com').fill('not a domain');
  await expect(modal.getByText('Please enter a valid domain name')).toBeVisible();
  const domain = uniqueDomain('e2e-modal');
  await modal.getByPlaceholder('www.example.com').fill(domain);

  // A search being typed is not yet wrong: the box says nothing until it is left without a pick.
  await modal.getByRole('combobox', { name: 'Agent Search' }).fill(agent.memberNumber);
  await expect(modal.getByText('Please enter agent information.')).toHaveCount(0);
  await expect(modal.getByText('Please select an agent')).toHaveCount(0);
  await modal.getByPlaceholder('www.example.com').focus();
  await expect(modal.getByText('Please select an agent')).toBeVisible();
  await modal.getByRole('combobox', { name: 'Agent Search' }).click();
  await pickAgent(page, agent.memberNumber, () =>
    expect(modal.getByTestId('agent-broker-table')).toContainText(agent.memberNumber, { timeout: 1_000 }),
  );
  await expect(modal.getByText('Please select an agent')).toHaveCount(0);

  await pickOption(page, modal.getByRole('combobox', { name: 'Product' }), 'IDX Team Website');
  // The team product brings the Team tab, disabled until the site exists.
  await expect(modal.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-disabled', 'true');

  await expectToastFrom(page, 'Created Successfully', () =>
    modal.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(modal.getByRole('tab', { name: 'Team' })).not.toHaveAttribute('aria-disabled', 'true');
  await expect(modal.getByPlaceholder('www.example.com')).toBeDisabled();
  // Nothing was touched since the save: Save is off.
  await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(
    modal.getByText('To change the domain, contact the MLS Data Licensing Department.'),
  ).toBeVisible();

  // The site came with its team, the primary agent alone: viewing it writes nothing.
  const teamWrites: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/team')) teamWrites.push(`${r.method()} ${r.url()}`);
  });
  await modal.getByRole('tab', { name: 'Team' }).click();
  const team = modal.getByTestId('team-table');
  await expect(team.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(team).toContainText('(Primary)');
  expect(teamWrites).toEqual([]);

  // Nothing was touched since the save: Close closes without asking.
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(m.text());
  });
  await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Discard changes?')).toHaveCount(0);
  expect(consoleErrors.filter((e) => /blocker/i.test(e))).toEqual([]);
  await page.getByLabel('Search websites').fill(domain);
  await expect(page.getByTestId('websites-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('websites-table')).toContainText('Active (Pending)');
});

test('leaving the Website tab while creating asks to save first', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/websites');
  await page.getByRole('button', { name: 'New Website' }).click();
  const modal = dialog(page);
  await modal.getByRole('tab', { name: 'History' }).click();
  // The prompt to save is replaced by the refusal of an empty form: one notice for one action.
  await expect(page.getByText('Input valid data before saving.')).toBeVisible();
  await expect(page.locator('.ant-message-notice')).toHaveCount(1);
  await expect(modal.getByRole('tab', { name: 'Website' })).toHaveAttribute('aria-selected', 'true');
});

test('edit a website and see the History entry with from and to', async ({ page, request }) => {
  const token = await apiLogin(request, users.demo);
  const [agent] = await twoAgents(request, token);
  const id = await createSite(request, token, agent.memberNumber, [1]);
  await useSession(page, token);
  await page.goto(`/websites?site=${id}`);
  const modal = dialog(page);
  await expect(modal.getByPlaceholder('www.example.com')).toBeDisabled();

  const save = modal.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const dba = `E2E Team ${Date.now().toString(36)}`;
  await modal.getByRole('textbox', { name: 'DBA' }).fill(dba);
  await expect(save).toBeEnabled();
  await expectToastFrom(page, 'Saved Website', () => save.click());
  await expect(save).toBeDisabled();

  await modal.getByRole('tab', { name: 'History' }).click();
  const change = modal.getByTestId('history-change').filter({ hasText: dba });
  await expect(change).toBeVisible();
  await expect(change.locator('.vp-history-from')).toHaveText('N/A');
  await expect(change.locator('.vp-history-to')).toHaveText(dba);
  await expect(modal.getByTestId('history-entry').filter({ hasText: dba })).toContainText('demo');

  // The same timeline in the 30 % drawer.
  await modal.getByRole('button', { name: 'History' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'History' });
  await expect(drawer.getByTestId('history-change').filter({ hasText: dba })).toBeVisible();
});

test('team: add an agent, then remove them', async ({ page, request }) => {
  const token = await apiLogin(request, users.demo);
  const [primary, other] = await twoAgents(request, token);
  const id = await createSite(request, token, primary.memberNumber, [2]);
  await useSession(page, token);
  await page.goto(`/websites?site=${id}`);
  const modal = dialog(page);
  await modal.getByRole('tab', { name: 'Team' }).click();
  const rows = modal.getByTestId('team-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('button', { name: /Remove/ })).toHaveCount(0);

  await modal.getByRole('button', { name: 'Add Agent' }).click();
  const add = page.getByRole('dialog', { name: 'Add Agent' });
  await expect(add.getByPlaceholder('Agent name, Member #, or License #.')).toBeVisible();
  await expect(add.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await add.getByPlaceholder('Agent name, Member #, or License #.').fill(other.memberNumber);
  const addButton = add.getByRole('button', { name: 'Add', exact: true });
  await pickAgent(page, other.memberNumber, () => expect(addButton).toBeEnabled({ timeout: 1_000 }));
  await addButton.click();
  await expect(page.getByText('Agent added successfully')).toBeVisible();
  await expect(rows).toHaveCount(2);

  await rows
    .filter({ hasText: other.lastName })
    .getByRole('button', { name: /Remove/ })
    .click();
  // Removing asks first, naming the agent.
  const confirm = page.getByRole('dialog').filter({ hasText: 'from the team?' });
  await expect(confirm).toContainText(other.lastName);
  await confirm.getByRole('button', { name: TeamMessages.removeAction, exact: true }).click();
  await expect(page.getByText('Agent removed successfully')).toBeVisible();
  await expect(rows).toHaveCount(1);
});

test('delete asks first: cancel keeps the site, confirm deletes it', async ({ page, request }) => {
  const token = await apiLogin(request, users.demo);
  const [agent] = await twoAgents(request, token);
  const id = await createSite(request, token, agent.memberNumber, [1]);
  await useSession(page, token);
  await page.goto(`/websites?site=${id}`);
  const modal = dialog(page);
  await modal.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Delete canceled')).toBeVisible();
  await modal.getByRole('button', { name: 'Delete' }).click();
  await expectToastFrom(page, 'Deleted Successfully', () =>
    page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click(),
  );
  await expect(modal).toHaveCount(0);
  const response = await request.get(`${baseUrl()}/api/portal/websites/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(404);
});

test('a site link on any page opens that website on the Websites page', async ({ page, request }) => {
  const token = await apiLogin(request, users.demo);
  const [agent] = await twoAgents(request, token);
  await useSession(page, token);
  await page.goto(`/dashboard?site=${agent.rowKey}`);
  await expect(page).toHaveURL(new RegExp(`/websites\\?site=${agent.rowKey}$`));
  const modal = dialog(page);
  await expect(modal.getByPlaceholder('www.example.com')).toHaveValue(agent.domainName);
  // An Active site changes its domain through a request.
  await expect(modal.getByRole('button', { name: 'Domain Change Request' })).toBeVisible();
  await expect(modal.getByRole('combobox', { name: 'Billable Status' })).toBeDisabled();
});

test('a dashboard card opens the list filtered by its status', async ({ page, request }) => {
  const token = await apiLogin(request, users.demo);
  // The specs before this one in its worker may have moved the demo's sites on: it makes sure the
  // card it opens counts at least one site (a new site is Active (Pending)).
  const [agent] = await twoAgents(request, token);
  await createSite(request, token, agent.memberNumber, [1]);
  await useSession(page, token);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^Active \(Pending\)\s*[1-9][\d,]*\s*websites$/ }).click();
  await expect(page).toHaveURL(/\/websites\?filter=Pending%20Activation$/);
  await expect(page.getByTestId('status-filter')).toContainText('Active (Pending)');
  const badges = page.getByTestId('websites-table').getByTestId('site-status');
  await expect(badges.first()).toBeVisible();
  await expect(badges).toHaveText(Array((await badges.count()) || 1).fill('Active (Pending)'));
});

/** Reads the first sheet of an .xlsx (a zip) with node's zlib: rows of cell texts. */
function readSheet(file: string): string[][] {
  const buf = readFileSync(file);
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString('utf8'));
    at += 46 + nameLen + extraLen + commentLen;
  }
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const texts = (xml: string) =>
    [...xml.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((m) => unescape(m[1]!)).join('');
  const shared = [...(files.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    texts(m[1]!),
  );
  const sheetName = [...files.keys()].find((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))!;
  const sheet = files.get(sheetName)!;
  return [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...row[1]!.matchAll(/<c([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((c) => {
      const attrs = c[1] ?? '';
      const body = c[2] ?? '';
      if (/t="s"/.test(attrs)) return shared[Number(/<v>(\d+)<\/v>/.exec(body)?.[1])] ?? '';
      if (/t="inlineStr"/.test(attrs)) return texts(body);
      return unescape(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '');
    }),
  );
}

test('export writes the whole filtered list to a file named for the vendor and the day', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  const { total } = await api<{ total: number }>(
    request,
    token,
    'GET',
    '/portal/websites?pageSize=1&status=Active',
  );
  expect(total).toBeGreaterThan(50);
  await useSession(page, token);
  await page.goto('/websites?filter=Active');
  await expect(page.getByText(`${total.toLocaleString('en-US')} websites`)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  const file = await download;
  const fileName = `SWS-websites-${await localDate(page)}.xlsx`;
  expect(file.suggestedFilename()).toBe(fileName);
  const path = test.info().outputPath(fileName);
  await file.saveAs(path);

  const rows = readSheet(path);
  expect(rows[0]).toEqual([
    'Domain',
    'Status',
    'Licensee',
    'MLS Status',
    'Office',
    'MLS ID',
    'Member #',
    'Start Date',
    'Term Date',
  ]);
  // Every filtered site, not only the 50 on screen.
  expect(rows.length - 1).toBe(total);
  expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(['Active']));
  await expect(
    page.getByText(`Exported ${total.toLocaleString('en-US')} websites to ${fileName}`),
  ).toBeVisible();
});

/** The browser's own date, yyyy-mm-dd, which names an exported file. */
function localDate(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}

test('custom export writes the picked rows and columns', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/tools/export-selected-excel');
  const table = page.getByTestId('websites-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const domains = [
    await rows.nth(0).locator('.vp-domain-cell').innerText(),
    await rows.nth(2).locator('.vp-domain-cell').innerText(),
  ];
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');

  const picker = page.getByTestId('column-picker');
  for (const name of ['Licensee', 'MLS Status', 'Office', 'MLS ID', 'Member #', 'Start Date', 'Term Date'])
    await picker.getByRole('checkbox', { name, exact: true }).uncheck();

  const download = page.waitForEvent('download');
  await page.getByTestId('custom-export-button').click();
  const file = await download;
  const path = test.info().outputPath('custom.xlsx');
  await file.saveAs(path);
  const sheet = readSheet(path);
  expect(sheet[0]).toEqual(['Domain', 'Status']);
  expect(sheet.slice(1).map((r) => r[0])).toEqual(domains);
});

test('the website modal is 1100 px wide, tabs on the left, and moves when its title is dragged', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/websites');
  await page.getByRole('button', { name: 'New Website' }).click();
  const modal = dialog(page);
  await expect(modal).toBeVisible();
  // Wait out the opening animation, which scales the dialog up.
  await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(1100);
  const tabs = (await modal.getByRole('tab', { name: 'Website' }).boundingBox())!;
  const form = (await modal.getByPlaceholder('www.example.com').boundingBox())!;
  expect(tabs.x).toBeLessThan(form.x);

  const handle = (await modal.getByTestId('modal-drag-handle').boundingBox())!;
  await page.mouse.move(handle.x + 40, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x - 60, handle.y + handle.height / 2 + 80, { steps: 8 });
  await page.mouse.up();
  // The dialog's content moves (antd keeps the outer box where it was).
  const moved = (await modal.getByTestId('modal-drag-handle').boundingBox())!;
  expect(Math.round(moved.x - handle.x)).toBe(-100);
  expect(Math.round(moved.y - handle.y)).toBe(80);
});
