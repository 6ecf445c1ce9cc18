import type { DocumentInfo, DocumentType } from '@vp/contract';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pickOption } from './antd.ts';
import { baseUrl } from './server.ts';

/** Documents through the API and the upload panel shared by the Files tab and Upload File. */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A small one-page PDF whose text says what it is. */
export async function smallPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 18, font });
  return Buffer.from(await doc.save());
}

export async function documentTypes(request: APIRequestContext, token: string): Promise<DocumentType[]> {
  const response = await request.get(`${baseUrl()}/api/documenttypes`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as DocumentType[];
}

export async function documentType(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<DocumentType> {
  const found = (await documentTypes(request, token)).find((t) => t.name === name);
  expect(found, `the demo data has the ${name} document type`).toBeTruthy();
  return found!;
}

/** The vendor's own documents (owner null) or a website's. */
export async function listDocuments(
  request: APIRequestContext,
  token: string,
  owner: number | null,
): Promise<DocumentInfo[]> {
  const path = owner === null ? '/api/documents' : `/api/portal/websites/${owner}/documents`;
  const response = await request.get(`${baseUrl()}${path}`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as DocumentInfo[];
}

export async function uploadDocument(
  request: APIRequestContext,
  token: string,
  file: { name: string; buffer: Buffer; mimeType: string },
  typeId: number,
  website: number | null,
): Promise<DocumentInfo> {
  const response = await request.post(`${baseUrl()}/api/documents`, {
    headers: auth(token),
    multipart: {
      documentType: String(typeId),
      ...(website === null ? {} : { website: String(website) }),
      file,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { document: DocumentInfo }).document;
}

export async function deleteDocument(request: APIRequestContext, token: string, id: number): Promise<void> {
  const response = await request.delete(`${baseUrl()}/api/document/${id}`, { headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
}

/** The Upload Date/Time column's text for an ISO time (MM/DD/YYYY h:mm A, local time). */
export function displayDateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hour = d.getHours() % 12 || 12;
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${hour}:${pad(d.getMinutes())} ${
    d.getHours() < 12 ? 'AM' : 'PM'
  }`;
}

/** Chooses a file in an upload panel's drop zone (its Browse input). */
export async function chooseFile(
  panel: Locator,
  file: { name: string; buffer: Buffer; mimeType: string },
): Promise<void> {
  await panel.locator('input[type=file]').setInputFiles(file);
}

/** Picks a file type in an upload panel. */
export async function chooseType(page: Page, panel: Locator, type: string): Promise<void> {
  await pickOption(page, panel.getByRole('combobox', { name: 'File type' }), type);
}

/** Rows of the file table (desktop widths). */
export const fileRows = (scope: Locator | Page) =>
  scope.getByTestId('documents-table').locator('tbody tr.ant-table-row');
