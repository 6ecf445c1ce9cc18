import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { documents, documentTypes } from '../../db/schema.ts';
import { newStorageKey } from '../../platform/storage.ts';

/**
 * Documents the server itself writes (a generated Site Access Form, its sealed version): the bytes
 * go to storage first, then the row, in the caller's transaction; if the row fails, the object is
 * removed again.
 */
export interface NewDocument {
  vendorId: number;
  websiteId: number | null;
  typeId: number;
  label: string;
  contentType: string;
  signatureRequired: boolean;
  uploadedBy: number | null;
  uploadedByName: string;
  /** A Site Access Form's parties (websites' safPartiesKey). */
  safParties?: string | null;
  /** A Site Access Form sent for the terms a change request asks for. */
  requestId?: number | null;
  paper?: boolean;
  approved?: boolean;
}

export type DocumentRow = typeof documents.$inferSelect;

export const sha256Hex = (data: Uint8Array): string => crypto.createHash('sha256').update(data).digest('hex');

/** Stores `data` and inserts its row with `tx`; on failure the object is deleted. */
export async function storeDocumentBytes(
  ctx: AppContext,
  tx: Db,
  doc: NewDocument,
  data: Uint8Array,
): Promise<DocumentRow> {
  const key = newStorageKey(doc.vendorId);
  await ctx.storage.putBuffer(key, data, doc.contentType);
  try {
    const [row] = await tx
      .insert(documents)
      .values({ ...doc, storageKey: key, size: data.byteLength, sha256: sha256Hex(data) })
      .returning();
    return row!;
  } catch (err) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/**
 * Replaces a document's content (the sealed PDF replaces the one that was signed) within `tx`.
 * The caller deletes the old object after the transaction commits (`ctx.storage.delete(oldKey)`).
 */
export async function replaceDocumentBytes(
  ctx: AppContext,
  tx: Db,
  documentId: number,
  data: Uint8Array,
  extra: Partial<Pick<DocumentRow, 'approved' | 'voided' | 'unsealedSha256' | 'sealedAt'>> = {},
): Promise<{ row: DocumentRow; oldKey: string }> {
  const [current] = await tx.select().from(documents).where(eq(documents.id, documentId)).for('update');
  if (!current) throw new Error(`document ${documentId} is gone`);
  const key = newStorageKey(current.vendorId);
  await ctx.storage.putBuffer(key, data, current.contentType);
  try {
    const [row] = await tx
      .update(documents)
      .set({ storageKey: key, size: data.byteLength, sha256: sha256Hex(data), ...extra })
      .where(eq(documents.id, documentId))
      .returning();
    return { row: row!, oldKey: current.storageKey };
  } catch (err) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** The whole content of a stored document, for the server's own use (small files: PDFs it made). */
export async function readDocumentBytes(ctx: AppContext, storageKey: string): Promise<Buffer> {
  const stream: Readable = await ctx.storage.get(storageKey);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A document type by its internal name (`saf`), or null. */
export async function documentTypeByName(db: Db, name: string) {
  const [row] = await db
    .select()
    .from(documentTypes)
    .where(and(eq(documentTypes.name, name), eq(documentTypes.messaging, false)));
  return row ?? null;
}
