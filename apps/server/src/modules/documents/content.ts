import fs from 'node:fs';
import type { UploadExtension } from '@vp/contract';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { StagedFile } from '../../platform/storage.ts';

/**
 * What a file's bytes must be for its extension. The name is the user's claim; the content decides:
 * a `.pdf` must start as a PDF, an Office file must be the container its format uses, and a text
 * file must hold no binary content.
 */

/** The Content-Type a document is served with, fixed by its (checked) extension. */
export const CONTENT_TYPES: Record<UploadExtension, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** The types `file-type` may report for each binary extension. */
const SNIFFED: Partial<Record<UploadExtension, readonly string[]>> = {
  pdf: ['pdf'],
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  // The legacy Office formats share one container (Compound File Binary).
  doc: ['cfb', 'doc'],
  xls: ['cfb', 'xls'],
  ppt: ['cfb', 'ppt'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
};

async function hasNul(file: string): Promise<boolean> {
  for await (const chunk of fs.createReadStream(file)) {
    if ((chunk as Buffer).includes(0)) return true;
  }
  return false;
}

/** Whether the staged content is what its extension says. */
export async function contentMatches(ext: UploadExtension, staged: StagedFile): Promise<boolean> {
  let detected = await fileTypeFromBuffer(staged.head);
  // An Office Open XML file is a zip whose parts name its kind; they may lie past the first bytes.
  if (detected?.ext === 'zip') detected = (await fileTypeFromFile(staged.path)) ?? detected;
  const expected = SNIFFED[ext];
  if (expected) return !!detected && expected.includes(detected.ext);
  // Text: nothing binary recognised, and no NUL byte anywhere.
  return !detected && !(await hasNul(staged.path));
}
