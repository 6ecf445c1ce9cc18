import { AppError } from '../../platform/errors.ts';
import { threadPool, workerFile } from '../../platform/thread-pool.ts';
import type { FormContent } from './pdf.ts';
import type { ScanResult, SealTask } from './pdf-worker.ts';

/**
 * The signing flow's threads. Pictures from strangers have a thread of their own (picture-worker.mjs,
 * plain JavaScript that starts at once), so a flood of them delays no seal; writing and sealing
 * forms and Verify's reading share the other (pdf-worker.ts).
 */
const PICTURES = new URL('./picture-worker.mjs', import.meta.url);
const DOCUMENTS = workerFile(import.meta.url, 'pdf-worker');

/**
 * Longest a picture's decoding may take before it is stopped and the picture refused. One within
 * the pixel budget decodes in a fraction of a second; the rest is room for a loaded machine.
 */
export const DECODE_BUDGET_MS = 5_000;
/** Decodes waiting beyond the one running; more are answered 503 at once. */
export const DECODES_WAITING = 8;
/**
 * A seal of a form with many signers on a loaded machine takes a few seconds at most; reading a
 * file for Verify less. Starting a thread (which from source compiles it) is not counted.
 */
const DOCUMENT_BUDGET_MS = 20_000;

const pictures = threadPool({
  file: PICTURES,
  threads: 1,
  waiting: DECODES_WAITING,
  budgetMs: DECODE_BUDGET_MS,
  // A picture is decoded into a few megabytes at most (its pixels are budgeted before).
  memoryMb: 128,
  busy: () => new AppError(503, 'The server is busy reading pictures. Please try again in a moment.'),
});

const documents = threadPool({
  file: DOCUMENTS,
  threads: 1,
  waiting: 16,
  budgetMs: DOCUMENT_BUDGET_MS,
  memoryMb: 256,
  busy: () => new AppError(503, 'The server is busy with documents. Please try again in a moment.'),
});

/** Decodes a PNG within the budget; TaskFailedError when it cannot be read in time. */
export function decodePng(bytes: Uint8Array, budgetMs = DECODE_BUDGET_MS) {
  return pictures.run<{ width: number; height: number }>('decodePng', { bytes }, { budgetMs });
}

export function renderSafForm(content: FormContent): Promise<Uint8Array> {
  return documents.run<Uint8Array>('render', content);
}

export async function sealPdf(task: SealTask): Promise<Buffer> {
  const sealed = await documents.run<Uint8Array>('seal', task);
  return Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
}

export function scanPdf(bytes: Uint8Array): Promise<ScanResult> {
  return documents.run<ScanResult>('scan', { bytes });
}
