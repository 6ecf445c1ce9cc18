// The thread that decodes pictures sent by strangers (a drawn signature), off the server's main
// thread: plain JavaScript that loads pdf-lib alone, so it starts at once wherever the server runs.
// A picture that takes long to decode holds up this thread alone, and is stopped when its time is
// up (see pdf-threads.ts).
import { PDFDocument } from 'pdf-lib';

/**
 * Decodes a PNG in full, as the sealed form will embed it; throws when it cannot be read.
 * @param {{ task: 'decodePng' | 'ready', input: { bytes: Uint8Array } }} job
 * @returns {Promise<{ width: number, height: number }>}
 */
export default async function run({ task, input }) {
  // Answered once the thread has loaded, before a picture's budget starts (thread-pool.ts).
  if (task === 'ready') return true;
  if (task !== 'decodePng') throw new Error(`no task ${task}`);
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(input.bytes);
  return { width: image.width, height: image.height };
}
