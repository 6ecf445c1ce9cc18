import type { DocumentInfo, DocumentType } from '@vp/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, documentTypes, resources, signatureRequests } from '../../db/schema.ts';

/** The documents' SQL; every read of a document is scoped by vendor. */

export type DocumentTypeRow = typeof documentTypes.$inferSelect;

/** What an insert answers of a new document: its info but the type's name and the declined flag. */
export const insertedInfoColumns = {
  rowKey: documents.id,
  label: documents.label,
  size: documents.size,
  createdAt: documents.createdAt,
  typeId: documents.typeId,
  contentType: documents.contentType,
  signatureRequired: documents.signatureRequired,
  approved: documents.approved,
  voided: documents.voided,
  websiteId: documents.websiteId,
  uploadedBy: documents.uploadedByName,
  sha256: documents.sha256,
  rejectedAt: documents.rejectedAt,
  rejectionReason: documents.rejectionReason,
};

const infoColumns = {
  ...insertedInfoColumns,
  typeString: documentTypes.type,
  declined: sql<boolean>`exists (select 1 from ${signatureRequests} where ${signatureRequests.documentId} = ${documents.id} and ${signatureRequests.status} = 'declined')`,
  // A signed form made for terms the site no longer has (its agent, brokers or products changed).
  outOfDate: sql<boolean>`(${documents.approved} and not ${documents.voided} and ${documents.safParties} is not null
    and ${documents.websiteId} is not null
    and not exists (select 1 from website_requests q where q.id = ${documents.requestId} and q.status = 'pending')
    and not saf_covers(${documents.safParties}, website_saf_parties(${documents.websiteId})))`,
};

type InfoRow = { createdAt: Date; rejectedAt: Date | null; rejectionReason: string } & Omit<
  DocumentInfo,
  'uploadDate' | 'rejection'
>;

export function toInfo({ createdAt, rejectedAt, rejectionReason, ...row }: InfoRow): DocumentInfo {
  return {
    ...row,
    uploadDate: createdAt.toISOString(),
    ...(rejectedAt ? { rejection: { reason: rejectionReason, date: rejectedAt.toISOString() } } : {}),
  };
}

/** The vendor's documents on the account (not on a website), newest first. */
export async function vendorDocuments(db: Db, vendorId: number): Promise<DocumentInfo[]> {
  const rows = await db
    .select(infoColumns)
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.typeId))
    .where(and(eq(documents.vendorId, vendorId), isNull(documents.websiteId)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(toInfo);
}

/** A website's documents (the caller has checked the site is the vendor's), newest first. */
export async function websiteDocuments(db: Db, vendorId: number, websiteId: number): Promise<DocumentInfo[]> {
  const rows = await db
    .select(infoColumns)
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.typeId))
    .where(and(eq(documents.vendorId, vendorId), eq(documents.websiteId, websiteId)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(toInfo);
}

/** The vendor's document row, or null (another vendor's is indistinguishable from none). */
export async function documentRow(db: Db, vendorId: number, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(documents)
    .where(and(eq(documents.vendorId, vendorId), eq(documents.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function deleteDocumentRow(tx: Db, id: number): Promise<void> {
  await tx.delete(documents).where(eq(documents.id, id));
}

/** Which of `keys` a document row holds: the orphan sweep keeps those objects. */
export async function storageKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .select({ key: documents.storageKey })
    .from(documents)
    .where(inArray(documents.storageKey, keys));
  // The MLS's published resources keep their files in the same storage.
  const published = await db
    .select({ key: resources.storageKey })
    .from(resources)
    .where(inArray(resources.storageKey, keys));
  return new Set([...rows, ...published].map((r) => r.key).filter((k): k is string => k !== null));
}

export function toDocumentType(row: DocumentTypeRow): DocumentType {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    scope: row.scope,
    signatureRequired: row.signatureRequired,
    requiredForVendor: row.requiredForVendor,
    requiredForSites: row.requiredForSites,
    requiredForProducts: (row.requiredForProducts ?? []).map(Number),
    requiredVendorTypes: row.requiredVendorTypes ?? [],
  };
}

/** The Files tab's types, or the messaging ones, by name. */
export async function documentTypeList(db: Db, messaging: boolean): Promise<DocumentTypeRow[]> {
  return db
    .select()
    .from(documentTypes)
    .where(eq(documentTypes.messaging, messaging))
    .orderBy(asc(sql`lower(${documentTypes.type})`), asc(documentTypes.id));
}

export async function documentTypeById(db: Db, id: number): Promise<DocumentTypeRow | null> {
  const [row] = await db.select().from(documentTypes).where(eq(documentTypes.id, id));
  return row ?? null;
}

export async function insertMessagingType(tx: Db, type: string): Promise<DocumentTypeRow> {
  const [row] = await tx.insert(documentTypes).values({ type, messaging: true, scope: 'any' }).returning();
  return row!;
}

export async function renameMessagingType(tx: Db, id: number, type: string): Promise<DocumentTypeRow | null> {
  const [row] = await tx
    .update(documentTypes)
    .set({ type })
    .where(and(eq(documentTypes.id, id), eq(documentTypes.messaging, true)))
    .returning();
  return row ?? null;
}

/** A document whose Site Access Form is still waiting for signatures. */
export async function isOutForSignature(db: Db, documentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.documentId, documentId), eq(signatureRequests.status, 'pending')));
  return !!row;
}

/** Whether a site has a form out for signature (a paper one may not be uploaded beside it). */
export async function siteHasFormOut(db: Db, websiteId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.websiteId, websiteId), eq(signatureRequests.status, 'pending')));
  return !!row;
}
