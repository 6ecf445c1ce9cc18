import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../../apps/server/test/webhook-receiver.ts';
import { AxeAudit } from '../support/axe.ts';
import { apiCall } from '../support/live.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { basicAuth, useSession, users } from '../support/session.ts';

/**
 * A vendor's own systems, at a desktop's width and a phone's: the vendor makes an API key and an
 * endpoint on their screens, the key alone creates a website, the endpoint receives the event
 * signed with the secret the screen showed once, and the delivery log shows it delivered. A server
 * of its own sends to the HTTPS receiver this spec runs (its authority trusted, its host names
 * pointed at it).
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900, host: 'hooks-wide.test' },
  { name: 'phone', width: 390, height: 844, host: 'hooks-pocket.test' },
] as const;

let receiver: WebhookReceiver;
let server: OwnServer;
let demo: string;
let member: string;

test.beforeAll(async ({ request }) => {
  receiver = await startWebhookReceiver(WIDTHS.map((w) => w.host));
  server = await startOwnServer({ ...receiver.env, OUTBOUND_ALLOW_PRIVATE: '1' });
  const response = await request.post(`${server.baseUrl}/api/login`, {
    headers: { Authorization: basicAuth(users.demo) },
  });
  demo = ((await response.json()) as { token: string }).token;
  // An agent of a site the demo vendor already has: an agent may hold several sites.
  const { items } = await apiCall<{ items: { memberNumber: string; status: string }[] }>(
    request,
    server.baseUrl,
    demo,
    'GET',
    '/portal/websites?pageSize=20&status=Active',
  );
  member = items[0]!.memberNumber;
});
test.afterAll(async () => {
  await server?.dispose();
  await receiver?.close();
});

for (const w of WIDTHS) {
  test(`${w.name}: a key made on screen creates a site, and the endpoint made on screen receives it signed`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: w.width, height: w.height },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await useSession(page, demo);
    const noSideways = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const audit = new AxeAudit(`integrations ${w.width}`);

    // The key.
    await page.goto('/tools/api-keys');
    await page.getByRole('button', { name: 'Create key' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await audit.check(page, 'create key', { layers: true });
    await create.getByLabel('Name').fill(`Nightly sync ${w.name}`);
    await create.getByRole('checkbox', { name: /^Websites/ }).check();
    await create.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('api-key-secret').textContent())!.trim();
    expect(secret).toMatch(/^vpk_[0-9A-Za-z]{32}$/);
    await noSideways();
    await page.screenshot({ path: test.info().outputPath(`key-secret-${w.width}.png`) });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('api-key-secret')).toHaveCount(0);
    await expect(page.getByText(`Nightly sync ${w.name}`).first()).toBeVisible();
    await noSideways();
    await audit.check(page, 'keys');
    await page.screenshot({ path: test.info().outputPath(`keys-${w.width}.png`), fullPage: true });

    // The endpoint.
    await page.goto('/tools/webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await drawer.getByLabel('Address (URL)').fill(`https://${w.host}/in`);
    await drawer.getByRole('checkbox', { name: 'website.created' }).check();
    await drawer.getByRole('button', { name: 'Add endpoint' }).click();
    const hookSecret = await page.getByTestId('webhook-secret').inputValue();
    expect(hookSecret).toMatch(/^whsec_/);
    await noSideways();
    await page.screenshot({ path: test.info().outputPath(`webhook-secret-${w.width}.png`) });
    await page.getByRole('button', { name: 'Done' }).click();
    await audit.check(page, 'endpoints');
    await page.screenshot({ path: test.info().outputPath(`endpoints-${w.width}.png`), fullPage: true });

    // The key alone creates a site; the endpoint hears of it, signed.
    const domain = `${w.name}-${Date.now()}.example.com`;
    const made = await request.post(`${server.baseUrl}/api/portal/websites`, {
      headers: { Authorization: `Bearer ${secret}` },
      data: { domainName: domain, memberNumber: member, products: [1] },
    });
    expect(made.status(), await made.text()).toBe(201);
    await expect
      .poll(() => receiver.received.filter((r) => r.host === w.host).length, { timeout: 15_000 })
      .toBe(1);
    const got = receiver.received.find((r) => r.host === w.host)!;
    const event = new Webhook(hookSecret).verify(got.body, got.headers) as {
      type: string;
      data: { website: { domainName: string }; change: { by: { firstName: string; lastName: string } } };
    };
    expect(event.type).toBe('website.created');
    expect(event.data.website.domainName).toBe(domain);
    expect(`${event.data.change.by.firstName} ${event.data.change.by.lastName}`).toBe(
      `API key Nightly sync ${w.name}, created by Dana Whitfield`,
    );

    // The delivery log shows it delivered, with the receiver's answer.
    await page
      .getByRole('link', { name: /Delivery log/ })
      .first()
      .click();
    await expect(page.getByText('Delivered').first()).toBeVisible({ timeout: 15_000 });
    await noSideways();
    await page.screenshot({ path: test.info().outputPath(`delivery-log-${w.width}.png`) });
    await audit.check(page, 'delivery log');
    expect(audit.blocking(), `serious or critical axe findings\n${audit.details()}`).toEqual([]);

    // The key's list says where it was last used from.
    await page.goto('/tools/api-keys');
    await expect(page.getByText('127.0.0.1').first()).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
}
