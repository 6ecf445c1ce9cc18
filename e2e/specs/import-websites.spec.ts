import { expect, test } from '@playwright/test';
import writeXlsxFile from 'write-excel-file/node';
import { AxeAudit } from '../support/axe.ts';
import { apiCall, type SiteRecord } from '../support/live.ts';
import { apiLogin, useSession, users } from '../support/session.ts';

/**
 * Tools → Import Websites: a 50-row xlsx with three bad rows is checked, exactly those three are
 * flagged, the 47 others are imported and are found in the websites list.
 */

test('import a 50-row xlsx: three rows flagged, the valid ones created and listed', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = await apiLogin(request, users.demo);
  const { items } = await apiCall<{ items: (SiteRecord & { mlsStatus: string })[] }>(
    request,
    baseURL!,
    token,
    'GET',
    '/portal/websites?pageSize=100&status=Active',
  );
  const agents = [
    ...new Set(items.filter((s) => s.mlsStatus === 'Active' && !s.reciprocal).map((s) => s.memberNumber)),
  ];
  expect(agents.length).toBeGreaterThan(0);

  const stamp = Date.now().toString(36);
  const domain = (i: number) => `import-${stamp}-${i}.example.com`;
  const rows = Array.from({ length: 50 }, (_, i) => [
    domain(i),
    agents[i % agents.length]!,
    i % 3 === 1 ? 'VOW Website' : 'IDX Website',
    i % 2 === 0 ? `Agent Team ${i}` : '',
    '',
  ]);
  rows[8]![0] = 'not a domain'; // file row 10
  rows[23]![0] = domain(3); // file row 25: already on row 5
  rows[38]![1] = '0000000'; // file row 40: nobody in the roster
  const file = await writeXlsxFile([
    ['Domain', 'Member #', 'Product', 'DBA', 'Start Date'],
    ...rows,
  ]).toBuffer();

  await useSession(page, token);
  await page.goto('/tools/import-websites');
  await expect(page.getByRole('heading', { name: 'Import Websites' })).toBeVisible();
  const audit = new AxeAudit('import 1280');
  await audit.check(page, 'empty');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'agents.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await expect(page.getByText('50 rows read from the file.')).toBeVisible();

  await page.getByRole('button', { name: 'Check rows' }).click();
  await expect(page.getByText('47 ok, 3 with problems.')).toBeVisible({ timeout: 20_000 });
  const table = page.getByTestId('import-table');
  // The problem rows are shown: exactly those three, each with the message the website form gives.
  const flagged = table.locator('tbody tr.vp-import-bad');
  await expect(flagged).toHaveCount(3);
  await expect(flagged.locator('td:first-child')).toHaveText(['10', '25', '40']);
  await expect(flagged.nth(0)).toContainText('Please enter a valid domain name');
  await expect(flagged.nth(1)).toContainText('This domain is already on row 5 of the file.');
  await expect(flagged.nth(2)).toContainText('Agent information not found.');

  await audit.check(page, 'checked');

  await page.getByRole('button', { name: 'Import 47 valid rows' }).click();
  await expect(page.getByText('47 created, 3 with problems.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('import-done')).toContainText('Imported 47 websites.');
  await expect(table.getByText('Created', { exact: true })).toHaveCount(47);

  await audit.check(page, 'imported');
  expect(audit.blocking(), `serious or critical axe findings\n${audit.details()}`).toEqual([]);

  await page.getByRole('link', { name: 'Open the websites list' }).click();
  await expect(page).toHaveURL(/\/websites/);
  await page.getByRole('textbox', { name: 'Search websites' }).fill(domain(7));
  await expect(page.getByRole('row').filter({ hasText: domain(7) })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search websites' }).fill(`import-${stamp}-`);
  await expect(page.getByText('47 websites', { exact: true })).toBeVisible();
});

test('at 390 px by keyboard: a csv chosen, checked and its problem row read; a bad file refused', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/tools/import-websites');
  await expect(page.getByRole('heading', { name: 'Import Websites' })).toBeVisible();
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'sites.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Domain,Product,DBA\nphone.example.com,IDX Website,\n'),
  });
  await expect(page.getByTestId('file-error')).toContainText(
    'The file is missing the columns Member #, Start Date.',
  );
  await expect(page.getByRole('button', { name: 'Check rows' })).toHaveCount(0);

  await input.setInputFiles({
    name: 'sites.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Domain,Member #,Product,DBA,Start Date\nphone bad,1,IDX Website,,\n'),
  });
  await expect(page.getByText('1 row read from the file.')).toBeVisible();
  const check = page.getByRole('button', { name: 'Check rows' });
  await check.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('0 ok, 1 with problems.')).toBeVisible();
  // The status sits beside the row number: readable without scrolling sideways.
  const problem = page.getByTestId('row-problem');
  await expect(problem).toHaveText('Please enter a valid domain name');
  const box = await problem.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  // A card per row, whole on the screen: nothing of the page needs scrolling sideways.
  await expect(page.getByTestId('import-card')).toContainText('Row 2');
  await expect(page.getByTestId('import-card')).toContainText('phone bad');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('button', { name: 'Import 0 valid rows' })).toBeDisabled();
  const audit = new AxeAudit('import 390');
  await audit.check(page, 'checked');
  expect(audit.blocking(), `serious or critical axe findings\n${audit.details()}`).toEqual([]);
});
