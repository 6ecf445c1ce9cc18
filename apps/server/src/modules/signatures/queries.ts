import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import {
  documents,
  documentTypes,
  members,
  offices,
  products,
  signatureEvents,
  signatureRequests,
  signers,
  userVendors,
  users,
  vendors,
  websites,
  websiteTeamMembers,
  websiteTeams,
} from '../../db/schema.ts';

/** SQL of the Site Access Form ceremony. */

export type SignerRow = typeof signers.$inferSelect;
export type RequestRow = typeof signatureRequests.$inferSelect;
export type EventRow = typeof signatureEvents.$inferSelect;

export async function documentType(db: Db, id: number) {
  const [row] = await db.select().from(documentTypes).where(eq(documentTypes.id, id));
  return row ?? null;
}

/** A vendor's website with what the form prints about it; null for another vendor's. */
export async function siteForSaf(db: Db, vendorId: number, siteId: number) {
  const [row] = await db
    .select({
      id: websites.id,
      vendorId: websites.vendorId,
      status: websites.status,
      domainName: websites.domainName,
      memberNumber: websites.memberNumber,
      products: websites.products,
      vendorName: vendors.name,
      vendorCode: vendors.code,
    })
    .from(websites)
    .innerJoin(vendors, eq(vendors.id, websites.vendorId))
    .where(and(eq(websites.id, siteId), eq(websites.vendorId, vendorId)));
  return row ?? null;
}
export type SafSite = NonNullable<Awaited<ReturnType<typeof siteForSaf>>>;

export interface RosterMember {
  /** MemberMlsId: the member number (what a website stores as its agent). */
  mlsId: string;
  /** MemberKey: the MLS system's id, printed as the member's MLS ID. */
  key: string;
  firstName: string;
  lastName: string;
  license: string;
  email: string | null;
  officeKey: string | null;
}

const memberColumns = {
  mlsId: members.MemberMlsId,
  key: members.MemberKey,
  firstName: members.MemberFirstName,
  lastName: members.MemberLastName,
  license: members.MemberStateLicense,
  email: members.MemberEmail,
  officeKey: members.OfficeKey,
};

export async function membersByMlsIds(db: Db, ids: string[]): Promise<RosterMember[]> {
  if (ids.length === 0) return [];
  return db.select(memberColumns).from(members).where(inArray(members.MemberMlsId, ids));
}

export async function officesByKeys(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({
      key: offices.OfficeKey,
      mlsId: offices.OfficeMlsId,
      name: offices.OfficeName,
      brokerMlsId: offices.OfficeBrokerMlsId,
    })
    .from(offices)
    .where(inArray(offices.OfficeKey, keys))
    .orderBy(asc(offices.OfficeMlsId));
}

/** The team of a team site: its primary and every member (primary included), or null. */
export async function teamOf(db: Db, siteId: number): Promise<{ primary: string; members: string[] } | null> {
  const [team] = await db
    .select({ primary: websiteTeams.primaryMemberNumber })
    .from(websiteTeams)
    .where(eq(websiteTeams.websiteId, siteId));
  if (!team) return null;
  const rows = await db
    .select({ n: websiteTeamMembers.memberNumber })
    .from(websiteTeamMembers)
    .where(eq(websiteTeamMembers.websiteId, siteId))
    .orderBy(asc(websiteTeamMembers.addedAt), asc(websiteTeamMembers.memberNumber));
  const list = rows.map((r) => r.n);
  return { primary: team.primary, members: list.includes(team.primary) ? list : [team.primary, ...list] };
}

export async function productNames(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.name ?? String(id));
}

/** Serialises SAF requests of one site: the pending check and the insert happen under this lock. */
export async function lockSite(tx: Db, siteId: number): Promise<void> {
  await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, siteId)).for('update');
}

export async function pendingRequestOfSite(db: Db, siteId: number): Promise<RequestRow | null> {
  const [row] = await db
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.websiteId, siteId), eq(signatureRequests.status, 'pending')))
    .limit(1);
  return row ?? null;
}

export async function insertRequest(tx: Db, row: typeof signatureRequests.$inferInsert): Promise<RequestRow> {
  const [inserted] = await tx.insert(signatureRequests).values(row).returning();
  return inserted!;
}

export async function insertSigners(tx: Db, rows: (typeof signers.$inferInsert)[]): Promise<SignerRow[]> {
  return tx.insert(signers).values(rows).returning();
}

export async function insertEvent(tx: Db, row: typeof signatureEvents.$inferInsert): Promise<void> {
  await tx.insert(signatureEvents).values(row);
}

/** The request of a vendor's document, with the document; null for another vendor's or none. */
export async function requestOfDocument(db: Db, vendorId: number, documentId: number, lock = false) {
  const query = db
    .select({ request: signatureRequests, document: documents })
    .from(signatureRequests)
    .innerJoin(documents, eq(documents.id, signatureRequests.documentId))
    .where(and(eq(signatureRequests.documentId, documentId), eq(documents.vendorId, vendorId)));
  const [row] = lock ? await query.for('update', { of: signatureRequests }) : await query;
  return row ?? null;
}

export async function documentOfVendor(db: Db, vendorId: number, documentId: number) {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.vendorId, vendorId)));
  return row ?? null;
}

export async function signersOf(db: Db, requestId: number): Promise<SignerRow[]> {
  return db.select().from(signers).where(eq(signers.requestId, requestId)).orderBy(asc(signers.position));
}

export async function eventsOf(db: Db, requestId: number): Promise<EventRow[]> {
  return db
    .select()
    .from(signatureEvents)
    .where(eq(signatureEvents.requestId, requestId))
    .orderBy(asc(signatureEvents.id));
}

export async function setRequest(
  tx: Db,
  requestId: number,
  values: Partial<Pick<RequestRow, 'status' | 'voidReason' | 'finishedAt'>>,
): Promise<void> {
  await tx.update(signatureRequests).set(values).where(eq(signatureRequests.id, requestId));
}

export async function documentById(db: Db, id: number) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

export async function voidDocument(tx: Db, id: number): Promise<void> {
  await tx.update(documents).set({ voided: true, approved: false }).where(eq(documents.id, id));
}

/** A sealed document by the SHA-256 of its bytes, with its site and vendor. */
export async function sealedBySha(db: Db, sha256: string) {
  const [row] = await db
    .select({
      document: documents,
      request: signatureRequests,
      domainName: websites.domainName,
      vendorName: vendors.name,
    })
    .from(documents)
    .innerJoin(signatureRequests, eq(signatureRequests.documentId, documents.id))
    .innerJoin(vendors, eq(vendors.id, documents.vendorId))
    .leftJoin(websites, eq(websites.id, documents.websiteId))
    .where(and(eq(documents.sha256, sha256), sql`${documents.sealedAt} IS NOT NULL`))
    .limit(1);
  return row ?? null;
}

/**
 * Whether a newer Site Access Form of the same website counts in its place: signed by everyone
 * (or on paper) and not voided, made after this one.
 */
export async function isSuperseded(
  db: Db,
  doc: { id: number; websiteId: number | null; createdAt: Date },
): Promise<boolean> {
  if (doc.websiteId === null) return false;
  const [row] = await rowsOf<{ newer: boolean }>(
    db,
    sql`SELECT EXISTS (
      SELECT 1 FROM documents d
      JOIN document_types t ON t.id = d.type_id AND t.name = 'saf'
      LEFT JOIN signature_requests r ON r.document_id = d.id
      WHERE d.website_id = ${doc.websiteId} AND d.id <> ${doc.id} AND d.approved AND NOT d.voided
        AND (d.paper OR r.status = 'completed')
        AND (d.created_at, d.id) > (${doc.createdAt.toISOString()}::timestamptz, ${doc.id})
    ) AS newer`,
  );
  return row?.newer ?? false;
}

export async function siteLabel(db: Db, siteId: number) {
  const [row] = await db
    .select({ domainName: websites.domainName, vendorName: vendors.name })
    .from(websites)
    .innerJoin(vendors, eq(vendors.id, websites.vendorId))
    .where(eq(websites.id, siteId));
  return row ?? null;
}

/**
 * Who at the vendor hears what became of a form: the active users of the account (its own people,
 * not MLS staff acting for it) who have an email address.
 */
export async function vendorRecipients(db: Db, vendorId: number) {
  return db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(userVendors)
    .innerJoin(users, eq(users.id, userVendors.userId))
    .where(
      and(
        eq(userVendors.vendorId, vendorId),
        eq(userVendors.active, true),
        eq(users.active, true),
        ne(users.role, 'admin'),
        ne(users.email, ''),
      ),
    )
    .orderBy(asc(users.id));
}
