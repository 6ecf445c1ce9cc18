import { COLORBLIND_SCHEMES, contrastRatio, TEXT_CONTRAST } from '@vp/contract';
import { expect, test, type Page } from '@playwright/test';
import { AxeAudit } from '../support/axe.ts';
import { apiLogin, StorageKeys, useSession, users } from '../support/session.ts';

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test('the colour-blind scheme is applied and survives a reload', async ({ page, request }) => {
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible();
  expect(await cssVar(page, '--vp-success')).toBe('#52c41a');

  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await drawer.getByRole('combobox', { name: 'Colour-blind mode' }).click();
  // A click on an option while its list is still sliding open is lost: it is chosen once it is still.
  const ocean = page.getByTitle('Ocean Blue', { exact: true });
  await expect(page.locator('.ant-select-dropdown').filter({ has: ocean })).not.toHaveClass(
    /-(enter|appear)/,
  );
  await ocean.click();

  await expect.poll(() => cssVar(page, '--vp-success')).toBe('#2166ac');
  expect(await cssVar(page, '--vp-danger')).toBe('#b2182b');

  await page.reload();
  await expect(page.getByTestId('dashboard-vendor-name')).toBeVisible();
  await expect.poll(() => cssVar(page, '--vp-success')).toBe('#2166ac');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByText('Ocean Blue')).toBeVisible();
});

/** An rgb()/rgba() computed colour as #rrggbb (the figures and cards are opaque). */
function hex(rgb: string): string {
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map(Number);
  return `#${[r, g, b].map((c) => Math.round(c!).toString(16).padStart(2, '0')).join('')}`;
}

async function chooseScheme(page: Page, scheme: string | null): Promise<void> {
  await page.evaluate(
    ([key, value]) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value)),
    [StorageKeys.colorblind, scheme] as const,
  );
  await page.reload();
}

// Only the colours change from one scheme to the next, so each visit checks axe's contrast rule alone.
const CONTRAST = { rules: ['color-contrast'] };

test('every scheme keeps the dashboard figures readable (4.5:1 against their cards) and passes axe’s contrast rule on the dashboard and the status badges', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const audit = new AxeAudit('demo');
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/dashboard');
  for (const scheme of [null, ...COLORBLIND_SCHEMES]) {
    await chooseScheme(page, scheme);
    const cards = page.locator('.vp-figure');
    await expect(cards).toHaveCount(10);
    const shown = await cards.evaluateAll((els) =>
      els.map((card) => {
        const value = card.querySelector('.vp-dash-figure-value') ?? card;
        return {
          figure: card.getAttribute('data-testid'),
          text: getComputedStyle(value).color,
          card: getComputedStyle(card).backgroundColor,
        };
      }),
    );
    for (const { figure, text, card } of shown) {
      const ratio = contrastRatio(hex(text), hex(card));
      expect(ratio, `${scheme ?? 'Off'}: ${figure} ${text} on ${card}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    if (scheme) await audit.check(page, `/dashboard in ${scheme}`, CONTRAST);
  }

  await page.goto('/websites');
  const rows = page.getByTestId('websites-table').locator('tbody tr.ant-table-row');
  for (const scheme of COLORBLIND_SCHEMES) {
    await chooseScheme(page, scheme);
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    await audit.check(page, `/websites in ${scheme}`, CONTRAST);
  }
  await testInfo.attach('axe', {
    body: `${audit.summary()}\n\n${audit.details()}`,
    contentType: 'text/plain',
  });
  expect(audit.blocking(), 'serious or critical axe findings').toEqual([]);
});
