import {
  SafMessages,
  type DocumentInfo,
  type DocumentSignatureStatus,
  type SafSignatory,
  type VerifyResult,
} from '@vp/contract';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { baseUrl, serverLog } from './server.ts';

/**
 * The Site Access Form against the real server, shared by the specs that walk it: the SAF type,
 * a site to send one for, the signing links mailed (read from the server log), a signer's browser,
 * and the document and verify calls.
 */

export const SIGNING_LINK = /https?:\/\/[^\s"'<>]+\/sign\/[A-Za-z0-9_-]+/g;

export interface Site {
  rowKey: number;
  domainName: string;
  status: string;
  products: number[];
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function safTypeId(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get(`${baseUrl()}/api/documenttypes/required?name=saf`, {
    headers: auth(token),
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { id: number } | { id: number }[];
  const type = Array.isArray(body) ? body[0] : body;
  expect(type?.id, 'the demo data has a SAF document type').toEqual(expect.any(Number));
  return type!.id;
}

export async function siteDocuments(
  request: APIRequestContext,
  token: string,
  siteId: number,
): Promise<DocumentInfo[]> {
  const response = await request.get(`${baseUrl()}/api/portal/websites/${siteId}/documents`, {
    headers: auth(token),
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as DocumentInfo[];
}

/**
 * An Active site of the demo vendor with no SAF of its own yet (so a retried test, or another test,
 * never meets one already out for signature); the single-site product first, since it has fewer
 * signatories. `skip` leaves out sites already taken by the calling test.
 */
export async function siteWithoutSaf(
  request: APIRequestContext,
  token: string,
  typeId: number,
  skip: readonly number[] = [],
): Promise<Site> {
  const response = await request.get(`${baseUrl()}/api/portal/websites?pageSize=200&status=Active`, {
    headers: auth(token),
  });
  expect(response.status()).toBe(200);
  const items = ((await response.json()) as { items: Site[] }).items.filter((s) => !skip.includes(s.rowKey));
  const ordered = [...items].sort((a, b) => Number(a.products.includes(2)) - Number(b.products.includes(2)));
  for (const site of ordered) {
    const documents = await siteDocuments(request, token, site.rowKey);
    if (!documents.some((d) => d.typeId === typeId)) return site;
  }
  throw new Error('the demo data has no Active site without a SAF left');
}

/** The signing links mailed after `offset` in the server log, once `count` distinct ones are there. */
export async function mailedLinks(offset: number, count: number): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const links = [...new Set(serverLog().slice(offset).match(SIGNING_LINK) ?? [])];
    if (links.length >= count) return links;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Fewer than ${count} signing links were mailed within 15 s`);
}

export interface Sent {
  documentId: number;
  signatories: SafSignatory[];
  links: string[];
}

/** Requests a SAF for one of the sites through the API, as the website modal does. */
export async function requestSaf(
  request: APIRequestContext,
  token: string,
  typeId: number,
  site: Site,
): Promise<Sent> {
  const prepared = await request.get(`${baseUrl()}/api/documenttype/${typeId}/sign?website=${site.rowKey}`, {
    headers: auth(token),
  });
  expect(prepared.status(), await prepared.text()).toBe(200);
  const signatories = (await prepared.json()) as SafSignatory[];
  expect(signatories.length).toBeGreaterThan(0);

  const offset = serverLog().length;
  const sent = await request.post(`${baseUrl()}/api/documenttype/${typeId}/sign`, {
    headers: auth(token),
    data: {
      fields: { domainName: site.domainName },
      id: site.rowKey,
      type: 'website',
      signatures: signatories,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const body = (await sent.json()) as { message: string; documentId: number };
  expect(body.message).toBe(SafMessages.sent);
  return { documentId: body.documentId, signatories, links: await mailedLinks(offset, signatories.length) };
}

/** Opens a link in a browser context of its own: no cookies, no storage, no session. */
export async function openLink(browser: Browser, link: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

/** The signing page shows the document, drawn by pdf.js with its words laid over it. */
export async function seeDocument(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: /^Sign the / })).toBeVisible();
  const first = page.getByRole('group', { name: /, page 1 of \d+$/ });
  await expect(first).toHaveAttribute('data-rendered', 'true', { timeout: 20_000 });
  await expect(first.locator('.textLayer')).toContainText(/\S/);
}

/** Draws a zigzag on the signature pad with the mouse. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 24, box.y + box.height * 0.65);
  await page.mouse.down();
  for (let i = 1; i <= 14; i += 1)
    await page.mouse.move(
      box.x + 24 + i * ((box.width - 64) / 14),
      box.y + box.height * (i % 2 ? 0.3 : 0.7),
      { steps: 3 },
    );
  await page.mouse.up();
  await expect(page.getByRole('button', { name: 'Clear' })).toBeEnabled();
}

/** On an open signing page: consent, keep the prefilled name, draw, sign. */
export async function consentDrawAndSign(page: Page): Promise<void> {
  await seeDocument(page);
  const consent = page.getByRole('checkbox', { name: /I agree to sign this document electronically/ });
  await consent.check();
  await expect(consent).toBeChecked();
  await expect(page.getByLabel('Full name')).not.toHaveValue('');
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign the document' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signed' })).toBeVisible();
}

/** On an open signing page: decline with a reason, confirmed. */
export async function declineWithReason(page: Page, reason: string): Promise<void> {
  await seeDocument(page);
  await page.getByRole('button', { name: 'Decline to sign' }).click();
  await page.getByLabel('Why do you decline? The sender will read this.').fill(reason);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Yes, decline' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Declined' })).toBeVisible();
}

export async function documentOf(
  request: APIRequestContext,
  token: string,
  site: Pick<Site, 'rowKey'>,
  documentId: number,
): Promise<DocumentInfo> {
  const found = (await siteDocuments(request, token, site.rowKey)).find((d) => d.rowKey === documentId);
  expect(found, `document ${documentId} is listed on site ${site.rowKey}`).toBeTruthy();
  return found!;
}

export async function signatureStatus(
  request: APIRequestContext,
  token: string,
  documentId: number,
): Promise<DocumentSignatureStatus> {
  const response = await request.get(`${baseUrl()}/api/document/${documentId}/signatures/status`, {
    headers: auth(token),
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as DocumentSignatureStatus;
}

/** Asks the public verify call about a file. */
export async function verify(request: APIRequestContext, bytes: Buffer): Promise<VerifyResult> {
  const response = await request.post(`${baseUrl()}/api/verify`, {
    multipart: { file: { name: 'saf.pdf', mimeType: 'application/pdf', buffer: bytes } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as VerifyResult;
}

/** The same bytes with one bit of the middle byte flipped. */
export function oneByteChanged(bytes: Buffer): Buffer {
  const changed = Buffer.from(bytes);
  const at = Math.floor(changed.length / 2);
  changed[at] = changed[at]! ^ 0x01;
  return changed;
}
