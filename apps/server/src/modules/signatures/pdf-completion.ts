import { nameWithTyped, typedNameNote } from '@vp/contract';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import {
  drawText,
  embedFonts,
  GREY,
  INK,
  isoDate,
  MARGIN,
  PAGE,
  readSignatureStart,
  signatureBox,
  utcTime,
  widthOf,
  wrap,
  type Face,
  type FormSignatory,
} from './pdf.ts';

/** The signed form: each signature stamped on its line, and the certificate of completion. */

export interface StampedSigner extends FormSignatory {
  /** The name the signer typed; the signatory's name (`name`) is the one the form records. */
  signedName: string;
  /** PNG bytes of a drawn signature, or null when typed. */
  image: Uint8Array | null;
  signedAt: Date;
}

export interface CertificateEvent {
  at: Date;
  kind: string;
  who: string;
  detail: string;
  ip: string;
  userAgent: string;
}

export interface CompletionContent {
  portalName: string;
  /** Where anyone can check the sealed file: the portal's Verify page. */
  verifyUrl: string;
  documentId: number;
  label: string;
  domainName: string;
  unsealedSha256: string;
  completedAt: Date;
  signers: StampedSigner[];
  events: CertificateEvent[];
}

/** A line writer that starts a new page when the current one is full. */
function pageWriter(pdf: PDFDocument) {
  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  return {
    line(text: string, face: Face, size: number, indent = 0, color = INK) {
      if (y < MARGIN + size) {
        page = pdf.addPage(PAGE);
        y = PAGE[1] - MARGIN;
      }
      drawText(page, text, { x: MARGIN + indent, y: y - size, size, face, color });
      y -= size + 4;
    },
    gap(h: number) {
      y -= h;
    },
  };
}

/** Stamps every signature on its line and appends the certificate of completion. */
export async function renderCompleted(
  original: Uint8Array,
  content: CompletionContent,
): Promise<PDFDocument> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const fonts = await embedFonts(pdf, [
    content.label,
    content.domainName,
    ...content.signers.flatMap((s) => [s.signatory, s.name, s.email, s.signedName]),
    ...content.events.flatMap((e) => [e.kind, e.who, e.detail, e.userAgent]),
    '"…',
  ]);
  const start = readSignatureStart(pdf);
  for (const [i, s] of content.signers.entries()) {
    const box = signatureBox(i, start);
    const page = pdf.getPage(box.page);
    if (s.image) {
      const png = await pdf.embedPng(s.image);
      const scale = Math.min(box.width / png.width, 30 / png.height, 1);
      page.drawImage(png, {
        x: box.x + 4,
        y: box.lineY + 2,
        width: png.width * scale,
        height: png.height * scale,
      });
    } else {
      let size = 20;
      while (size > 8 && widthOf(fonts.script, s.signedName, size) > box.width - 8) size -= 1;
      drawText(page, s.signedName, { x: box.x + 4, y: box.lineY + 5, size, face: fonts.script, color: INK });
    }
    // Between the 'Signature' label and the date's column: one line, or who and when on two.
    const who = `Signed by ${nameWithTyped(s.name, s.signedName)}`;
    const when = `at ${utcTime(s.signedAt)}`;
    const room = box.width - 50;
    let size = 7;
    while (size > 5 && widthOf(fonts.regular, who, size) > room) size -= 0.5;
    // Names too long even so are cut here; the certificate of completion has them in full.
    const [first = '', ...more] = wrap(who, fonts.regular, size, room);
    const caption =
      widthOf(fonts.regular, `${who} ${when}`, size) <= room
        ? [`${who} ${when}`]
        : [more.length ? `${first}…` : first, when];
    for (const [n, line] of caption.entries())
      drawText(page, line, {
        x: box.x + 50,
        y: box.lineY - 11 - n * (size + 1),
        size,
        face: fonts.regular,
        color: GREY,
      });
    drawText(page, isoDate(s.signedAt), {
      x: box.x + box.width + 24,
      y: box.lineY + 4,
      size: 10,
      face: fonts.regular,
      color: INK,
    });
  }

  const w = pageWriter(pdf);
  const width = PAGE[0] - 2 * MARGIN;
  w.line('Certificate of completion', fonts.bold, 18);
  w.gap(6);
  for (const text of [
    `Document: ${content.label} (document id ${content.documentId})`,
    `Website: ${content.domainName}`,
    `SHA-256 of the document before sealing: ${content.unsealedSha256}`,
    `Completed: ${utcTime(content.completedAt)}`,
    `Sealed by the ${content.portalName} with its certificate; any change to this file breaks the seal.`,
    `Check this file at ${content.verifyUrl}`,
  ]) {
    for (const line of wrap(text, fonts.regular, 9, width)) w.line(line, fonts.regular, 9);
  }
  w.gap(8);
  w.line('Signers', fonts.bold, 12);
  for (const s of content.signers) {
    const typed = typedNameNote(s.signedName, s.name);
    const text = `${s.signatory}: ${s.name} <${s.email}>, signed (${s.image ? 'drawn' : 'typed'}) at ${utcTime(s.signedAt)}${typed ? `; typed: ${typed}` : ''}`;
    for (const line of wrap(text, fonts.regular, 9, width)) w.line(line, fonts.regular, 9);
  }
  w.gap(8);
  w.line('Events', fonts.bold, 12);
  for (const e of content.events) {
    const head = `${utcTime(e.at)}  ${e.kind}${e.who ? ` - ${e.who}` : ''}${e.detail ? `: ${e.detail}` : ''}`;
    for (const line of wrap(head, fonts.regular, 9, width)) w.line(line, fonts.regular, 9);
    // The browser's description is the signer's own text: quoted, smaller and on one line, so it
    // can never pass for an event of its own.
    const where = `IP ${e.ip || '-'}, browser `;
    const room = width - 12 - widthOf(fonts.regular, where, 7);
    w.line(
      `${where}${e.userAgent ? quotedLine(e.userAgent, fonts.regular, 7, room) : '-'}`,
      fonts.regular,
      7,
      12,
      GREY,
    );
    w.gap(2);
  }
  return pdf;
}

/** Most characters of a signer's browser description the certificate shows. */
export const USER_AGENT_SHOWN = 160;

/**
 * Text from outside as one quoted line: control characters and runs of spaces become one space,
 * and what does not fit in `width` (or USER_AGENT_SHOWN characters) is cut with an ellipsis.
 */
export function quotedLine(text: string, face: Face, size: number, width: number): string {
  let flat = text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let cut = false;
  if (flat.length > USER_AGENT_SHOWN) {
    flat = flat.slice(0, USER_AGENT_SHOWN);
    cut = true;
  }
  while (flat && widthOf(face, `"${flat}…"`, size) > width) {
    flat = flat.slice(0, -1);
    cut = true;
  }
  return `"${flat}${cut ? '…' : ''}"`;
}
