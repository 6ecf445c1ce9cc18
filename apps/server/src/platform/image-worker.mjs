// The thread that decodes pictures sent by strangers (a drawn signature), off the server's main
// thread: a picture that takes long to decode holds up this thread alone, and is stopped when its
// time is up (see image-pool.ts).
import { PDFDocument } from 'pdf-lib';

/**
 * Decodes a PNG in full, as the sealed form will embed it; throws when it cannot be read.
 * @param {{ bytes: Uint8Array }} task
 * @returns {Promise<{ width: number, height: number }>}
 */
export default async function decodePng({ bytes }) {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(bytes);
  return { width: image.width, height: image.height };
}
