import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of an antd Select and waits until the select shows it. A click that lands while
 * the dropdown is still sliding in can miss, so the whole pick is retried until it took.
 */
export async function pickOption(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  const select = combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(async () => {
    const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    if ((await open.count()) === 0) await combobox.click();
    await open
      .locator('.ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 2_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
