import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseUrl } from '../support/server.ts';
import { apiLogin, useSession, users } from '../support/session.ts';

/**
 * The website modal by keyboard (focus in, kept inside, given back; Escape asks before unsaved
 * edits go; the title cannot be dragged away) and on a phone (full screen, tabs on top, dates and
 * inputs that fit a finger and do not make iOS zoom, the History drawer full width).
 */

test.describe.configure({ timeout: 60_000 });
// Focus is given and given back around the dialog's opening and closing animations, as most users
// see them.
test.use({ reducedMotion: 'no-preference' });

const websiteModal = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });
const discardDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Discard changes?' });
const PAGE_LOAD = { timeout: 15_000 };

async function activeSiteId(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get(`${baseUrl()}/api/portal/websites?pageSize=20&status=Active`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { items } = (await response.json()) as { items: { rowKey: number }[] };
  return items[0]!.rowKey;
}

/** True when the focused element is inside the website modal; otherwise what has focus. */
function focusInModal(page: Page): Promise<string | true> {
  return page.evaluate(() => {
    const dialog = [...document.querySelectorAll('[role="dialog"]')].find((d) =>
      d.querySelector('.vp-website-tabs'),
    );
    const el = document.activeElement;
    if (dialog && dialog.contains(el)) return true;
    return `${el?.tagName}.${el?.className} ${el?.getAttribute('aria-label') ?? ''} ${el?.textContent?.slice(0, 40) ?? ''}`;
  });
}

test.describe('at 1440×900, by keyboard', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the modal opens on its first field, keeps focus inside, asks on Escape and gives focus back', async ({
    page,
    request,
  }) => {
    await useSession(page, await apiLogin(request, users.demo));
    await page.goto('/websites');
    const opener = page.getByRole('button', { name: 'New Website' });
    await expect(opener).toBeVisible(PAGE_LOAD);
    await opener.focus();
    await page.keyboard.press('Enter');

    const modal = websiteModal(page);
    const domain = modal.getByPlaceholder('www.example.com');
    await expect(domain).toBeFocused(PAGE_LOAD);
    await page.keyboard.type('keyboard-walk.example.com');

    // Tab and Shift+Tab go round the modal's own controls, never to the page behind it.
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInModal(page), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInModal(page), `Shift+Tab ${i + 1}`).toBe(true);
    }

    // Escape with an unsaved domain asks; Keep editing keeps it.
    await page.keyboard.press('Escape');
    await expect(discardDialog(page)).toBeVisible();
    await discardDialog(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(discardDialog(page)).toBeHidden();
    await expect(domain).toHaveValue('keyboard-walk.example.com');

    // Asked again, and this time discarded: the modal goes and focus is back on New Website.
    await domain.focus();
    await page.keyboard.press('Escape');
    await expect(discardDialog(page)).toBeVisible();
    await discardDialog(page).getByRole('button', { name: 'Discard changes' }).click();
    await expect(modal).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the title cannot be dragged off screen, and the Domain Change Request's labels are its own", async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, users.demo);
    await useSession(page, token);
    await page.goto(`/websites?site=${await activeSiteId(request, token)}`);
    const modal = websiteModal(page);
    await expect(modal.getByTestId('agent-broker-table')).toContainText(/\d/, PAGE_LOAD);
    await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(1100);

    const handle = modal.getByTestId('modal-drag-handle');
    for (const [dx, dy] of [
      [-2000, -2000],
      [2000, 2000],
    ] as const) {
      const box = (await handle.boundingBox())!;
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 40 + dx, box.y + box.height / 2 + dy, { steps: 10 });
      await page.mouse.up();
      const moved = (await handle.boundingBox())!;
      expect(moved.x).toBeGreaterThanOrEqual(0);
      expect(moved.y).toBeGreaterThanOrEqual(0);
      expect(moved.x + moved.width).toBeLessThanOrEqual(1440);
      expect(moved.y + moved.height).toBeLessThanOrEqual(900);
    }

    await modal.getByRole('button', { name: 'Domain Change Request' }).click();
    const request_ = page.getByRole('dialog', { name: 'Domain Change Request' });
    await expect(request_).toBeVisible();
    // It opens on the field it is for, not on its close button.
    await expect(request_.getByPlaceholder('www.example.com')).toBeFocused();
    // Clicking a label focuses its own field, inside the dialog.
    await request_.getByText('New domain', { exact: true }).click();
    await expect(request_.getByPlaceholder('www.example.com')).toBeFocused();
    await request_.getByText('Reason', { exact: true }).click();
    await expect(request_.getByRole('textbox', { name: 'Reason' })).toBeFocused();
    const duplicates = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    expect(duplicates).toEqual([]);
  });
});

test.describe('at 390×844, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the modal fills the screen with its tabs on top; its inputs and dates fit', async ({
    page,
    request,
  }) => {
    await useSession(page, await apiLogin(request, users.demo));
    await page.goto('/websites');
    await page.getByRole('button', { name: 'New Website' }).click({ timeout: PAGE_LOAD.timeout });
    const modal = websiteModal(page);
    await expect(modal.getByPlaceholder('www.example.com')).toBeVisible();
    await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(390);
    const box = (await modal.boundingBox())!;
    expect(Math.round(box.x)).toBe(0);
    expect(Math.round(box.y)).toBe(0);

    // Tabs on top: the Website tab sits above the Domain field, not beside it.
    const tab = (await modal.getByRole('tab', { name: 'Website' }).boundingBox())!;
    const domain = (await modal.getByPlaceholder('www.example.com').boundingBox())!;
    expect(tab.y + tab.height).toBeLessThanOrEqual(domain.y);

    // Every form input is at least 40 px tall, with 16 px text; the dates show whole.
    const fields = await modal.evaluate((dialog) =>
      [
        ...dialog.querySelectorAll<HTMLInputElement>(
          '.vp-website-tabs input:not([type="checkbox"]), .vp-website-tabs textarea',
        ),
      ]
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => {
          const control = el.closest('.ant-select, .ant-picker, .ant-input-affix-wrapper') ?? el;
          const r = control.getBoundingClientRect();
          return {
            label: el.getAttribute('aria-label') ?? el.id,
            height: r.height,
            right: r.right,
            fontSize: getComputedStyle(el).fontSize,
            clipped: el.scrollWidth > el.clientWidth + 1,
          };
        }),
    );
    expect(fields.length).toBeGreaterThanOrEqual(6);
    for (const f of fields) {
      expect(f.height, f.label).toBeGreaterThanOrEqual(40);
      expect(f.fontSize, f.label).toBe('16px');
      expect(f.right, f.label).toBeLessThanOrEqual(390);
    }
    for (const label of ['Start Date']) {
      expect(fields.find((f) => f.label === label)?.clipped, label).toBe(false);
    }
  });

  test("the profile's inputs are 40 px tall with 16 px text", async ({ page, request }) => {
    await useSession(page, await apiLogin(request, users.demo));
    await page.goto('/profile');
    await expect(page.getByLabel('First name')).toBeVisible(PAGE_LOAD);
    const fields = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('form input')].map((el) => {
        const box = (el.closest('.ant-input-affix-wrapper') ?? el).getBoundingClientRect();
        return { label: el.id, height: box.height, fontSize: getComputedStyle(el).fontSize };
      }),
    );
    expect(fields.length).toBeGreaterThanOrEqual(6);
    for (const f of fields) {
      expect(f.height, f.label).toBeGreaterThanOrEqual(40);
      expect(f.fontSize, f.label).toBe('16px');
    }
  });

  test('the History drawer is full width', async ({ page, request }) => {
    const token = await apiLogin(request, users.demo);
    await useSession(page, token);
    await page.goto(`/websites?site=${await activeSiteId(request, token)}`);
    const modal = websiteModal(page);
    await expect(modal.getByTestId('agent-broker-table')).toContainText(/\d/, PAGE_LOAD);
    await modal.getByRole('button', { name: 'History' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: 'History' });
    await expect(drawer).toBeVisible();
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(390);
  });
});
