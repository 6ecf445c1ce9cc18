import { DocumentMessages, formatFileSize } from '@vp/contract';
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AxeAudit } from '../support/axe.ts';
import {
  chooseFile,
  chooseType,
  deleteDocument,
  displayDateTime,
  documentType,
  fileRows,
  listDocuments,
  smallPdf,
  uploadDocument,
} from '../support/documents.ts';
import { auth, requestSaf, safTypeId, siteWithoutSaf } from '../support/saf.ts';
import { baseUrl } from '../support/server.ts';
import { apiLogin, useSession, users } from '../support/session.ts';

/**
 * The website modal's Files tab: upload with a file type, the row it adds, download and its 2 s
 * throttle, refused files, delete with its confirmation; the read-only role's view; and the tab on
 * a phone, with axe on the tab, the Document Status dialog and the SAF signatory dialog. Every file
 * added here is deleted again.
 */
test.describe.configure({ timeout: 90_000 });

const PAGE_LOAD = { timeout: 20_000 };

/** A 1×1 PNG: real image bytes, whatever the name says. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const websiteModal = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Website' }) });

async function openFilesTab(page: Page, siteId: number): Promise<Locator> {
  await page.goto(`/websites?site=${siteId}`);
  const modal = websiteModal(page);
  await expect(modal.getByTestId('agent-broker-table')).toContainText(/\d/, PAGE_LOAD);
  await modal.getByRole('tab', { name: 'Files' }).click();
  await expect(modal.getByTestId('documents-panel')).toBeVisible();
  return modal;
}

/** The last Active site: the SAF specs take theirs from the front of the list. */
async function activeSite(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get(`${baseUrl()}/api/portal/websites?pageSize=200&status=Active`, {
    headers: auth(token),
  });
  expect(response.status()).toBe(200);
  const items = ((await response.json()) as { items: { rowKey: number }[] }).items;
  expect(items.length).toBeGreaterThan(0);
  return items.at(-1)!.rowKey;
}

async function finish(audit: AxeAudit, testInfo: TestInfo): Promise<void> {
  const summary = audit.summary();
  const details = audit.details();
  await testInfo.attach('axe', { body: `${summary}\n\n${details}`, contentType: 'text/plain' });
  expect(audit.blocking(), 'serious or critical axe findings').toEqual([]);
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('upload, download with its throttle, refusals, the read-only view and delete', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const token = await apiLogin(request, users.demo);
    await useSession(page, token);
    const siteId = await activeSite(request, token);
    const before = await listDocuments(request, token, siteId);
    const name = `e2e-files-${Date.now().toString(36)}.pdf`;
    const pdf = await smallPdf(`Files tab upload ${name}`);

    const modal = await openFilesTab(page, siteId);
    const panel = modal.getByTestId('upload-panel');
    await expect(panel).toContainText(DocumentMessages.dropHere);
    await expect(panel).toContainText('Browse');
    await expect(panel.getByRole('combobox', { name: 'File type' })).toBeVisible();
    const upload = panel.getByRole('button', { name: 'Upload', exact: true });

    // A file alone, then a type too: Upload shows only with both.
    await chooseFile(panel, { name, mimeType: 'application/pdf', buffer: pdf });
    await expect(panel.getByTestId('chosen-file')).toContainText(name);
    await expect(upload).toHaveCount(0);
    // Where Upload will be, the panel says what it still needs.
    await expect(panel.getByTestId('upload-hint')).toHaveText(DocumentMessages.chooseTypeToUpload);
    await page.screenshot({ path: testInfo.outputPath('files-tab-file-without-type.png') });
    await chooseType(page, panel, 'Other');
    await expect(upload).toBeVisible();
    await expect(panel.getByTestId('upload-hint')).toHaveCount(0);
    await upload.click();
    await expect(page.getByText(DocumentMessages.uploaded, { exact: true })).toBeVisible();
    await expect(panel.getByTestId('chosen-file')).toHaveCount(0);

    const added = (await listDocuments(request, token, siteId)).find((d) => d.label === name);
    expect(added, 'the upload is listed by the server').toBeTruthy();
    const row = fileRows(modal).filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toHaveText([
      name,
      formatFileSize(pdf.length),
      displayDateTime(added!.uploadDate),
      'Other',
      'Uploaded',
      '',
    ]);

    // Download: the same bytes. Again at once: refused with the throttle's message.
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    const downloadButton = row.getByRole('button', { name: `Download ${name}` });
    const downloading = page.waitForEvent('download');
    await downloadButton.click();
    await downloadButton.click();
    await expect(page.getByText(DocumentMessages.downloadWait, { exact: true })).toBeVisible();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    expect(readFileSync(await download.path())).toEqual(pdf);
    expect(downloads).toBe(1);

    // A type alone shows no Upload either. Refused files add no row: a bad extension (said by the
    // page, which keeps no file), a .pdf that is an image (said by the server).
    await chooseType(page, panel, 'Other');
    await expect(upload).toHaveCount(0);
    await expect(panel.getByTestId('upload-hint')).toHaveText(DocumentMessages.chooseFileToUpload);
    await chooseFile(panel, { name: 'notes.exe', mimeType: 'application/octet-stream', buffer: pdf });
    await expect(page.getByText(DocumentMessages.extension, { exact: true })).toBeVisible();
    await expect(panel.getByTestId('chosen-file')).toHaveCount(0);
    await expect(upload).toHaveCount(0);
    await chooseFile(panel, { name: 'scan.pdf', mimeType: 'application/pdf', buffer: PNG });
    await upload.click();
    await expect(page.getByText(DocumentMessages.contentMismatch('pdf'), { exact: true })).toBeVisible();
    await expect(fileRows(modal)).toHaveCount(before.length + 1);
    expect(await listDocuments(request, token, siteId)).toHaveLength(before.length + 1);
    await panel.getByRole('button', { name: 'Remove scan.pdf' }).click();

    // The read-only role sees the file and downloads it, but cannot upload or delete.
    const viewerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const viewer = await viewerContext.newPage();
    await useSession(viewer, await apiLogin(request, users.viewer));
    const readOnly = await openFilesTab(viewer, siteId);
    const viewerRow = fileRows(readOnly).filter({ hasText: name });
    await expect(viewerRow).toHaveCount(1);
    await expect(readOnly.getByTestId('upload-panel')).toHaveCount(0);
    await expect(readOnly.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    const viewerDownload = viewer.waitForEvent('download');
    await viewerRow.getByRole('button', { name: `Download ${name}` }).click();
    expect(readFileSync(await (await viewerDownload).path())).toEqual(pdf);
    await viewerContext.close();

    // Delete, confirmed.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: DocumentMessages.deleteConfirm });
    await expect(confirm).toContainText(DocumentMessages.deleteConfirmTitle);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(DocumentMessages.deleted, { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await listDocuments(request, token, siteId)).map((d) => d.rowKey)).toEqual(
      before.map((d) => d.rowKey),
    );
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Files tab as cards, and axe on it, the Document Status dialog and the SAF signatory dialog', async ({
    page,
    request,
  }, testInfo) => {
    const token = await apiLogin(request, users.demo);
    await useSession(page, token);
    const typeId = await safTypeId(request, token);
    const site = await siteWithoutSaf(request, token, typeId);
    const other = await documentType(request, token, 'other');
    const name = `e2e-phone-${Date.now().toString(36)}.pdf`;
    const pdf = await smallPdf('A file seen on a phone');
    const uploaded = await uploadDocument(
      request,
      token,
      { name, mimeType: 'application/pdf', buffer: pdf },
      other.id,
      site.rowKey,
    );
    const audit = new AxeAudit('files 390');

    // The signatory dialog, opened and cancelled: nothing is sent.
    await page.goto(`/websites?site=${site.rowKey}`);
    const modal = websiteModal(page);
    await expect(modal.getByTestId('agent-broker-table')).toContainText(/\d/, PAGE_LOAD);
    await modal.getByRole('button', { name: 'SAF', exact: true }).click();
    const signatories = page.getByRole('dialog', { name: 'Site Access Form' });
    await expect(signatories.getByTestId('signatory').first()).toBeVisible(PAGE_LOAD);
    await audit.check(page, 'SAF signatory dialog');
    await signatories.getByRole('button', { name: 'Cancel' }).click();
    await expect(signatories).toBeHidden();

    // A SAF out for signature, so the tab has a Pending card and a status to show.
    const sent = await requestSaf(request, token, typeId, site);
    // Sent outside this page, so the page is loaded afresh to see it.
    await page.reload();
    await expect(modal.getByTestId('agent-broker-table')).toContainText(/\d/, PAGE_LOAD);
    await modal.getByRole('tab', { name: 'Files' }).click();
    const cards = modal.getByTestId('documents-cards');
    await expect(cards.locator('li')).toHaveCount(2, PAGE_LOAD);
    const card = cards.locator('li').filter({ hasText: name });
    await expect(card).toContainText(
      `Other · ${formatFileSize(pdf.length)} · ${displayDateTime(uploaded.uploadDate)}`,
    );
    await expect(modal.getByTestId('upload-panel')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: `Download ${name}` }).click();
    expect(readFileSync(await (await downloading).path())).toEqual(pdf);
    await audit.check(page, 'Files tab (cards)');

    await cards.getByRole('button', { name: /^Pending: show the signature status of / }).click();
    const status = page.getByRole('dialog', { name: /^Document Status/ });
    await expect(status.getByTestId('document-status')).toBeVisible();
    await expect(status.getByTestId('signer')).toHaveCount(sent.signatories.length);
    // The title (with the file's name) wraps before the close button, never under it.
    const titleRight = await status.locator('.ant-modal-title').evaluate((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      return Math.max(...[...text.getClientRects()].map((r) => r.right));
    });
    const close = (await status.locator('.ant-modal-close').boundingBox())!;
    expect(titleRight).toBeLessThanOrEqual(close.x + 1);
    await audit.check(page, 'Document Status dialog');
    await status.getByTestId('status-close').click();
    await expect(status).toBeHidden();
    await finish(audit, testInfo);

    // Leave the site as it was, but for the voided form.
    const voided = await request.put(`${baseUrl()}/api/document/${sent.documentId}/signatures/void`, {
      headers: auth(token),
      data: { reason: 'Sent by an end-to-end check of the Files tab.' },
    });
    expect(voided.status()).toBe(200);
    await deleteDocument(request, token, uploaded.rowKey);
  });
});
