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
