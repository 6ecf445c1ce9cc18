import { DocumentMessages, formatFileSize, tooLargeMessage } from '@vp/contract';
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
import { baseUrl } from '../support/server.ts';
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
  const value = page.getByTestId('dashboard-value-missingDocs');
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
    // A role that cannot upload finds the page named for what it holds, in the menu too.
    await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible(PAGE_LOAD);
    await expect(page).toHaveTitle(/^Files/);
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

test('a file over the size limit: refused when chosen, and the server answers one sent anyway', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  await useSession(page, token);
  const limits = await request.get(`${baseUrl()}/api/documents/limits`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { maxBytes } = (await limits.json()) as { maxBytes: number };
  const tooLarge = tooLargeMessage(maxBytes);
  const big = Buffer.alloc(maxBytes + 1_000_000, 0x20);
  big.write('%PDF-1.4\n');

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/documents')) posts.push(r.url());
  });
  await page.goto('/tools/upload-file');
  const panel = page.getByTestId('upload-panel');
  await expect(panel.getByRole('combobox', { name: 'File type' })).toBeEnabled(PAGE_LOAD);
  await chooseFile(panel, { name: 'too-big.pdf', buffer: big, mimeType: 'application/pdf' });
  await expect(page.getByText(tooLarge, { exact: true })).toBeVisible();
  await expect(panel.getByTestId('chosen-file')).toHaveCount(0);
  expect(posts).toEqual([]);

  // A browser sends the whole body before it reads the answer, so the server reads a refused
  // upload to its end: the refusal arrives, instead of the upload hanging at the limit.
  const answer = await page.evaluate(
    async ({ size, token: bearer }) => {
      const form = new FormData();
      form.append('documentType', '1');
      form.append('file', new File([new Uint8Array(size).fill(0x20)], 'too-big.pdf'));
      return await new Promise<{ status: number; body: string }>((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', '/api/documents');
        xhr.setRequestHeader('Authorization', `Bearer ${bearer}`);
        xhr.timeout = 30_000;
        xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
        xhr.onerror = () => resolve({ status: 0, body: 'network error' });
        xhr.ontimeout = () => resolve({ status: 0, body: 'no answer in 30 s' });
        xhr.send(form);
      });
    },
    { size: maxBytes + 15_000_000, token },
  );
  expect(answer.status, answer.body).toBe(413);
  expect((JSON.parse(answer.body) as { message: string }).message).toBe(tooLarge);
});
