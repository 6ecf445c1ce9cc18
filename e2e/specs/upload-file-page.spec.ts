import { DocumentMessages, formatFileSize } from '@vp/contract';
import { expect, test, type Page } from '@playwright/test';
import {
  chooseFile,
  chooseType,
  documentTypes,
  fileRows,
  listDocuments,
  smallPdf,
  uploadDocument,
  deleteDocument,
} from '../support/documents.ts';
import { apiLogin, useSession, users } from '../support/session.ts';

/**
 * The Upload File tool page: a vendor-level document uploaded there is counted on the Dashboard
 * ('Missing documents' drops by one) and deleting it counts it as missing again, so the demo data
 * ends as it began; the read-only role only reads and downloads.
 */
test.describe.configure({ timeout: 60_000 });

const PAGE_LOAD = { timeout: 20_000 };

async function missingDocuments(page: Page): Promise<number> {
  await page.goto('/dashboard');
  const value = page.getByTestId('dashboard-card-missingDocs').locator('.ant-statistic-content-value');
  await expect(value).toHaveText(/^\d+$/, PAGE_LOAD);
  return Number(await value.textContent());
}

test('as a vendor: the missing licence agreement uploaded here is no longer missing on the Dashboard, until it is deleted', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  await useSession(page, token);
  const w9 = (await documentTypes(request, token)).find((t) => t.name === 'vendor_license');
  expect(w9?.requiredForVendor, 'the Vendor License Agreement is a required vendor-level document').toBe(
    true,
  );
  const before = await listDocuments(request, token, null);
  expect(
    before.some((d) => d.typeId === w9!.id),
    'the demo vendor has no licence agreement on file (its W-9 is)',
  ).toBe(false);

  const missing = await missingDocuments(page);
  expect(missing).toBeGreaterThan(0);

  // The figure links to the page.
  await page.getByTestId('dashboard-card-missingDocs').click();
  await expect(page).toHaveURL(/\/tools\/upload-file$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload File' })).toBeVisible();

  const name = `license-${Date.now().toString(36)}.pdf`;
  const pdf = await smallPdf('Request for Taxpayer Identification Number');
  const panel = page.getByTestId('upload-panel');
  await chooseFile(panel, { name, mimeType: 'application/pdf', buffer: pdf });
  await chooseType(page, panel, 'Vendor License Agreement');
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(DocumentMessages.uploaded, { exact: true })).toBeVisible();
  const row = fileRows(page).filter({ hasText: name });
  await expect(row).toContainText(formatFileSize(pdf.length));
  await expect(row).toContainText('Vendor License Agreement');

  expect(await missingDocuments(page)).toBe(missing - 1);

  await page.goto('/tools/upload-file');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: DocumentMessages.deleteConfirm });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(DocumentMessages.deleted, { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  expect(await missingDocuments(page)).toBe(missing);
  expect((await listDocuments(request, token, null)).map((d) => d.rowKey)).toEqual(
    before.map((d) => d.rowKey),
  );
});

test('as the read-only role: the vendor’s documents are listed and download, nothing else', async ({
  page,
  request,
}) => {
  const demo = await apiLogin(request, users.demo);
  const other = (await documentTypes(request, demo)).find((t) => t.name === 'insurance')!;
  const name = `insurance-${Date.now().toString(36)}.pdf`;
  const pdf = await smallPdf('Certificate of Insurance');
  const uploaded = await uploadDocument(
    request,
    demo,
    { name, mimeType: 'application/pdf', buffer: pdf },
    other.id,
    null,
  );
  try {
    await useSession(page, await apiLogin(request, users.viewer));
    await page.goto('/tools/upload-file');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload File' })).toBeVisible(PAGE_LOAD);
    const row = fileRows(page).filter({ hasText: name });
    await expect(row).toHaveCount(1, PAGE_LOAD);
    await expect(page.getByTestId('upload-panel')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
  } finally {
    await deleteDocument(request, demo, uploaded.rowKey);
  }
});
