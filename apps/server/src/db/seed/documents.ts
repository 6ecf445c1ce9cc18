import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { newStorageKey, type FileStorage } from '../../platform/storage.ts';
import type { Db } from '../client.ts';
import { documents, documentTypes, users, vendors, websites } from '../schema.ts';

/**
 * Demo documents of Summit Web Solutions: its W-9 on file (so one vendor-level document is still
 * missing: the Vendor License Agreement) and a screenshot of one of its active sites. They need
 * file storage, so they are written when the server seeds a new embedded database, not in the
 * database-only seed the tests start from.
 */

async function w9Pdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Form W-9 (demo)');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Form W-9: Request for Taxpayer Identification Number', { x: 50, y: 720, size: 16, font });
  page.drawText('Summit Web Solutions (demo document)', { x: 50, y: 690, size: 12, font });
  return pdf.save();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small page-like picture: a header bar over a light body. */
function screenshotPng(width = 160, height = 100): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const rgb =
        y < 18 ? [22, 93, 255] : x > 10 && x < 60 && y > 28 && y < 80 ? [200, 214, 232] : [246, 248, 250];
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function seedDemoDocuments(db: Db, storage: FileStorage): Promise<void> {
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, 'SWS'));
  const [user] = await db.select().from(users).where(eq(users.username, 'demo'));
  const [site] = await db
    .select({ id: websites.id })
    .from(websites)
    .where(and(eq(websites.vendorId, vendor!.id), eq(websites.status, 'Active')))
    .orderBy(websites.id)
    .limit(1);
  const types = await db.select().from(documentTypes);
  const typeId = (name: string) => types.find((t) => t.name === name)!.id;
  const files = [
    {
      label: 'W-9 Summit Web Solutions.pdf',
      typeId: typeId('w9'),
      websiteId: null,
      data: await w9Pdf(),
      contentType: 'application/pdf',
    },
    {
      label: 'Home page.png',
      typeId: typeId('screenshot'),
      websiteId: site?.id ?? null,
      data: screenshotPng(),
      contentType: 'image/png',
    },
  ];
  for (const f of files) {
    if (f.typeId === typeId('screenshot') && f.websiteId === null) continue;
    const key = newStorageKey(vendor!.id);
    await storage.putBuffer(key, f.data, f.contentType);
    await db.insert(documents).values({
      vendorId: vendor!.id,
      websiteId: f.websiteId,
      typeId: f.typeId,
      label: f.label,
      storageKey: key,
      size: f.data.byteLength,
      sha256: crypto.createHash('sha256').update(f.data).digest('hex'),
      contentType: f.contentType,
      uploadedBy: user?.id ?? null,
      uploadedByName: user ? `${user.firstName} ${user.lastName}`.trim() : 'demo',
    });
  }
}
