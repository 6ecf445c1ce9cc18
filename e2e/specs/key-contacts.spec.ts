import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pickOption } from '../support/antd.ts';
import { AxeAudit, axeBuilder, WCAG_TAGS } from '../support/axe.ts';
import { apiCall } from '../support/live.ts';
import { baseUrl } from '../support/server.ts';
import { apiLogin, useSession, users } from '../support/session.ts';

/**
 * Key Contacts: the demo vendor has no Technical contact, so its dashboard names the missing type;
 * adding one on /team clears the warning. The read-only role sees the contacts without the
 * controls. The contact added here is deleted again, so other specs find the seeded contacts.
 */
test.describe.configure({ timeout: 60_000 });

const LOAD = { timeout: 20_000 };

interface Contact {
  id: number;
  firstName: string;
}

async function removeAdded(request: APIRequestContext, token: string): Promise<void> {
  const list = await apiCall<Contact[]>(request, baseUrl(), token, 'GET', '/portal/contacts');
  for (const c of list.filter((x) => x.firstName === 'Jordan'))
    await apiCall(request, baseUrl(), token, 'DELETE', `/contacts/${c.id}`);
}

const missingCard = (page: Page) => page.getByTestId('dashboard-card-missingContacts');
/** The vendor card's "Technical contact" line on the dashboard. */
const technicalLine = (page: Page) =>
  page.locator('.vp-dash-detail').filter({ hasText: 'Technical contact' }).locator('dd');

test('as demo: the dashboard names the missing Technical contact, and adding one on /team clears it', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  await removeAdded(request, token);
  await useSession(page, token);
  try {
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-detail-missingContacts')).toHaveText(
      'Missing key contacts: Technical',
      LOAD,
    );
    // One source: with no Technical key contact, none is named beside the warning.
    await expect(technicalLine(page)).toHaveText('N/A');
    await missingCard(page).click();
    await expect(page).toHaveURL(/\/team$/);
    const table = page.getByTestId('contacts-table');
    await expect(table.getByText('Renee Castillo')).toBeVisible(LOAD);
    await expect(page.getByTestId('contacts-missing')).toContainText('Technical');

    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await expect(dialog).toBeVisible();
    await pickOption(page, dialog.getByLabel('Contact types'), 'Technical');
    await dialog.getByLabel('First name').fill('Jordan');
    await dialog.getByLabel('Last name').fill('Reyes');
    await dialog.getByLabel('Title').fill('Lead Developer');
    await dialog.getByLabel('Email').fill('jordan.reyes@');
    await dialog.getByLabel('Phone').fill('303 555 01');
    await dialog.getByLabel('Phone').blur();
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(dialog.getByText(/Please enter a valid phone number/)).toBeVisible();
    await dialog.getByLabel('Email').fill('jordan.reyes@summitweb.example');
    await dialog.getByLabel('Phone').fill('303.555.0188');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await expect(dialog).toBeHidden(LOAD);

    const row = table.getByRole('row', { name: /Jordan Reyes/ });
    await expect(row).toContainText('(303) 555-0188', LOAD);
    await expect(row.getByRole('link', { name: 'jordan.reyes@summitweb.example' })).toHaveAttribute(
      'href',
      'mailto:jordan.reyes@summitweb.example',
    );
    await expect(page.getByTestId('contacts-missing')).toHaveCount(0, LOAD);

    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-detail-missingContacts')).toHaveText(
      'Every required type has a contact',
      LOAD,
    );
    await expect(technicalLine(page)).toHaveText('Jordan Reyes <jordan.reyes@summitweb.example>');

    // Deleting asks first; the warning comes back.
    await page.goto('/team');
    await page.getByRole('button', { name: 'Delete: Jordan Reyes' }).click();
    const confirm = page.locator('.ant-popover').filter({ hasText: 'Delete this contact?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('contacts-table').getByText('Jordan Reyes')).toHaveCount(0, LOAD);
    await expect(page.getByTestId('contacts-missing')).toContainText('Technical', LOAD);
  } finally {
    await removeAdded(request, token);
  }
});

test('as viewer: the contacts show without add, edit or delete', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.viewer));
  await page.goto('/team');
  await expect(page.getByTestId('contacts-table').getByText('Renee Castillo')).toBeVisible(LOAD);
  await expect(page.getByRole('button', { name: 'Add contact' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);
});

test('at 1440 px axe finds nothing serious on the table or the dialog', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/team');
  await expect(page.getByText('Renee Castillo')).toBeVisible(LOAD);
  const audit = new AxeAudit('key contacts 1440');
  await audit.check(page, 'table');
  await page.getByRole('button', { name: 'Add contact' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Add contact' })).toBeVisible();
  await audit.check(page, 'dialog');
  expect(audit.blocking(), audit.details()).toEqual([]);
});

test('at 390 px the page fits the phone and its content has no serious axe finding', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/team');
  await expect(page.getByText('Renee Castillo')).toBeVisible(LOAD);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The page's own content; the closed phone sidebar of the layout is audited with the layout.
  const { violations } = await axeBuilder(page)
    .withTags(WCAG_TAGS)
    .exclude('[data-testid="sidebar"]')
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.getByRole('button', { name: 'Add contact' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add contact' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
