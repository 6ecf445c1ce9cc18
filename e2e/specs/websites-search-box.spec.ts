import { expect, test, type Locator } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

/** The websites search says what it searches, whole, on a desktop and on a phone. */

/** How much wider the placeholder's text is than the room the input gives it (≤ 0: it fits). */
function placeholderOverflow(box: Locator): Promise<number> {
  return box.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(el.placeholder).width - room;
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the search placeholder shows whole at ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    await useSession(page, await apiLogin(request, users.demo));
    await page.goto('/websites');

    const box = page.getByRole('textbox', { name: 'Search websites' });
    await expect(box).toBeVisible();
    await expect(box).toHaveAttribute('placeholder', /\S/);
    expect(await placeholderOverflow(box)).toBeLessThanOrEqual(0);
  });
}

test('typing at 150, 250 and 350 ms a key keeps every letter while the searches land', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useSession(page, await apiLogin(request, users.demo));
  await page.goto('/websites');
  const box = page.getByRole('textbox', { name: 'Search websites' });
  await expect(page.getByTestId('websites-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  for (const delay of [150, 250, 350]) {
    await box.fill('');
    await expect(page).not.toHaveURL(/search=/);
    // A hesitation after the third letter lets a search go out and land while typing goes on.
    await box.pressSequentially('how', { delay });
    await page.waitForTimeout(400);
    await box.pressSequentially('ard', { delay });
    await expect(box).toHaveValue('howard');
    await expect(page).toHaveURL(/search=howard/);
    await expect(box).toHaveValue('howard');
  }
});
