import { displayPhone, type Contact, type ContactInput, type ContactType } from '@vp/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactTypeLinks, contactTypes, contacts } from '../../db/schema.ts';
import { rowsOf, textArray } from '../../db/sql.ts';

/** Key contacts and contact types; every read of contacts is scoped by vendor. */

export async function listTypes(db: Db): Promise<ContactType[]> {
  return db
    .select({
      id: contactTypes.id,
      name: contactTypes.name,
      required: contactTypes.required,
      vendorTypes: contactTypes.vendorTypes,
      sortOrder: contactTypes.sortOrder,
    })
    .from(contactTypes)
    .orderBy(asc(contactTypes.sortOrder), asc(contactTypes.id));
}

export async function typeById(db: Db, id: number): Promise<ContactType | null> {
  const [row] = (await listTypes(db)).filter((t) => t.id === id);
  return row ?? null;
}

/** The ids among `ids` that name no contact type. */
export async function unknownTypeIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: contactTypes.id })
    .from(contactTypes)
    .where(inArray(contactTypes.id, [...ids]));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

interface ContactRow {
  id: number;
  version: number;
  first_name: string;
  last_name: string;
  title: string;
  email: string;
  phone: string;
  notes: string;
  created_at: Date | string;
  updated_at: Date | string;
  updated_by_name: string;
  types: number[] | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toContact(r: ContactRow): Contact {
  return {
    id: r.id,
    version: r.version,
    types: (r.types ?? []).map(Number),
    firstName: r.first_name,
    lastName: r.last_name,
    title: r.title,
    email: r.email,
    phone: r.phone,
    phoneNational: displayPhone(r.phone),
    notes: r.notes,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by_name,
  };
}

/** A vendor's contacts by name (all, of one type, or one by id), each with its types in their order. */
export async function listContacts(
  db: Db,
  vendorId: number,
  filter: { typeId?: number; id?: number } = {},
): Promise<Contact[]> {
  const rows = await rowsOf<ContactRow>(
    db,
    sql`SELECT c.id, c.version, c.first_name, c.last_name, c.title, c.email, c.phone, c.notes,
        c.created_at, c.updated_at, c.updated_by_name,
        ARRAY(SELECT l.type_id FROM contact_type_links l JOIN contact_types t ON t.id = l.type_id
          WHERE l.contact_id = c.id ORDER BY t.sort_order, t.id) AS types
      FROM contacts c
      WHERE c.vendor_id = ${vendorId}
        ${filter.id === undefined ? sql`` : sql`AND c.id = ${filter.id}`}
        ${
          filter.typeId === undefined
            ? sql``
            : sql`AND EXISTS (SELECT 1 FROM contact_type_links l
                WHERE l.contact_id = c.id AND l.type_id = ${filter.typeId})`
        }
      ORDER BY lower(c.last_name), lower(c.first_name), c.id`,
  );
  return rows.map(toContact);
}

export async function contactById(db: Db, vendorId: number, id: number): Promise<Contact | null> {
  const [row] = await listContacts(db, vendorId, { id });
  return row ?? null;
}

/** Locks the contact for a change; null for another vendor's contact, or none. */
export async function lockContact(tx: Db, vendorId: number, id: number): Promise<Contact | null> {
  await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.vendorId, vendorId)))
    .for('update');
  return contactById(tx, vendorId, id);
}

interface Author {
  userId: number;
  username: string;
}

export async function insertContact(
  tx: Db,
  vendorId: number,
  input: ContactInput,
  author: Author,
): Promise<number> {
  const [row] = await tx
    .insert(contacts)
    .values({
      vendorId,
      firstName: input.firstName,
      lastName: input.lastName,
      title: input.title,
      email: input.email,
      phone: input.phone,
      notes: input.notes,
      updatedBy: author.userId,
      updatedByName: author.username,
    })
    .returning({ id: contacts.id });
  await setTypes(tx, row!.id, input.types);
  return row!.id;
}

/** Writes the fields when the contact is still at `version`; false when it has moved on. */
export async function updateContact(
  tx: Db,
  vendorId: number,
  id: number,
  version: number,
  input: ContactInput,
  author: Author,
): Promise<boolean> {
  const rows = await tx
    .update(contacts)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      title: input.title,
      email: input.email,
      phone: input.phone,
      notes: input.notes,
      version: sql`${contacts.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: author.userId,
      updatedByName: author.username,
    })
    .where(and(eq(contacts.id, id), eq(contacts.vendorId, vendorId), eq(contacts.version, version)))
    .returning({ id: contacts.id });
  if (rows.length === 0) return false;
  await setTypes(tx, id, input.types);
  return true;
}

async function setTypes(tx: Db, contactId: number, typeIds: readonly number[]): Promise<void> {
  await tx.delete(contactTypeLinks).where(eq(contactTypeLinks.contactId, contactId));
  await tx.insert(contactTypeLinks).values(typeIds.map((typeId) => ({ contactId, typeId })));
}

export async function deleteContact(tx: Db, vendorId: number, id: number): Promise<void> {
  await tx.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.vendorId, vendorId)));
}

export async function insertType(
  tx: Db,
  input: { name: string; required: boolean; vendorTypes: string[] },
): Promise<number> {
  const [row] = await tx
    .insert(contactTypes)
    .values({
      name: input.name,
      required: input.required,
      vendorTypes: textArray(input.vendorTypes),
      sortOrder: sql`(SELECT coalesce(max(sort_order), 0) + 1 FROM contact_types)`,
    })
    .returning({ id: contactTypes.id });
  return row!.id;
}

export async function updateType(
  tx: Db,
  id: number,
  input: { required: boolean; vendorTypes: string[] },
): Promise<boolean> {
  const rows = await tx
    .update(contactTypes)
    .set({ required: input.required, vendorTypes: textArray(input.vendorTypes), updatedAt: sql`now()` })
    .where(eq(contactTypes.id, id))
    .returning({ id: contactTypes.id });
  return rows.length > 0;
}
