import {
  DocumentMessages,
  DocumentTypeAdminMessages,
  type AccountChange,
  type AdminDocumentType,
  type AdminDocumentTypes,
  type DocumentTypeValues,
} from '@vp/contract';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { documents, documentTypes, products } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { insertMessagingType, renameMessagingType, toDocumentType } from '../documents/index.ts';
import { accountChangesOf, fieldChanges, recordAccountChange } from './audit.ts';

/**
 * Document types, edited by MLS staff instead of in seed data: the Files tab's types (where each
 * belongs, whether vendors or sites must have one, and for which products) and the messaging types
 * offered on comments. Messaging types go through the same writes as POST and PUT
 * /documenttypes/messaging. A type signed in the portal (the Site Access Form) stays on websites.
 */

type TypeRow = typeof documentTypes.$inferSelect;

const EDITED_FIELDS = [
  'type',
  'scope',
  'requiredForVendor',
  'requiredForSites',
  'requiredForProducts',
  'requiredVendorTypes',
] as const;

function toAdmin(row: TypeRow, documentCount: number): AdminDocumentType {
  return { ...toDocumentType(row), messaging: row.messaging, documents: documentCount };
}

async function documentCount(db: Db, typeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.typeId, typeId));
  return row?.n ?? 0;
}

async function requireProducts(db: Db, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, unique));
  if (found.length !== unique.length) throw new BadRequestError(DocumentTypeAdminMessages.productUnknown);
}

function fileTypeColumns(values: DocumentTypeValues) {
  return {
    type: values.type,
    scope: values.scope,
    requiredForVendor: values.requiredForVendor,
    requiredForSites: values.requiredForSites,
    requiredForProducts: [...new Set(values.requiredForProducts)].sort((a, b) => a - b),
    requiredVendorTypes: [...new Set(values.requiredVendorTypes)].sort(),
  };
}

/** A unique index refusing the name (whatever its case) is a 409 with the Files tab's message. */
async function nameConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(DocumentMessages.typeNameTaken);
    throw err;
  }
}

export function documentTypesService(ctx: AppContext) {
  const { db } = ctx;

  async function answer(id: number, message: string) {
    const [row] = await db.select().from(documentTypes).where(eq(documentTypes.id, id));
    return { type: toAdmin(row!, await documentCount(db, id)), message };
  }

  return {
    async list(): Promise<AdminDocumentTypes> {
      const [rows, counts, productRows] = await Promise.all([
        db
          .select()
          .from(documentTypes)
          .orderBy(
            asc(documentTypes.messaging),
            asc(sql`lower(${documentTypes.type})`),
            asc(documentTypes.id),
          ),
        db.select({ typeId: documents.typeId, n: count() }).from(documents).groupBy(documents.typeId),
        db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.id)),
      ]);
      const byType = new Map(counts.map((c) => [c.typeId, c.n]));
      return { types: rows.map((r) => toAdmin(r, byType.get(r.id) ?? 0)), products: productRows };
    },

    async history(id: number): Promise<AccountChange[]> {
      const [row] = await db
        .select({ id: documentTypes.id })
        .from(documentTypes)
        .where(eq(documentTypes.id, id));
      if (!row) throw new NotFoundError(DocumentMessages.typeUnknown);
      return accountChangesOf(db, 'document_type', id);
    },

    async create(actor: Actor, values: DocumentTypeValues) {
      const id = await nameConflict(() =>
        db.transaction(async (tx) => {
          let id: number;
          if (values.messaging) {
            id = (await insertMessagingType(tx, values.type)).id;
          } else {
            await requireProducts(tx, values.requiredForProducts);
            const [row] = await tx
              .insert(documentTypes)
              .values({ ...fileTypeColumns(values), messaging: false })
              .returning({ id: documentTypes.id });
            id = row!.id;
          }
          await recordAccountChange(tx, actor, {
            subject: 'document_type',
            subjectId: id,
            kind: 'document_type.created',
            description: `Added the ${values.messaging ? 'messaging' : 'file'} type ${values.type}`,
          });
          return id;
        }),
      );
      return answer(id, DocumentTypeAdminMessages.created(values.type));
    },

    async update(actor: Actor, id: number, values: DocumentTypeValues) {
      await nameConflict(() =>
        db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(documentTypes)
            .where(eq(documentTypes.id, id))
            .for('update');
          if (!current) throw new NotFoundError(DocumentMessages.typeUnknown);
          if (current.messaging !== values.messaging)
            throw new BadRequestError(DocumentTypeAdminMessages.kindFixed);
          if (current.signatureRequired && values.scope !== 'website')
            throw new BadRequestError(DocumentTypeAdminMessages.signedScope);
          const before = { ...toDocumentType(current) };
          if (current.messaging) {
            await renameMessagingType(tx, id, values.type);
          } else {
            await requireProducts(tx, values.requiredForProducts);
            await tx.update(documentTypes).set(fileTypeColumns(values)).where(eq(documentTypes.id, id));
          }
          const after = current.messaging
            ? { ...before, type: values.type }
            : { ...before, ...fileTypeColumns(values) };
          const changes = fieldChanges(before, after, EDITED_FIELDS);
          if (changes.length === 0) return;
          await recordAccountChange(tx, actor, {
            subject: 'document_type',
            subjectId: id,
            kind: 'document_type.updated',
            description: `Edited the type ${values.type}: ${changes.map((c) => c.field).join(', ')}`,
            changes,
          });
        }),
      );
      return answer(id, DocumentTypeAdminMessages.saved(values.type));
    },
  };
}
