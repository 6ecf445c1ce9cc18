import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseUrl } from '../support/server.ts';
import { apiLogin, submitLogin, useSession, users } from '../support/session.ts';

/**
 * The Websites list as a user keeps it: its state in the URL (reload, Back, Forward, a link, a new
 * login), the open site in the URL, an unknown site said in the page, the keyboard path to the
 * first row, every column at 1440 px, a card per site on a phone, and Custom Export's select-all.
 */
test.describe.configure({ timeout: 60_000 });

const LOAD = { timeout: 20_000 };

const table = (page: Page) => page.getByTestId('websites-table');
const rows = (page: Page) => table(page).locator('tbody tr.ant-table-row');
const searchBox = (page: Page) => page.getByLabel('Search websites');
const websiteDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });

async function listTotal(request: APIRequestContext, token: string, query: string): Promise<number> {
  const response = await request.get(`${baseUrl()}/api/portal/websites?pageSize=1&${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

async function firstSite(request: APIRequestContext, token: string): Promise<{ rowKey: number }> {
  const response = await request.get(`${baseUrl()}/api/portal/websites?pageSize=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { items: { rowKey: number }[] }).items[0]!;
}

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test('search, status, sort and page live in the URL: reload, Back and Forward bring them back', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  expect(await listTotal(request, token, 'status=Active')).toBeGreaterThan(20);
  await useSession(page, token);
  await page.goto('/websites?filter=Active&size=20');
  await expect(rows(page).first()).toBeVisible(LOAD);

  await table(page).getByRole('columnheader', { name: 'Licensee' }).click();
  await expect.poll(() => params(page)).toEqual({ filter: 'Active', size: '20', sort: 'licensee' });
  // The page shows what the server answered for page 2 (the list is live: what page 2 holds is
  // read from each answer, not assumed to stay the same between reloads).
  const pageTwoFirst = async (load: () => Promise<unknown>) => {
    const answer = page.waitForResponse((r) => {
      const url = new URL(r.url());
      const q = Object.fromEntries(url.searchParams);
      return (
        url.pathname === '/api/portal/websites' &&
        q.page === '2' &&
        q.sort === 'licensee' &&
        q.status === 'Active'
      );
    });
    await load();
    const body = (await (await answer).json()) as { items: { domainName: string }[] };
    const first = body.items[0]!.domainName;
    await expect(rows(page).first().locator('.vp-domain-cell')).toHaveText(first, LOAD);
    return first;
  };
  const secondPage = await pageTwoFirst(() => page.getByRole('listitem', { name: '2' }).click());
  await expect(table(page).locator('.ant-spin-spinning')).toHaveCount(0);
  await expect
    .poll(() => params(page))
    .toEqual({ filter: 'Active', size: '20', sort: 'licensee', page: '2' });

  const reloaded = await pageTwoFirst(() => page.reload());
  await expect(page.getByTestId('status-filter')).toContainText('Active');
  await expect(table(page).getByRole('columnheader', { name: 'Licensee' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page.getByRole('listitem', { name: '2' })).toHaveClass(/ant-pagination-item-active/);

  // Back undoes the page, then the sort; Forward redoes them.
  await page.goBack();
  await expect.poll(() => params(page)).toEqual({ filter: 'Active', size: '20', sort: 'licensee' });
  await expect(page.getByRole('listitem', { name: '1' })).toHaveClass(/ant-pagination-item-active/);
  await page.goForward();
  await expect(rows(page).first().locator('.vp-domain-cell')).toHaveText(reloaded);

  // A search is written once the typing pauses, from page 1.
  const word = secondPage.split(/[.-]/)[0]!;
  await searchBox(page).fill(word);
  await expect
    .poll(() => params(page))
    .toEqual({ filter: 'Active', size: '20', sort: 'licensee', search: word });
  await page.reload();
  await expect(searchBox(page)).toHaveValue(word, LOAD);
  await expect(rows(page).first()).toContainText(word);

  // The tab bar comes back to the same list.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole('navigation', { name: 'Visited pages' })
    .getByRole('link', { name: 'Websites' })
    .click();
  await expect
    .poll(() => params(page))
    .toEqual({ filter: 'Active', size: '20', sort: 'licensee', search: word });
  await expect(searchBox(page)).toHaveValue(word);
});

test('opening a site puts ?site= in the URL; Back closes it, Forward opens it, Close removes it', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/websites?filter=Active');
  await expect(rows(page).first()).toBeVisible(LOAD);
  const domain = await rows(page).first().locator('.vp-domain-cell').innerText();
  await rows(page).first().click();
  await expect(websiteDialog(page)).toBeVisible();
  expect(params(page)).toMatchObject({ filter: 'Active', site: expect.stringMatching(/^\d+$/) });

  await page.goBack();
  await expect(websiteDialog(page)).toHaveCount(0);
  expect(params(page)).toEqual({ filter: 'Active' });
  await page.goForward();
  await expect(websiteDialog(page).getByPlaceholder('www.example.com')).toHaveValue(domain);

  await page.reload();
  await expect(websiteDialog(page).getByPlaceholder('www.example.com')).toHaveValue(domain, LOAD);
  await websiteDialog(page).getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(websiteDialog(page)).toHaveCount(0);
  expect(params(page)).toEqual({ filter: 'Active' });
});

test("another vendor's site, or one that does not exist, says Website not found in the page", async ({
  page,
  request,
}) => {
  const theirs = await firstSite(request, await apiLogin(request, users.other));
  await useSession(page, await apiLogin(request, users.demo));
  for (const id of [theirs.rowKey, 987654321]) {
    await page.goto(`/websites?filter=Active&site=${id}`);
    await expect(page.getByText('Website not found')).toBeVisible(LOAD);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'History' })).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Back to the websites list' }).click();
  expect(params(page)).toEqual({ filter: 'Active' });
  await expect(rows(page).first()).toBeVisible(LOAD);
});

test('after the session ended, logging in again returns to the list with its URL state', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  await useSession(page, token);
  await page.goto('/websites?filter=Active&sort=licensee&page=2&size=20');
  await expect(rows(page).first()).toBeVisible(LOAD);
  const shown = await rows(page).first().locator('.vp-domain-cell').innerText();

  await request.post(`${baseUrl()}/api/logout`, { headers: { Authorization: `Bearer ${token}` } });
  await page.getByRole('button', { name: 'Refresh' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Confirm logout' });
  await dialog.getByRole('button', { name: 'Re-Login' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);

  await submitLogin(page, users.demo);
  await expect
    .poll(() => params(page))
    .toEqual({ filter: 'Active', sort: 'licensee', page: '2', size: '20' });
  await expect(page).toHaveURL(/\/websites\?/);
  await expect(rows(page).first().locator('.vp-domain-cell')).toHaveText(shown, LOAD);
});

test('keyboard: the skip link goes to the page, and the first row is a handful of Tabs away', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/websites');
  await expect(rows(page).first()).toBeVisible(LOAD);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  // The address (and so the list state) stays as it was.
  expect(new URL(page.url()).hash).toBe('');

  let presses = 0;
  const firstRow = rows(page).first();
  while (presses < 15 && !(await firstRow.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab');
    presses++;
  }
  await expect(firstRow).toBeFocused();
  // Status filter, search, Export, New Website, the sortable header row, then the row.
  expect(presses).toBeLessThanOrEqual(6);

  // The ring is drawn, in a colour that stands out from the row (3:1 or more).
  const [ring, background] = await firstRow.evaluate((row) => {
    const style = getComputedStyle(row.querySelector('td')!);
    // The canvas reads any CSS colour (rgb, oklab, color-mix results) back as sRGB bytes.
    const toRgb = (color: string) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const shadow = /^(rgba?\([^)]+\)|\S+)/.exec(style.boxShadow)?.[1] ?? 'transparent';
    return [toRgb(shadow), toRgb(style.backgroundColor)];
  });
  const luminance = ([r, g, b]: number[]) => {
    const lin = (c: number) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const [a, b] = [luminance(ring), luminance(background)];
  expect((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)).toBeGreaterThanOrEqual(3);

  // The rows are one stop: the arrows move between them and to a row's View site button, and Tab
  // leaves the table.
  const second = rows(page).nth(1);
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(second.getByRole('button', { name: /^View / })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(second).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('.ant-table-tbody'))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(firstRow).toBeFocused();

  // Enter opens the focused row.
  await page.keyboard.press('Enter');
  await expect(websiteDialog(page)).toBeVisible();
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('every column is visible without scrolling sideways; paging goes back to the top', async ({
    page,
    request,
  }) => {
    await useSession(page, await apiLogin(request, users.demo));
    await page.goto('/websites');
    await expect(rows(page).first()).toBeVisible(LOAD);
    const headers = [
      'Domain',
      'Status',
      'Licensee',
      'MLS Status',
      'Office',
      'MLS ID',
      'Member #',
      'Start Date',
      'Term Date',
    ];
    for (const name of headers) {
      const box = (await table(page).getByRole('columnheader', { name, exact: true }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(1440);
    }
    const overflow = await table(page)
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The whole page is no wider than the window either; column names keep to one line.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    const headerHeights = await table(page)
      .locator('thead th')
      .evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().height)));
    // One line: a column name that wrapped would make the header row about 70 px high.
    expect(Math.max(...headerHeights), headerHeights.join(', ')).toBeLessThanOrEqual(56);

    // Down the page, the column names stay in view at the top of the window.
    await rows(page).nth(30).scrollIntoViewIfNeeded();
    const header = (await table(page)
      .getByRole('columnheader', { name: 'Domain', exact: true })
      .boundingBox())!;
    expect(Math.round(header.y)).toBe(0);

    // From the bottom of the page, the next page starts at the top of the table.
    await page.getByRole('listitem', { name: '2' }).scrollIntoViewIfNeeded();
    await page.getByRole('listitem', { name: '2' }).click();
    await expect(page.getByRole('listitem', { name: '2' })).toHaveClass(/ant-pagination-item-active/);
    const top = (await table(page).boundingBox())!;
    expect(top.y).toBeGreaterThanOrEqual(-1);
    expect(top.y).toBeLessThan(900);
  });
});

test.describe('at 1100 px', () => {
  test.use({ viewport: { width: 1100, height: 800 } });

  test('the table scrolls sideways with the domain pinned and the scroll bar under the rows in view', async ({
    page,
    request,
  }) => {
    await useSession(page, await apiLogin(request, users.demo));
    await page.goto('/websites');
    await expect(rows(page).first()).toBeVisible(LOAD);
    // The table runs on below the window; its scroll bar does not wait at its end.
    expect((await table(page).boundingBox())!.height).toBeGreaterThan(800);
    const bar = table(page).locator('.ant-table-sticky-scroll');
    await expect(bar).toBeVisible();
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(box.y).toBeGreaterThan(600);

    // Scrolled sideways, the domain stays in view and the header follows the rows.
    await table(page)
      .locator('.ant-table-body, .ant-table-content')
      .first()
      .evaluate((el) => el.scrollTo({ left: 500 }));
    const domainHeader = table(page).getByRole('columnheader', { name: 'Domain' });
    const domainCell = rows(page)
      .first()
      .locator('td')
      .filter({ has: page.locator('.vp-domain-cell') });
    await expect
      .poll(async () =>
        Math.round((await domainCell.boundingBox())!.x - (await domainHeader.boundingBox())!.x),
      )
      .toBe(0);
    const officeHeader = table(page).getByRole('columnheader', { name: 'Office' });
    const officeCell = rows(page).first().locator('td').nth(4);
    await expect
      .poll(async () =>
        Math.round((await officeCell.boundingBox())!.x - (await officeHeader.boundingBox())!.x),
      )
      .toBe(0);
  });
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each website is a card with its domain, status and licensee; a tap opens it', async ({
    page,
    request,
  }) => {
    await useSession(page, await apiLogin(request, users.demo));
    await page.goto('/websites');
    const card = page.getByTestId('site-card').first();
    await expect(card).toBeVisible(LOAD);
    await expect(card.locator('.vp-domain-cell')).not.toBeEmpty();
    await expect(card.getByTestId('site-status')).toBeVisible();
    await expect(card.locator('.vp-site-card-licensee')).not.toBeEmpty();
    // Nothing hidden off to the side: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);

    const domain = await card.locator('.vp-domain-cell').innerText();
    await card.click();
    await expect(websiteDialog(page).getByPlaceholder('www.example.com')).toHaveValue(domain, LOAD);
    expect(params(page)).toMatchObject({ site: expect.stringMatching(/^\d+$/) });
  });
});

test('Custom Export: the header checkbox offers every website across pages', async ({ page, request }) => {
  const token = await apiLogin(request, users.demo);
  const total = await listTotal(request, token, 'status=Active');
  expect(total).toBeGreaterThan(20);
  await useSession(page, token);
  await page.goto('/tools/export-selected-excel?filter=Active&size=20');
  await expect(rows(page).first()).toBeVisible(LOAD);

  const exportButton = page.getByTestId('custom-export-button');
  await expect(exportButton).toBeDisabled();
  await expect(page.getByTestId('export-blocker')).toHaveText('Select the websites to export.');

  await table(page).locator('thead').getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('20 selected');
  await page.getByRole('button', { name: `Select all ${total.toLocaleString('en-US')} websites` }).click();
  await expect(page.getByTestId('selected-count')).toHaveText(`${total.toLocaleString('en-US')} selected`);

  const picker = page.getByTestId('column-picker');
  for (const box of await picker.getByRole('checkbox').all()) await box.uncheck();
  await expect(exportButton).toBeDisabled();
  await expect(page.getByTestId('export-blocker')).toHaveText('Choose at least one column to export.');
  await picker.getByRole('checkbox', { name: 'Domain', exact: true }).check();

  const download = page.waitForEvent('download');
  await exportButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^SWS-websites-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(
    page.getByText(`Exported ${total.toLocaleString('en-US')} websites to ${file.suggestedFilename()}`),
  ).toBeVisible();
});
