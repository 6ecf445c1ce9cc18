import { SigningLinkMessages, VerifyMessages, type SigningView } from '@vp/contract';
import { expect, test, type Locator, type Page, type Request, type TestInfo } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { AxeAudit } from '../support/axe.ts';
import { apiLogin, useSession, users } from '../support/session.ts';

/**
 * The public signing page and Verify in Chromium, at a phone's and a desktop's width: every state a
 * link can be in, the document drawn by pdf.js, keyboard-only signing, drawing with the mouse, and
 * axe on each screen. The signing calls are answered here (page.route) with the contract's shapes,
 * so these screens are pinned whatever state the demo data is in; saf-modal.spec.ts walks
 * the same page against the real server.
 */

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

const TOKEN = 'e2e-Token_123';

const VIEW: SigningView = {
  documentLabel: 'Site Access Form',
  domainName: 'peaks-realty.example',
  vendorName: 'Summit Web Solutions',
  signatory: 'Broker',
  name: 'Dana Ortiz',
  email: 'dana@peaks.example',
  consented: false,
  expiresAt: '2026-12-07T10:00:00.000Z',
  others: [{ signatory: 'Agent', name: 'Lee Park', signed: false }],
};

async function samplePdf(pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const heading of ['Site Access Form', 'Terms of access'].slice(0, pages)) {
    const page = doc.addPage([612, 792]);
    page.drawText(heading, { x: 72, y: 700, size: 24, font });
    page.drawText('Website: peaks-realty.example', { x: 72, y: 660, size: 12, font });
  }
  return Buffer.from(await doc.save());
}

interface Stub {
  posts: { path: string; body: unknown }[];
}

/** Answers the signing link's calls the way the server does for a valid link. */
async function stubValidLink(
  page: Page,
  view: SigningView = VIEW,
  /** Holds the document back until this resolves, as a slow network would. */
  documentGate?: Promise<void>,
  pages = 2,
): Promise<Stub> {
  const pdf = await samplePdf(pages);
  const stub: Stub = { posts: [] };
  await page.route(`**/api/sign/${TOKEN}**`, async (route) => {
    const request: Request = route.request();
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && path === `/api/sign/${TOKEN}/document`) {
      await documentGate;
      await route.fulfill({ status: 200, contentType: 'application/pdf', body: pdf });
      return;
    }
    if (request.method() === 'GET') {
      await route.fulfill({ status: 200, json: view });
      return;
    }
    stub.posts.push({ path, body: request.postDataJSON() as unknown });
    if (path.endsWith('/consent')) await route.fulfill({ status: 200, json: { message: 'ok' } });
    else if (path.endsWith('/decline'))
      await route.fulfill({ status: 200, json: { message: SigningLinkMessages.declinedDone } });
    else
      await route.fulfill({ status: 200, json: { message: SigningLinkMessages.signed, completed: false } });
  });
  return stub;
}

/** Presses Tab until the control has focus: proves it is reachable from the keyboard, in order. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Console messages that show the Content-Security-Policy refused something. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) found.push(message.text());
  });
  return found;
}

async function finish(audit: AxeAudit, testInfo: TestInfo): Promise<void> {
  const summary = audit.summary();
  const details = audit.details();
  await testInfo.attach('axe', { body: `${summary}\n\n${details}`, contentType: 'text/plain' });
  expect(audit.blocking(), 'serious or critical axe findings').toEqual([]);
}

const REFUSALS = [
  { status: 404, message: SigningLinkMessages.invalid, title: 'This signing link does not work' },
  { status: 410, message: SigningLinkMessages.expired, title: 'This signing link has expired' },
  { status: 410, message: SigningLinkMessages.used, title: 'Already signed' },
  { status: 410, message: SigningLinkMessages.declined, title: 'You declined to sign' },
  { status: 410, message: SigningLinkMessages.voided, title: 'This document was withdrawn' },
  { status: 410, message: SigningLinkMessages.completed, title: 'Signed by everyone' },
];

for (const width of WIDTHS) {
  test.describe(`at ${width.viewport.width} px (${width.name})`, () => {
    test.use({ viewport: width.viewport });

    test('a link that cannot be used gets a page that says why and what to do', async ({
      page,
    }, testInfo) => {
      const audit = new AxeAudit(`sign ${width.name}`);
      for (const refusal of REFUSALS) {
        await page.unrouteAll();
        await page.route(`**/api/sign/${TOKEN}`, (route) =>
          route.fulfill({ status: refusal.status, json: { code: refusal.status, message: refusal.message } }),
        );
        await page.goto(`/sign/${TOKEN}`);
        await expect(page.getByRole('heading', { level: 1, name: refusal.title })).toBeVisible();
        await expect(page.getByRole('alert')).toHaveText(refusal.message);
        await expect(page.getByRole('button', { name: 'Sign the document' })).toHaveCount(0);
        await expect(page).toHaveTitle(/^Sign Document/);
        // Nothing spills sideways on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width.viewport.width,
        );
        await audit.check(page, refusal.title);
      }
      await finish(audit, testInfo);
    });

    test('the document renders, and the form is signed with the keyboard alone', async ({
      page,
    }, testInfo) => {
      const csp = cspViolations(page);
      const stub = await stubValidLink(page);
      await page.goto(`/sign/${TOKEN}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign the Site Access Form' })).toBeVisible();

      // pdf.js draws each page into its canvas and lays its words over it.
      const first = page.getByRole('group', { name: 'Site Access Form, page 1 of 2' });
      await expect(first).toHaveAttribute('data-rendered', 'true', { timeout: 15_000 });
      await expect(first.locator('.textLayer')).toContainText('Website: peaks-realty.example');
      const box = await first.locator('canvas').boundingBox();
      expect(box!.width).toBeLessThanOrEqual(width.viewport.width);
      expect(box!.width).toBeGreaterThan(Math.min(300, width.viewport.width - 80));
      await first.scrollIntoViewIfNeeded();
      await page.getByRole('group', { name: 'Site Access Form, page 2 of 2' }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('group', { name: 'Site Access Form, page 2 of 2' })).toHaveAttribute(
        'data-rendered',
        'true',
      );
      await expect(page.getByRole('link', { name: 'Open or download the PDF' })).toHaveAttribute(
        'href',
        `/api/sign/${TOKEN}/document`,
      );

      const audit = new AxeAudit(`sign ${width.name}`);
      await audit.check(page, 'form');

      // Keyboard only: consent, name, the typed signature, sign.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const consent = page.getByRole('checkbox', { name: /I agree to sign this document electronically/ });
      await tabTo(page, consent);
      await page.keyboard.press('Space');
      await expect(consent).toBeChecked();
      const name = page.getByLabel('Full name');
      await tabTo(page, name);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Dana M. Ortiz');
      await tabTo(page, page.getByRole('button', { name: 'Type my signature instead' }));
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('typed-signature')).toHaveText('Dana M. Ortiz');
      await audit.check(page, 'typed signature');
      await tabTo(page, page.getByRole('button', { name: 'Sign the document' }));
      await page.keyboard.press('Enter');

      await expect(page.getByRole('heading', { level: 1, name: 'Signed' })).toBeFocused();
      await expect(page.getByRole('status')).toHaveText(SigningLinkMessages.signed);
      expect(stub.posts).toEqual([
        { path: `/api/sign/${TOKEN}/consent`, body: { consent: true } },
        { path: `/api/sign/${TOKEN}`, body: { fullName: 'Dana M. Ortiz', signature: { kind: 'typed' } } },
      ]);
      await audit.check(page, 'signed');
      await finish(audit, testInfo);
      expect(csp, 'Content-Security-Policy refusals').toEqual([]);
    });

    test('a signature drawn with the mouse is sent as a PNG; Clear starts over', async ({ page }) => {
      const stub = await stubValidLink(page, { ...VIEW, consented: true });
      await page.goto(`/sign/${TOKEN}`);
      // The pages above the pad are drawn first, so the pad stays where it is measured.
      await expect(page.getByRole('group', { name: 'Site Access Form, page 1 of 2' })).toHaveAttribute(
        'data-rendered',
        'true',
        { timeout: 15_000 },
      );
      const pad = page.getByTestId('signature-pad');

      async function scribble() {
        await pad.scrollIntoViewIfNeeded();
        const box = (await pad.boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(width.viewport.width);
        await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
        await page.mouse.down();
        for (let i = 1; i <= 12; i += 1)
          await page.mouse.move(
            box.x + 20 + i * ((box.width - 60) / 12),
            box.y + box.height * (i % 2 ? 0.3 : 0.7),
            { steps: 3 },
          );
        await page.mouse.up();
      }

      await scribble();
      const clear = page.getByRole('button', { name: 'Clear' });
      await expect(clear).toBeEnabled();
      await clear.click();
      await expect(clear).toBeDisabled();
      await page.getByRole('button', { name: 'Sign the document' }).click();
      await expect(page.getByRole('alert')).toHaveText(SigningLinkMessages.signatureRequired);

      await scribble();
      await page.getByRole('button', { name: 'Sign the document' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Signed' })).toBeVisible();
      const sent = stub.posts.at(-1)!;
      expect(sent.path).toBe(`/api/sign/${TOKEN}`);
      const body = sent.body as { fullName: string; signature: { kind: string; image: string } };
      expect(body.fullName).toBe('Dana Ortiz');
      expect(body.signature.kind).toBe('drawn');
      expect(body.signature.image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      // A drawing of a few strokes, not an empty canvas.
      expect(body.signature.image.length).toBeGreaterThan(1500);
    });

    test('the page does not move when the document arrives, and the document opens full screen', async ({
      page,
    }, testInfo) => {
      // Every layout shift the browser reports, from the first paint on.
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!e.hadRecentInput) w.shifts.push(e.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // A one-page form, as a Site Access Form is: the space held is the space it takes.
      await stubValidLink(
        page,
        { ...VIEW, documentLabel: 'Site Access Form - peaks-realty.example.pdf' },
        gate,
        1,
      );
      await page.goto(`/sign/${TOKEN}`);
      const heading = page.getByRole('heading', {
        level: 1,
        name: 'Sign the Site Access Form - peaks-realty.example',
      });
      await expect(heading).toBeVisible();
      // While the document is on its way, its place is held: the form below stays put.
      await expect(page.getByText('Loading the document…')).toBeVisible();
      const signHeading = page.getByRole('heading', { level: 2, name: 'Sign', exact: true });
      const top = () => signHeading.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      const before = await top();
      release();
      const first = page.getByRole('group', {
        name: 'Site Access Form - peaks-realty.example, page 1 of 1',
      });
      await expect(first).toHaveAttribute('data-rendered', 'true', { timeout: 15_000 });
      expect(Math.abs((await top()) - before)).toBeLessThan(2);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      const total = shifts.reduce((a, b) => a + b, 0);
      // Google's "good" cumulative layout shift is under 0.1; the page holds none worth the name.
      expect(total, `layout shifts ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
      await page.screenshot({ path: testInfo.outputPath(`sign-${width.name}.png`), fullPage: true });

      // Full screen: the page at paper width, to read or zoom into on a phone; Escape closes it.
      const open = page.getByRole('button', { name: 'View full screen' });
      await open.click();
      const full = page.getByRole('dialog', { name: 'Site Access Form - peaks-realty.example, full screen' });
      const bigPage = full.getByRole('group', { name: /page 1 of 1$/ });
      await expect(bigPage).toHaveAttribute('data-rendered', 'true', { timeout: 15_000 });
      const box = (await full.boundingBox())!;
      expect(box.width).toBe(width.viewport.width);
      expect(box.height).toBe(width.viewport.height);
      // 10 pt text reads at about 13 px, as on a printed page.
      expect((await bigPage.locator('canvas').boundingBox())!.width).toBeGreaterThanOrEqual(816);
      await expect(full.getByRole('button', { name: 'Close full screen' })).toBeFocused();
      await page.screenshot({ path: testInfo.outputPath(`sign-full-${width.name}.png`) });
      await page.keyboard.press('Escape');
      await expect(full).toHaveCount(0);
      await expect(open).toBeFocused();
    });

    test('declining asks for a reason and a confirmation', async ({ page }, testInfo) => {
      const stub = await stubValidLink(page);
      await page.goto(`/sign/${TOKEN}`);
      await page.getByRole('button', { name: 'Decline to sign' }).click();
      const reason = page.getByLabel('Why do you decline? The sender will read this.');
      await expect(reason).toBeFocused();
      await page.keyboard.type('The broker of record changed.');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Decline this document?' })).toBeFocused();
      const audit = new AxeAudit(`sign ${width.name}`);
      await audit.check(page, 'decline confirmation');
      await page.getByRole('button', { name: 'Yes, decline' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Declined' })).toBeVisible();
      expect(stub.posts).toEqual([
        { path: `/api/sign/${TOKEN}/decline`, body: { reason: 'The broker of record changed.' } },
      ]);
      await audit.check(page, 'declined');
      await finish(audit, testInfo);
    });

    test('verify: a chosen PDF gets its result, with axe', async ({ page }, testInfo) => {
      await page.route('**/api/verify/certificate', (route) =>
        route.fulfill({
          json: {
            subject: 'CN=Vendor Portal Document Sealing',
            issuer: 'CN=Vendor Portal Document Sealing',
            validFrom: '2026-01-01T00:00:00.000Z',
            validTo: '2036-01-01T00:00:00.000Z',
            sha256Fingerprint: 'AB:CD:EF',
          },
        }),
      );
      await page.route('**/api/verify', (route) =>
        route.fulfill({
          json: {
            result: 'unknown',
            message: VerifyMessages.unknown,
            sha256: 'f'.repeat(64),
            document: null,
          },
        }),
      );
      await page.goto('/verify');
      await expect(page.getByRole('heading', { level: 1, name: 'Verify a Signed Document' })).toBeVisible();
      await expect(page.getByRole('region', { name: "The portal's sealing certificate" })).toBeVisible();
      const audit = new AxeAudit(`verify ${width.name}`);
      await audit.check(page, 'empty');
      await page
        .getByLabel('Drop a PDF here or choose one')
        .setInputFiles({ name: 'other.pdf', mimeType: 'application/pdf', buffer: await samplePdf() });
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(
        page.getByRole('heading', { level: 2, name: 'Not sealed by the Vendor Portal' }),
      ).toBeFocused();
      await expect(page.getByText('f'.repeat(64))).toBeVisible();
      await audit.check(page, 'result');
      await finish(audit, testInfo);
    });
  });
}

test('a logged-in user who opens a signing link sees the signing page, not the portal', async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, users.demo));
  await stubValidLink(page);
  await page.goto(`/sign/${TOKEN}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign the Site Access Form' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/sign/${TOKEN}`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});
