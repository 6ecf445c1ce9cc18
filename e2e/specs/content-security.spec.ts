import { expect, test } from '@playwright/test';
import { apiLogin, useSession, users } from '../support/session.ts';

// The app loads in steps (the light login page first, the shell later); whatever loads first, no
// code may trip the Content-Security-Policy (zod, for one, probes for eval unless told not to).
test('the login page and the signed-in pages load without a Content-Security-Policy violation', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await violations()).toEqual([]);

  await useSession(page, await apiLogin(request, users.demo));
  for (const path of ['/profile', '/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});
