import { expect, type Page } from '@playwright/test';

/**
 * Starts noting, inside the page, whether a toast with `text` has shown: a toast lasts two seconds,
 * which a busy machine can let pass between two looks from outside. `shown` resolves once the page
 * has noted it (or rejects after `timeoutMs`), with when that was.
 */
export async function watchToast(
  page: Page,
  text: string,
  timeoutMs = 15_000,
): Promise<{ shown: Promise<number> }> {
  const key = `toast:${text}`;
  await page.evaluate(
    ([key, text]) => {
      const found = () =>
        [...document.querySelectorAll('.ant-message')].some((el) => el.textContent?.includes(text));
      const seen = window as unknown as Record<string, number>;
      if (found()) seen[key] = Date.now();
      const observer = new MutationObserver(() => {
        if (seen[key] === undefined && found()) {
          seen[key] = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    [key, text] as const,
  );
  const noted = () => page.evaluate((key) => (window as unknown as Record<string, number>)[key], key);
  const shown = expect
    .poll(noted, { timeout: timeoutMs })
    .toBeDefined()
    .then(async () => (await noted())!);
  // Awaited by the test later; a rejection before then is not an unhandled one.
  shown.catch(() => undefined);
  return { shown };
}

/**
 * Runs `action` and expects the toast `text` to show because of it: watched for inside the page
 * from before the action, so a two-second toast cannot come and go between two looks.
 */
export async function expectToastFrom(
  page: Page,
  text: string,
  action: () => Promise<unknown>,
): Promise<void> {
  const toast = await watchToast(page, text);
  await action();
  await toast.shown;
}
