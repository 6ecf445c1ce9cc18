import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SafMessages, SigningLinkMessages, signatureProgress, type SafSignatory } from '@vp/contract';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { baseUrl, serverLog } from '../support/server.ts';
import {
  auth,
  consentDrawAndSign,
  declineWithReason,
  documentOf,
  mailedLinks,
  oneByteChanged,
  openLink,
  safTypeId,
  siteDocuments,
  siteWithoutSaf,
  verify,
  type Site,
} from '../support/saf.ts';
import { apiLogin, useSession, users } from '../support/session.ts';

/**
 * The Site Access Form ceremony against the real server, from the website modal as the vendor works
 * it: SAF, the signatory dialog, Send; each signatory opens the link mailed to them in a browser of
 * their own (the broker on a phone), reads the PDF, consents, draws a signature and signs, and the
 * link is then spent; the Files tab and the Document Status dialog follow the document to 100 % and
 * Approved; the sealed PDF downloads from the Files tab and verifies (its hash, pdfsig, /api/verify,
 * one changed byte). A decline, the Resend SAF dialog and a void are walked through the same screens.
 */
test.describe.configure({ timeout: 120_000 });

const PAGE_LOAD = { timeout: 20_000 };

const websiteModal = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });

async function openSite(page: Page, siteId: number): Promise<Locator> {
  await page.goto(`/websites?site=${siteId}`);
  const modal = websiteModal(page);
  await expect(modal.getByTestId('agent-broker-table')).toContainText(/\d/, PAGE_LOAD);
  return modal;
}

async function prefilled(request: APIRequestContext, token: string, typeId: number, siteId: number) {
  const response = await request.get(`${baseUrl()}/api/documenttype/${typeId}/sign?website=${siteId}`, {
    headers: auth(token),
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as SafSignatory[];
}

/**
 * SAF → the signatory dialog, prefilled as the server prepares it → Send. Answers the signing links
 * mailed and the new document's id.
 */
async function sendSafFromModal(
  page: Page,
  request: APIRequestContext,
  token: string,
  typeId: number,
  site: Site,
): Promise<{ links: string[]; documentId: number }> {
  const expected = await prefilled(request, token, typeId, site.rowKey);
  expect(expected.map((s) => s.signatory)).toEqual(expect.arrayContaining(['Broker', 'Agent']));

  const modal = await openSite(page, site.rowKey);
  await modal.getByRole('button', { name: 'SAF', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Site Access Form' });
  await expect(dialog.getByTestId('signatory')).toHaveCount(expected.length, PAGE_LOAD);
  for (const s of expected) {
    const row = dialog.getByTestId('signatory').filter({ hasText: s.signatory });
    await expect(row.getByLabel(`${s.signatory} name`)).toHaveValue(s.name);
    await expect(row.getByLabel(`${s.signatory} email`)).toHaveValue(s.email);
  }

  const offset = serverLog().length;
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(SafMessages.sent)).toBeVisible();
  await expect(dialog).toBeHidden();
  const links = await mailedLinks(offset, expected.length);

  const live = (await siteDocuments(request, token, site.rowKey)).filter(
    (d) => d.typeId === typeId && !d.voided,
  );
  expect(live).toHaveLength(1);
  return { links, documentId: live[0]!.rowKey };
}

async function openFilesTab(modal: Locator): Promise<Locator> {
  await modal.getByRole('tab', { name: 'Files' }).click();
  const table = modal.getByTestId('documents-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible(PAGE_LOAD);
  return table;
}

/** The Files tab's row of the SAF (the only SAF on these sites). */
const safRow = (table: Locator) => table.locator('tbody tr.ant-table-row').filter({ hasText: 'SAF' });

async function openStatus(page: Page, row: Locator): Promise<Locator> {
  await row.getByRole('button', { name: /^(Pending|Declined): show the signature status of / }).click();
  const dialog = page.getByRole('dialog', { name: /^Document Status/ });
  await expect(dialog.getByTestId('document-status')).toBeVisible();
  return dialog;
}

async function closeStatus(dialog: Locator): Promise<void> {
  await dialog.getByTestId('status-close').click();
  await expect(dialog).toBeHidden();
}

/** Matches exactly one of the texts. */
const oneOf = (...texts: string[]) =>
  new RegExp(`^(${texts.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

const progress = (dialog: Locator) => dialog.getByRole('progressbar', { name: 'Signature progress' });

test('a SAF sent from the modal is signed by everyone, reaches 100 %, downloads sealed and verifies', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const token = await apiLogin(request, users.demo);
  await useSession(page, token);
  const typeId = await safTypeId(request, token);
  const site = await siteWithoutSaf(request, token, typeId);
  const { links, documentId } = await sendSafFromModal(page, request, token, typeId, site);

  const modal = websiteModal(page);
  const table = await openFilesTab(modal);
  const row = safRow(table);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: /^Pending/ })).toBeVisible();

  // Nobody has signed yet: the dialog offers a reminder and a void.
  let status = await openStatus(page, row);
  await expect(progress(status)).toHaveAttribute('aria-valuenow', '50');
  await expect(status.getByTestId('signer')).toHaveCount(links.length);
  await expect(status.getByRole('button', { name: 'Send Reminder' })).toBeVisible();
  await expect(status.getByRole('button', { name: 'Void Document' })).toBeVisible();
  await closeStatus(status);

  for (const [index, link] of links.entries()) {
    // The broker signs on a phone, anyone else at a desk.
    const signer = await openLink(browser, link, index === 0 ? 390 : 1440);
    await consentDrawAndSign(signer);
    await expect(signer.getByRole('status')).toHaveText(SigningLinkMessages.signed);
    const last = index === links.length - 1;
    if (last) await expect(signer.getByText(/Everyone has now signed/)).toBeVisible();
    // Whoever signs can check a copy where anyone can.
    await expect(signer.getByRole('link', { name: 'Verify a document' })).toHaveAttribute('href', '/verify');
    // The link is spent: signed by this signer, or (for the last one) signed by everyone.
    await signer.reload();
    await expect(signer.getByRole('heading', { level: 1 })).toHaveText(
      last ? /^(Already signed|Signed by everyone)$/ : 'Already signed',
    );
    await expect(signer.getByRole('alert')).toHaveText(
      last ? oneOf(SigningLinkMessages.used, SigningLinkMessages.completed) : SigningLinkMessages.used,
    );
    await signer.context().close();

    if (index < links.length - 1) {
      // Reopened, the dialog shows who has signed so far.
      status = await openStatus(page, row);
      await expect(status.getByTestId('signer').filter({ hasText: '— Signed' })).toHaveCount(index + 1);
      await expect(progress(status)).toHaveAttribute('aria-valuenow', '50');
      await closeStatus(status);
    }
  }

  // Once everyone has signed, the live channel brings the file list up to date by itself: the SAF
  // is Approved (no status to open any more) and cannot be deleted. Its status is complete.
  const status100 = await request.get(`${baseUrl()}/api/document/${documentId}/signatures/status`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const complete = (await status100.json()) as { steps: { completed: boolean }[]; signers: unknown[] };
  expect(signatureProgress(complete.steps)).toBe(100);
  expect(complete.signers).toHaveLength(links.length);
  const approved = row;
  await expect(approved).toContainText('Approved');
  await expect(approved.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  const recorded = await documentOf(request, token, site, documentId);
  expect(recorded.approved).toBe(true);

  const downloading = page.waitForEvent('download');
  await approved.getByRole('button', { name: /^Download / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(recorded.label);
  const file = testInfo.outputPath('sealed-saf.pdf');
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(recorded.sha256);

  // Any PDF reader sees the seal: poppler checks the PAdES signature over the whole file.
  const report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toMatch(/Total document signed/);
  expect(report).not.toMatch(/Signature Validation: (?!Signature is Valid)/);

  const sealed = await verify(request, bytes);
  expect(sealed.result).toBe('sealed');
  expect(sealed.sha256).toBe(recorded.sha256);
  expect(sealed.document?.domainName).toBe(site.domainName);
  const altered = oneByteChanged(bytes);
  expect((await verify(request, altered)).result).toBe('altered');
});

test('a declined SAF: the status dialog says so, SAF offers Resend SAF, and Void withdraws the links', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const token = await apiLogin(request, users.demo);
  await useSession(page, token);
  const typeId = await safTypeId(request, token);
  const site = await siteWithoutSaf(request, token, typeId);
  const { links, documentId } = await sendSafFromModal(page, request, token, typeId, site);
  expect(links.length).toBeGreaterThanOrEqual(2);

  const decliner = await openLink(browser, links[0]!, 390);
  await declineWithReason(decliner, 'The broker of record has changed.');
  await decliner.reload();
  await expect(decliner.getByRole('heading', { level: 1, name: 'You declined to sign' })).toBeVisible();
  await expect(decliner.getByRole('alert')).toHaveText(SigningLinkMessages.declined);
  await decliner.context().close();

  const modal = websiteModal(page);
  const table = await openFilesTab(modal);
  const row = safRow(table);
  let status = await openStatus(page, row);
  await expect(status.getByTestId('signer').filter({ hasText: '— Declined' })).toHaveCount(1);
  await expect(status.getByTestId('signer').filter({ hasText: '— Signed' })).toHaveCount(0);
  // Nobody else is still asked to sign: the decline ended the form.
  await expect(status.getByTestId('signer').filter({ hasText: 'Waiting to sign' })).toHaveCount(0);
  await expect(status.getByTestId('signer').filter({ hasText: /— Not needed: declined by \S/ })).toHaveCount(
    links.length - 1,
  );
  await expect(status.getByTestId('signed-count')).toHaveText(`0 of ${links.length} signed`);
  await expect(progress(status)).toHaveAttribute('aria-valuenow', '50');
  await page.screenshot({ path: testInfo.outputPath('status-after-decline.png') });
  await closeStatus(status);
  // The file list now says it was declined.
  await expect(row.getByRole('button', { name: /^Declined: show the signature status of / })).toBeVisible();

  // The SAF is still out (declined, not voided): SAF asks what to do with it; Cancel leaves it.
  await modal.getByRole('tab', { name: 'Website' }).click();
  await modal.getByRole('button', { name: 'SAF', exact: true }).click();
  const resend = page.getByRole('dialog', { name: SafMessages.resendConfirmTitle });
  await expect(resend).toBeVisible();
  for (const name of ['Void & Resend', 'Void', 'Cancel'])
    await expect(resend.getByRole('button', { name, exact: true })).toBeVisible();
  await resend.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByText(SafMessages.canceled, { exact: true })).toBeVisible();
  await expect(resend).toBeHidden();
  expect((await documentOf(request, token, site, documentId)).voided).toBe(false);

  // Void Document, with a reason, from the status dialog.
  await openFilesTab(modal);
  status = await openStatus(page, row);
  await status.getByRole('button', { name: 'Void Document' }).click();
  const confirm = page.getByRole('dialog', { name: SafMessages.voidConfirmTitle });
  await expect(confirm).toContainText(SafMessages.voidConfirm);
  await confirm.getByLabel('Reason').fill('Sent to the wrong broker.');
  await confirm.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(page.getByText(SafMessages.voided, { exact: true })).toBeVisible();
  await expect(status).toBeHidden();
  await expect(row.getByRole('button', { name: 'Voided' })).toBeDisabled();
  expect((await documentOf(request, token, site, documentId)).voided).toBe(true);

  // The signatory who had not answered now finds the document withdrawn.
  const late = await openLink(browser, links[1]!, 1440);
  await expect(late.getByRole('heading', { level: 1, name: 'This document was withdrawn' })).toBeVisible();
  await expect(late.getByRole('alert')).toHaveText(SigningLinkMessages.voided);
  await expect(late.getByRole('button', { name: 'Sign the document' })).toHaveCount(0);
  await late.context().close();
});
