import { readFileSync } from 'node:fs';
import { FeedMessages, ResourceMessages, type LinkedAccount, type ResourceList } from '@vp/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseUrl } from '../support/server.ts';
import { apiLogin, StorageKeys, useSession, users } from '../support/session.ts';

const RULES_TITLE = 'MLS Rules and Regulations';
const RULES_FILE = 'MLS Rules and Regulations 2026.pdf';

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`${baseUrl()}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

test('the demo vendor opens Resources from the menu and downloads the rules under their real name', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  // The same bytes the server holds for the seeded rules PDF.
  const { resources } = await apiGet<ResourceList>(request, token, '/resources');
  const rules = resources.find((r) => r.title === RULES_TITLE)!;
  expect(rules.fileName).toBe(RULES_FILE);
  const stored = await request.get(`${baseUrl()}/api/resources/${rules.id}/file`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const bytes = await stored.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await useSession(page, token);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: 'Resources' }).click();
  await expect(page).toHaveURL(/\/resources\/index$/);
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
  for (const category of ['Rules', 'IDX/VOW Policy', 'Display Requirements', 'Logo Packs', 'Links'])
    await expect(page.getByTestId(`resource-group-${category}`)).toBeVisible();

  const link = page.getByRole('link', { name: /RESO Web API/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `${RULES_TITLE}: download ${RULES_FILE}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(RULES_FILE);
  expect(readFileSync(await download.path())).toEqual(bytes);
});

test('an item the MLS publishes after the last look carries New, once', async ({ page, request }) => {
  const token = await apiLogin(request, users.viewer);
  const admin = await apiLogin(request, users.admin);
  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  // The viewer has looked before (other specs may have shown them the page too).
  expect((await request.put(`${baseUrl()}/api/resources/seen`, { headers: auth(token) })).status()).toBe(200);
  const title = `Office hours ${Date.now()}`;
  const created = await request.post(`${baseUrl()}/api/resources`, {
    headers: auth(admin),
    data: {
      category: 'Links',
      title,
      description: 'When the MLS answers the phone.',
      url: 'https://mls.example/hours',
    },
  });
  expect(created.status()).toBe(201);
  const { resource } = (await created.json()) as { resource: { id: number } };
  try {
    await useSession(page, token);
    await page.goto('/resources');
    await expect(page).toHaveURL(/\/resources\/index$/);
    const fresh = page.getByTestId(`resource-${resource.id}`);
    await expect(fresh.getByText(ResourceMessages.newTag, { exact: true })).toBeVisible();
    // Seen before: the rules are not new.
    await expect(
      page
        .getByTestId(/^resource-/)
        .filter({ hasText: RULES_TITLE })
        .getByText(ResourceMessages.newTag),
    ).toHaveCount(0);
    await page.reload();
    await expect(fresh).toBeVisible();
    await expect(fresh.getByText(ResourceMessages.newTag, { exact: true })).toHaveCount(0);
  } finally {
    await request.delete(`${baseUrl()}/api/resources/${resource.id}`, { headers: auth(admin) });
  }
});

test('a provider sees the consumers it feeds under Tools', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('menuitem', { name: 'Tools' }).click();
  await menu.getByRole('menuitem', { name: 'Data Feeds' }).click();
  await expect(page).toHaveURL(/\/tools\/consumers$/);
  await expect(page.getByRole('heading', { name: FeedMessages.consumersTitle })).toBeVisible();
  const row = page.getByTestId('feeds-consumers').getByRole('row', { name: /Harbor IDX Co\./ });
  // The since-date as every screen writes dates.
  for (const text of ['HIC', 'RESO Web API', 'Active', '03/01/2025']) await expect(row).toContainText(text);
});

test('a consumer sees its providers', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.other));
  await page.goto('/tools/consumers');
  await expect(page.getByRole('heading', { name: FeedMessages.providersTitle })).toBeVisible();
  await expect(
    page.getByTestId('feeds-providers').getByRole('row', { name: /Summit Web Solutions/ }),
  ).toBeVisible();
});

test('a vendor that neither provides nor consumes a feed has no Data Feeds, and its address is unknown', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  const accounts = await apiGet<LinkedAccount[]>(request, token, '/profile/vendors');
  const west = accounts.find((a) => a.vendorCode === 'SWS-W')!;
  await useSession(page, token);
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    StorageKeys.vendor,
    String(west.rowKey),
  ] as const);
  await page.goto('/tools/upload-file');
  await expect(page.getByTestId('vendor-selector')).toContainText('SWS-W');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('menuitem', { name: 'Upload File' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Data Feeds' })).toHaveCount(0);
  await page.goto('/tools/consumers');
  await expect(page).toHaveURL(/\/404$/);
});

test('switching to an account without feeds while Data Feeds is open leaves it for /404', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/tools/consumers');
  await expect(page.getByRole('heading', { name: 'Consumers' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Vendor account' }).click();
  await page.getByTitle('Summit Web Solutions West', { exact: true }).click();
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('tags-view').getByText('Data Feeds')).toHaveCount(0);
});
