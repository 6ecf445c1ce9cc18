import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFString,
  rgb,
  type Color,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { SERVER_ROOT } from '../../config.ts';

/**
 * The Site Access Form as a PDF: the form itself (one page, a signature block per signatory) and,
 * when everyone has signed, the stamped signatures and the certificate of completion. Text is set in
 * DejaVu, embedded (subset), so names in Latin, Greek, Cyrillic and other scripts it covers render;
 * what DejaVu lacks (Chinese, Japanese and Korean) falls back to Droid Sans Fallback, shipped in
 * `assets/fonts`, character by character.
 */

const require = createRequire(import.meta.url);
const DEJAVU_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const ASSET_FONTS = path.join(SERVER_ROOT, 'assets', 'fonts');
const fontBytes = new Map<string, Buffer>();
function fontFile(file: string): Buffer {
  let bytes = fontBytes.get(file);
  if (!bytes) {
    bytes = fs.readFileSync(file);
    fontBytes.set(file, bytes);
  }
  return bytes;
}
const FACES = {
  regular: path.join(DEJAVU_DIR, 'DejaVuSans.ttf'),
  bold: path.join(DEJAVU_DIR, 'DejaVuSans-Bold.ttf'),
  script: path.join(DEJAVU_DIR, 'DejaVuSerif-Italic.ttf'),
};
const CJK_FALLBACK = path.join(ASSET_FONTS, 'DroidSansFallback-CJK.ttf');

type Kit = ReturnType<typeof fontkit.create>;

/** A typeface and the fallback that covers what it lacks; text is set in runs of one font each. */
export interface Face {
  fonts: PDFFont[];
  kits: Kit[];
}

export interface Fonts {
  regular: Face;
  bold: Face;
  /** A flowing italic for typed signatures. */
  script: Face;
}

/**
 * fontkit with its parsed fonts kept: parsing a font file costs far more than subsetting it, and
 * the same few files serve every form. Fonts are read-only once parsed; each document takes its own
 * subset of them.
 */
const parsedFonts = new WeakMap<Uint8Array, Kit>();
const cachingFontkit: typeof fontkit = {
  ...fontkit,
  create(data: Uint8Array, postscriptName?: string) {
    if (postscriptName !== undefined) return fontkit.create(data, postscriptName);
    let font = parsedFonts.get(data);
    if (!font) {
      font = fontkit.create(data);
      parsedFonts.set(data, font);
    }
    return font;
  },
};

/**
 * Embeds the faces a document draws with. The fallback is embedded only when `texts` (everything
 * the document will draw) holds a character the faces lack, so most forms carry DejaVu alone.
 */
export async function embedFonts(pdf: PDFDocument, texts: readonly string[]): Promise<Fonts> {
  pdf.registerFontkit(cachingFontkit);
  const kit = (file: string) => cachingFontkit.create(fontFile(file));
  const faceKits = [kit(FACES.regular), kit(FACES.bold), kit(FACES.script)];
  const needsFallback = texts.some((text) => {
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (cp > 0x7f && faceKits.some((k) => !k.hasGlyphForCodePoint(cp))) return true;
    }
    return false;
  });
  const embed = (file: string) => pdf.embedFont(fontFile(file), { subset: true });
  const [regular, bold, script, fallback] = await Promise.all([
    embed(FACES.regular),
    embed(FACES.bold),
    embed(FACES.script),
    needsFallback ? embed(CJK_FALLBACK) : undefined,
  ]);
  const face = (font: PDFFont, own: Kit): Face =>
    fallback ? { fonts: [font, fallback], kits: [own, kit(CJK_FALLBACK)] } : { fonts: [font], kits: [own] };
  return {
    regular: face(regular, faceKits[0]!),
    bold: face(bold, faceKits[1]!),
    script: face(script, faceKits[2]!),
  };
}

/**
 * `text` cut into runs of one font: each character in the first font that has it, staying with the
 * current font where it has the character too (spaces and punctuation between two Chinese words
 * stay in the fallback), and in the face's own font where none has it.
 */
export function runs(face: Face, text: string): { font: PDFFont; text: string }[] {
  if (face.fonts.length === 1) return [{ font: face.fonts[0]!, text }];
  const out: { font: PDFFont; text: string }[] = [];
  let current = -1;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let pick = current >= 0 && face.kits[current]!.hasGlyphForCodePoint(cp) ? current : -1;
    if (pick < 0) pick = face.kits.findIndex((k) => k.hasGlyphForCodePoint(cp));
    if (pick < 0) pick = current >= 0 ? current : 0;
    if (pick === current) out[out.length - 1]!.text += ch;
    else out.push({ font: face.fonts[pick]!, text: ch });
    current = pick;
  }
  return out;
}

/** Draws `text` in `face`, run by run. */
export function drawText(
  page: PDFPage,
  text: string,
  at: { x: number; y: number; size: number; face: Face; color: Color },
): void {
  let x = at.x;
  for (const run of runs(at.face, text)) {
    page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color });
    x += fontWidth(run.font, run.text, at.size);
  }
}

export const PAGE: [number, number] = [612, 792];
export const MARGIN = 54;
export const INK = rgb(0.1, 0.1, 0.12);
export const GREY = rgb(0.4, 0.4, 0.45);
const SIGNATURE_BLOCK = 64;
const FIRST_BLOCK_TOP = 360;

/** Where the first signature block starts: its page and the top of its block. */
export interface SignatureStart {
  page: number;
  top: number;
}

/** Forms made before the start was recorded have their blocks here. */
const DEFAULT_START: SignatureStart = { page: 0, top: FIRST_BLOCK_TOP };

/**
 * Where a signatory's signature line sits; the same for the form and for stamping it. The blocks
 * begin at `start` (below the form's text) and continue at the top of the following pages.
 */
export function signatureBox(
  index: number,
  start: SignatureStart = DEFAULT_START,
): { page: number; x: number; lineY: number; width: number } {
  const perFirstPage = Math.floor((start.top - MARGIN) / SIGNATURE_BLOCK);
  const perPage = Math.floor((PAGE[1] - 2 * MARGIN) / SIGNATURE_BLOCK);
  if (index < perFirstPage) {
    return { page: start.page, x: MARGIN, lineY: start.top - index * SIGNATURE_BLOCK - 34, width: 300 };
  }
  const rest = index - perFirstPage;
  const page = start.page + 1 + Math.floor(rest / perPage);
  const top = PAGE[1] - MARGIN - (rest % perPage) * SIGNATURE_BLOCK;
  return { page, x: MARGIN, lineY: top - 34, width: 300 };
}

/** The document-information key that records where the signature blocks start. */
const START_KEY = PDFName.of('VPSignatureStart');

function recordSignatureStart(pdf: PDFDocument, start: SignatureStart): void {
  const info = pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict);
  info.set(START_KEY, PDFString.of(`${start.page}:${start.top}`));
}

/** Where the form's signature blocks start, as recorded when it was made. */
export function readSignatureStart(pdf: PDFDocument): SignatureStart {
  const ref = pdf.context.trailerInfo.Info;
  const info = ref ? pdf.context.lookup(ref) : undefined;
  const value = info instanceof PDFDict ? info.get(START_KEY) : undefined;
  const m = value instanceof PDFString ? /^(\d+):(\d+(?:\.\d+)?)$/.exec(value.decodeText()) : null;
  return m ? { page: Number(m[1]), top: Number(m[2]) } : DEFAULT_START;
}

/**
 * Text widths at 1000 pt, kept per font face across documents: measuring shapes the text, which is
 * the costly part of laying out a page.
 */
const widths = new Map<string, Map<string, number>>();
function fontWidth(font: PDFFont, text: string, size: number): number {
  const face = font.name.replace(/^[A-Z]{6}\+/, '');
  let known = widths.get(face);
  if (!known) {
    known = new Map();
    widths.set(face, known);
  }
  let w = known.get(text);
  if (w === undefined) {
    w = font.widthOfTextAtSize(text, 1000);
    if (known.size < 5000) known.set(text, w);
  }
  return (w * size) / 1000;
}

/** The width of `text` set in `face` at `size`. */
export function widthOf(face: Face, text: string, size: number): number {
  let w = 0;
  for (const run of runs(face, text)) w += fontWidth(run.font, run.text, size);
  return w;
}

/** Lines of `text` that fit `width`, broken at spaces (or anywhere in a very long word). */
export function wrap(text: string, font: Face, size: number, width: number): string[] {
  const space = widthOf(font, ' ', size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = widthOf(font, word, size);
    if (line && lineWidth + space + w <= width) {
      line += ` ${word}`;
      lineWidth += space + w;
      continue;
    }
    if (line) lines.push(line);
    if (w <= width) {
      line = word;
      lineWidth = w;
      continue;
    }
    // A word wider than the line (a hash, a user agent without spaces) is cut by characters.
    line = '';
    lineWidth = 0;
    for (const ch of word) {
      const cw = widthOf(font, ch, size);
      if (line && lineWidth + cw > width) {
        lines.push(line);
        line = '';
        lineWidth = 0;
      }
      line += ch;
      lineWidth += cw;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

export interface FormSignatory {
  signatory: string;
  name: string;
  email: string;
}

/** A member of the roster as the form identifies them. */
export interface FormMember {
  name: string;
  /** MemberKey: the MLS system's id of the member. */
  mlsId: string;
  /** MemberMlsId: the member number agents are known by. */
  memberNumber: string;
}

export interface FormOffice {
  name: string;
  mlsId: string;
}

export interface FormContent {
  portalName: string;
  portalUrl: string;
  vendorName: string;
  vendorCode: string;
  domainName: string;
  products: string[];
  agent: FormMember & { license: string; office: FormOffice | null };
  /**
   * The broker of each office that signs, with the team members of that office (team sites; empty
   * otherwise: the agent is printed on their own line).
   */
  brokers: (FormMember & { license: string; office: FormOffice | null; teamMembers: FormMember[] })[];
  signatories: FormSignatory[];
  date: Date;
}

const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '-');

/** "MLS ID 10000181, Member # 3000181": both identifiers, each with its own label. */
export function memberIds(m: FormMember): string {
  return `MLS ID ${orDash(m.mlsId)}, Member # ${orDash(m.memberNumber)}`;
}

export function officeText(o: FormOffice | null): string {
  return o ? `${orDash(o.name)} (Office MLS ID ${orDash(o.mlsId)})` : '-';
}

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
export const utcTime = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The Site Access Form to be signed. */
export async function renderSafForm(content: FormContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Site Access Form - ${content.domainName}`);
  pdf.setAuthor(content.portalName);
  pdf.setCreator(content.portalName);
  pdf.setCreationDate(content.date);
  pdf.setModificationDate(content.date);
  // Every string of the content, so the fallback font comes along when a name needs it.
  const fonts = await embedFonts(pdf, [JSON.stringify(content)]);
  let page = pdf.addPage(PAGE);
  const width = PAGE[0] - 2 * MARGIN;
  let y = PAGE[1] - MARGIN - 20;
  /** Moves to a new page when `height` more does not fit above the bottom margin. */
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage(PAGE);
    y = PAGE[1] - MARGIN - 10;
  };
  drawText(page, 'Site Access Form', { x: MARGIN, y, size: 22, face: fonts.bold, color: INK });
  y -= 18;
  drawText(page, `${content.portalName} · ${content.portalUrl}`, {
    x: MARGIN,
    y,
    size: 10,
    face: fonts.regular,
    color: GREY,
  });
  y -= 28;

  const { agent } = content;
  const rows: [string, string][] = [
    ['Vendor', `${content.vendorName} (${content.vendorCode})`],
    ['Website', content.domainName],
    ['Product', content.products.join(', ') || '-'],
    [
      'Agent',
      `${orDash(agent.name)}, ${memberIds(agent)}, License # ${orDash(agent.license)}, ` +
        `Office ${officeText(agent.office)}`,
    ],
    ...content.brokers.flatMap((b): [string, string][] => [
      [
        'Broker',
        `${orDash(b.name)}, ${memberIds(b)}, License # ${orDash(b.license)}, Office ${officeText(b.office)}`,
      ],
      ...b.teamMembers.map((m): [string, string] => ['Team member', `${orDash(m.name)}, ${memberIds(m)}`]),
    ]),
    ['Date', isoDate(content.date)],
  ];
  for (const [label, value] of rows) {
    const lines = wrap(value, fonts.regular, 10, width - 90);
    room(lines.length * 14);
    drawText(page, label, { x: MARGIN, y, size: 10, face: fonts.bold, color: INK });
    for (const line of lines) {
      drawText(page, line, { x: MARGIN + 90, y, size: 10, face: fonts.regular, color: INK });
      y -= 14;
    }
    y -= 2;
  }
  y -= 8;
  const terms =
    `The undersigned agree that the vendor named above may display MLS listing data on the website ` +
    `named above for the product shown, under the rules of the MLS, and that this access ends when ` +
    `the website is terminated. Each signatory signs electronically through the ${content.portalName}.`;
  for (const line of wrap(terms, fonts.regular, 10, width)) {
    room(14);
    drawText(page, line, { x: MARGIN, y, size: 10, face: fonts.regular, color: INK });
    y -= 14;
  }

  // The blocks sit where they always have when the text leaves room; a longer form (a team with
  // several offices) has them follow its text, on a new page if need be.
  const current = pdf.getPageCount() - 1;
  const start: SignatureStart =
    current === 0 && y >= FIRST_BLOCK_TOP + 8
      ? DEFAULT_START
      : y - 8 - SIGNATURE_BLOCK >= MARGIN
        ? { page: current, top: Math.floor(y - 8) }
        : { page: current + 1, top: PAGE[1] - MARGIN };
  recordSignatureStart(pdf, start);

  content.signatories.forEach((s, i) => {
    const box = signatureBox(i, start);
    while (pdf.getPageCount() <= box.page) pdf.addPage(PAGE);
    const p = pdf.getPage(box.page);
    const top = box.lineY + 34;
    drawText(p, `${s.signatory}: ${s.name}`, { x: box.x, y: top, size: 10, face: fonts.bold, color: INK });
    drawText(p, s.email, { x: box.x + box.width + 20, y: top, size: 9, face: fonts.regular, color: GREY });
    p.drawLine({
      start: { x: box.x, y: box.lineY },
      end: { x: box.x + box.width, y: box.lineY },
      thickness: 0.8,
      color: INK,
    });
    drawText(p, 'Signature', { x: box.x, y: box.lineY - 11, size: 8, face: fonts.regular, color: GREY });
    p.drawLine({
      start: { x: box.x + box.width + 20, y: box.lineY },
      end: { x: box.x + box.width + 160, y: box.lineY },
      thickness: 0.8,
      color: INK,
    });
    drawText(p, 'Date', {
      x: box.x + box.width + 20,
      y: box.lineY - 11,
      size: 8,
      face: fonts.regular,
      color: GREY,
    });
  });
  return pdf.save();
}
