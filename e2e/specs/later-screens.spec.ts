import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { AxeAudit } from '../support/axe.ts';
import { apiLogin, useSession, users, type User } from '../support/session.ts';

/**
 * The vendor portal's later screens (Key Contacts, Resources, Data Feeds, Import Websites, the
 * profile picture) for each role at desktop and phone width: each page's heading shows, the
 * keyboard reaches its first control with a visible focus ring, and axe finds nothing serious.
 */
test.describe.configure({ timeout: 150_000 });

const PAGE_LOAD = { timeout: 20_000 };
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const SCREENS: Record<'demo' | 'viewer' | 'admin', string[]> = {
  demo: ['/team', '/resources', '/tools/consumers', '/tools/import-websites', '/profile'],
  viewer: ['/team', '/resources', '/tools/consumers', '/profile'],
  admin: ['/team', '/resources', '/tools/import-websites'],
};

/** Tabs from the top of the page until focus lands inside the page's own content. */
async function tabIntoContent(page: Page, where: string): Promise<void> {
  // A page with nothing to operate (a read-only table) has no stop of its own to reach.
  const operable = await page
    .locator('#main')
    .locator('a[href], button:not([disabled]), input:not([disabled]), textarea, [tabindex="0"]')
    .count();
  if (operable === 0) return;
  await page.locator('body').focus();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return (
        !!el && !!el.closest('main, .vp-main, .ant-layout-content') && el.getBoundingClientRect().width > 0
      );
    });
    if (inside) {
      // The ring may be drawn by the control's wrapper (antd's inputs and selects).
      const ring = await page.evaluate(() => {
        let el = document.activeElement as Element | null;
        for (let i = 0; el && i < 4; i++, el = el.parentElement) {
          const s = getComputedStyle(el);
          if ((s.outlineStyle !== 'none' && s.outlineWidth !== '0px') || s.boxShadow !== 'none') return '';
        }
        return (document.activeElement as Element).outerHTML.slice(0, 200);
      });
      expect(ring, `the focused control shows where focus is (${where})`).toBe('');
      return;
    }
  }
  throw new Error(`the keyboard never reached the content of ${where}`);
}

async function walk(page: Page, role: keyof typeof SCREENS, user: User, testInfo: TestInfo) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const audit = new AxeAudit(`${role} ${size.name}`);
    for (const path of SCREENS[role]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(PAGE_LOAD);
      await page.waitForLoadState('networkidle');
      await tabIntoContent(page, `${path} at ${size.width} px`);
      await audit.check(page, path);
    }
    await testInfo.attach(`axe ${role} ${size.name}`, {
      body: `${audit.summary()}\n\n${audit.details()}`,
      contentType: 'text/plain',
    });
    expect(audit.blocking(), `serious or critical axe findings (${role}, ${size.name})`).toEqual([]);
  }
  void user;
}

for (const role of ['demo', 'viewer', 'admin'] as const) {
  test(`the later screens as ${role}, at desktop and phone width`, async ({ page, request }, testInfo) => {
    await useSession(page, await apiLogin(request, users[role]));
    await walk(page, role, users[role], testInfo);
  });
}

test('at 1440 px the billable report shows the latest month beside its pinned total, the earlier ones a scroll away', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useSession(page, await apiLogin(request, users.admin));
  await page.goto('/admin/reports');
  const table = page.getByTestId('billable-table');
  const headers = table.locator('thead th');
  await expect(headers.last()).toHaveText('Site-months', PAGE_LOAD);
  const latest = headers.nth((await headers.count()) - 2);
  // Neither pinned column covers the latest month.
  const box = async (h: typeof latest) => {
    const b = await h.boundingBox();
    if (!b) throw new Error('a header cell has no box');
    return b;
  };
  const [month, total, vendor] = [await box(latest), await box(headers.last()), await box(headers.first())];
  expect(month.x + month.width).toBeLessThanOrEqual(total.x + 1);
  expect(month.x).toBeGreaterThanOrEqual(vendor.x + vendor.width - 1);
  // The box scrolls sideways, and the keyboard can reach it.
  const region = table.getByRole('region', { name: 'Billable sites per vendor, by month' });
  const scroll = await region.evaluate((el) => ({
    left: el.scrollLeft,
    max: el.scrollWidth - el.clientWidth,
  }));
  expect(scroll.max).toBeGreaterThan(0);
  expect(scroll.left).toBeGreaterThanOrEqual(scroll.max - 1);
  await region.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeLessThan(scroll.left);
});
