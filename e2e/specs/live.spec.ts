import { expect, test, type Browser, type Page } from '@playwright/test';
import { LiveMessages, StaleMessages, WebsiteMessages } from '@vp/contract';
import { liveSubscribed, newSite, saveSite } from '../support/live.ts';
import { baseUrl } from '../support/server.ts';
import { apiLogin, useSession, users, type User } from '../support/session.ts';
import { expectToastFrom, watchToast } from '../support/toast.ts';

/**
 * The live channel end to end: two people of one vendor, each in a browser context of their own,
 * see each other's changes without reloading.
 */
test.describe.configure({ timeout: 90_000 });

const modalOf = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });

/** A page of its own context, logged in as `user`, with its live channel subscribed. */
async function openAs(browser: Browser, user: User, path: string) {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  const token = await apiLogin(context.request, user);
  await useSession(page, token);
  const subscribed = liveSubscribed(page);
  await page.goto(path);
  await subscribed;
  return { page, token, close: () => context.close() };
}

/** How long something took to show, kept with the test's results rather than asserted. */
function note(what: string, ms: number) {
  test.info().annotations.push({ type: 'timing', description: `${what}: ${Math.round(ms)} ms` });
}

test('an edit warns another user, and the same user in another tab, who have the site open; Refresh shows it', async ({
  browser,
  request,
}) => {
  const demoToken = await apiLogin(request, users.demo);
  const site = await newSite(request, baseUrl(), demoToken, 'live-edit');
  const editor = await openAs(browser, users.demo, `/websites?site=${site.id}`);
  const watcher = await openAs(browser, users.viewer, `/websites?site=${site.id}`);
  const otherTab = await openAs(browser, users.demo, `/websites?site=${site.id}`);
  try {
    await expect(modalOf(watcher.page).getByLabel('DBA')).toHaveValue('');
    // The same user's other tab holds an edit of its own.
    await modalOf(otherTab.page).getByLabel('DBA').fill('Not saved yet');
    const form = modalOf(editor.page);
    await form.getByLabel('DBA').fill('Live Realty Group');
    await expectToastFrom(editor.page, WebsiteMessages.saved, () =>
      form.getByRole('button', { name: 'Save' }).click(),
    );
    const savedAt = Date.now();

    // A form without edits already shows the change, and says so.
    const warning = watcher.page.getByTestId('changed-alert');
    await expect(warning).toContainText(LiveMessages.siteChangedShown);
    note('warning shown after the save was answered', Date.now() - savedAt);
    await expect(modalOf(watcher.page).getByLabel('DBA')).toHaveValue('Live Realty Group');
    // It names who changed it; with nothing to refresh, it is only dismissed.
    await expect(warning).toContainText(/changed this website at \d{1,2}:\d{2} [AP]M\./);
    await expect(warning.getByRole('button', { name: LiveMessages.refresh })).toHaveCount(0);
    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await expect(warning).toHaveCount(0);

    // The other tab keeps its edit until Refresh, which shows the change instead.
    const tabWarning = otherTab.page.getByTestId('changed-alert');
    await expect(tabWarning).toContainText(LiveMessages.siteChanged);
    await expect(modalOf(otherTab.page).getByLabel('DBA')).toHaveValue('Not saved yet');
    await tabWarning.getByRole('button', { name: LiveMessages.refresh }).click();
    // Its edit goes only once the user agrees.
    await otherTab.page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(modalOf(otherTab.page).getByLabel('DBA')).toHaveValue('Live Realty Group');

    // The tab that saved says nothing of its own change.
    await expect(editor.page.getByTestId('changed-alert')).toHaveCount(0);
  } finally {
    await editor.close();
    await watcher.close();
    await otherTab.close();
  }
});

test('a site deleted by one user closes the other’s modal', async ({ browser, request }) => {
  const demoToken = await apiLogin(request, users.demo);
  const site = await newSite(request, baseUrl(), demoToken, 'live-delete');
  const deleter = await openAs(browser, users.demo, `/websites?site=${site.id}`);
  const watcher = await openAs(browser, users.viewer, `/websites?site=${site.id}`);
  try {
    await expect(modalOf(watcher.page)).toBeVisible();
    await modalOf(deleter.page).getByRole('button', { name: 'Delete' }).click();
    // Both notices are toasts, which a busy machine can let come and go between two looks from
    // outside: each page notes them itself from the confirming click on.
    const noticed = await watchToast(watcher.page, LiveMessages.siteDeleted);
    const confirmed = await watchToast(deleter.page, WebsiteMessages.deleted);
    const confirmedAt = Date.now();
    await deleter.page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await confirmed.shown;
    note(
      'notice shown to the other user after the delete was confirmed',
      (await noticed.shown) - confirmedAt,
    );
    await expect(modalOf(watcher.page)).toHaveCount(0);
    // The list no longer shows it either.
    await expect(watcher.page.getByRole('cell', { name: site.domainName })).toHaveCount(0);
  } finally {
    await deleter.close();
    await watcher.close();
  }
});

test('a message shows in the other user’s Messages tab without a reload', async ({ browser, request }) => {
  const demoToken = await apiLogin(request, users.demo);
  const site = await newSite(request, baseUrl(), demoToken, 'live-message');
  const writer = await openAs(browser, users.demo, `/websites?site=${site.id}`);
  const reader = await openAs(browser, users.viewer, `/websites?site=${site.id}`);
  try {
    await modalOf(reader.page)
      .getByRole('tab', { name: /^Messages/ })
      .click();
    await expect(reader.page.getByTestId('comments-table')).toBeVisible();

    await modalOf(writer.page)
      .getByRole('tab', { name: /^Messages/ })
      .click();
    const text = `Is the broker's licence renewed? <b>${Date.now()}</b>`;
    await writer.page.getByRole('textbox', { name: 'Messages' }).fill(text);
    await writer.page.getByRole('button', { name: 'Send' }).click();
    await expect(writer.page.getByTestId('comments-table').getByText(text)).toBeVisible();
    const sentAt = Date.now();

    // Shown as the text it is, markup and all.
    await expect(reader.page.getByTestId('comments-table').getByText(text)).toBeVisible();
    note('message shown to the other user after it was sent', Date.now() - sentAt);
    // The viewer reads; they cannot write or delete.
    await expect(reader.page.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await expect(reader.page.getByRole('button', { name: /^Delete the message of/ })).toHaveCount(0);

    // The bell counts it too; the drawer lists it with a link to the site, and dismisses it.
    await reader.page.keyboard.press('Escape');
    const bell = reader.page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const drawer = reader.page.getByRole('dialog', { name: 'Notifications' });
    const row = drawer.getByTestId('notification-row').filter({ hasText: site.domainName }).first();
    await expect(row).toContainText('wrote on');
    const content = await row.getByRole('link').innerText();
    await row.getByRole('button', { name: /^Dismiss: / }).click();
    await expect(reader.page.getByText('Notification dismissed')).toBeVisible();
    await expect(drawer.getByTestId('notification-row').filter({ hasText: content })).toHaveCount(0);
  } finally {
    await writer.close();
    await reader.close();
  }
});

test('a save made from a stale copy is refused and offers to reload', async ({ browser, request }) => {
  const demoToken = await apiLogin(request, users.demo);
  const site = await newSite(request, baseUrl(), demoToken, 'live-stale');
  const editor = await openAs(browser, users.demo, `/websites?site=${site.id}`);
  try {
    const form = modalOf(editor.page);
    await form.getByLabel('DBA').fill('Made from the old copy');
    // Meanwhile the site is saved elsewhere (another tab of the same user: no live warning).
    await saveSite(request, baseUrl(), demoToken, site.id, { dba: 'Saved elsewhere' });
    await form.getByRole('button', { name: 'Save' }).click();
    const stale = editor.page.getByTestId('stale-alert');
    await expect(stale).toContainText(StaleMessages.website);
    await stale.getByRole('button', { name: StaleMessages.reload }).click();
    await expect(form.getByLabel('DBA')).toHaveValue('Saved elsewhere');
    await expect(stale).toHaveCount(0);
  } finally {
    await editor.close();
  }
});
