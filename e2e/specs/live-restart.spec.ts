import { expect, test } from '@playwright/test';
import { liveSubscribed, newSite } from '../support/live.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { useSession, users } from '../support/session.ts';

/**
 * The server restarts under two open portals: both come back on their own (5 s after the close)
 * and catch up on what changed meanwhile, without a reload. A server of its own, so the suite's
 * shared one never stops.
 */
test.describe.configure({ timeout: 120_000 });

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer();
});
test.afterAll(async () => {
  await server?.dispose();
});

test('after a restart both portals reconnect and show what changed', async ({ browser, request }) => {
  const login = async (username: string, password: string) => {
    const response = await request.post(`${server.baseUrl}/api/login`, {
      headers: { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { token: string }).token;
  };
  const demo = await login(users.demo.username, users.demo.password);
  const viewer = await login(users.viewer.username, users.viewer.password);
  const prefix = `restart${Date.now().toString(36)}`;
  const site = await newSite(request, server.baseUrl, demo, `${prefix}-one`);

  const pages = [];
  for (const token of [demo, viewer]) {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    await useSession(page, token);
    const subscribed = liveSubscribed(page);
    await page.goto(`/websites?search=${prefix}`);
    await subscribed;
    await expect(page.getByRole('cell', { name: site.domainName, exact: true })).toBeVisible();
    pages.push({ page, context });
  }

  await server.stop();
  await server.start();
  // A website added after the restart, before the portals are back.
  const added = await newSite(request, server.baseUrl, demo, `${prefix}-two`);

  for (const { page } of pages) {
    // Back after the reconnect delay; the refetch then shows the new site in the list.
    await expect(page.getByRole('cell', { name: added.domainName, exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('cell', { name: site.domainName, exact: true })).toBeVisible();
  }
  for (const { context } of pages) await context.close();
});
