import {
  cleanFileName,
  DocumentMessages,
  Messages,
  extensionOf,
  isUploadExtension,
  uploadNameError,
  type DocumentInfo,
  WebsiteServerMessages,
  type DocumentType,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { raiseWebhookEvents } from '../../platform/webhook-outbox.ts';
import { discardStaged, newStorageKey, type StagedFile } from '../../platform/storage.ts';
import { recordChange } from '../history/index.ts';
import { noticeText, withNotices, type NoticeBatch } from '../notifications/index.ts';
import { requireWebsite, safPartiesKey } from '../websites/index.ts';
import { CONTENT_TYPES, contentMatches } from './content.ts';
import * as q from './queries.ts';

/** What the multipart reader gathered: the staged file (if any) and the form's fields. */
export interface UploadInput {
  staged: StagedFile | null;
  fileName: string | null;
  documentType: string | null;
  website: string | null;
}

const displayName = (actor: Actor) => `${actor.firstName} ${actor.lastName}`.trim() || actor.username;

/** Whether a document is part of the licensing record: signed and sealed, or approved after signing. */
export const isSignedRecord = (row: {
  sealedAt: Date | null;
  signatureRequired: boolean;
  approved: boolean;
}) => row.sealedAt !== null || (row.signatureRequired && row.approved);

const isStaff = (actor: Actor) => actor.role === 'admin';

/** The vendor's users hear of a file uploaded or deleted, on a website or on the account. */
function fileChanged(
  notices: NoticeBatch,
  tx: Db,
  vendorId: number,
  site: { id: number; domainName: string } | null,
  label: string,
  actor: Actor,
  action: 'uploaded' | 'deleted',
): Promise<void> {
  const where = site === null ? 'vendor' : 'website';
  const what = action === 'uploaded' ? 'Create' : 'Delete';
  return notices.add(tx, {
    vendorId,
    websiteId: site?.id ?? null,
    topic: `files.${where}${what}`,
    content: noticeText.file(action, label, site?.domainName ?? null, actor),
    actor,
  });
}

function parseId(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export function documentsService(ctx: AppContext) {
  const { db, storage, bus } = ctx;

  /** The upload's first broken rule, checked in the order the client reports them. */
  async function check(vendorId: number, actor: Actor, input: UploadInput) {
    const typeRaw = input.documentType?.trim() ?? '';
    if (!typeRaw) throw new BadRequestError(DocumentMessages.typeRequired);
    if (!input.staged || input.fileName === null) throw new BadRequestError(DocumentMessages.fileRequired);
    // The name is stored and shown without invisible characters that would make it read as another.
    const name = cleanFileName(input.fileName);
    const nameError = uploadNameError(name);
    if (nameError) throw new BadRequestError(nameError);
    const ext = extensionOf(name);
    if (!isUploadExtension(ext)) throw new BadRequestError(DocumentMessages.extension);
    if (input.staged.size === 0) throw new BadRequestError(DocumentMessages.empty);
    if (!(await contentMatches(ext, input.staged)))
      throw new BadRequestError(DocumentMessages.contentMismatch(ext));

    const typeId = parseId(typeRaw);
    const websiteRaw = input.website?.trim() ?? '';
    const siteId = websiteRaw ? parseId(websiteRaw) : null;
    // The type and the site are read side by side; their rules are still judged in order.
    const siteRead = siteId === null ? null : requireWebsite(db, vendorId, siteId);
    siteRead?.catch(() => undefined);
    const type = typeId === null ? null : await q.documentTypeById(db, typeId);
    if (!type || type.messaging) throw new BadRequestError(DocumentMessages.typeUnknown);
    // A form that is signed in the portal is uploaded only by MLS staff, as one signed on paper.
    const paper = type.signatureRequired;
    if (paper && !isStaff(actor)) throw new BadRequestError(DocumentMessages.signedInPortal);
    let websiteId: number | null = null;
    let site: { id: number; domainName: string } | null = null;
    if (websiteRaw) {
      // Not a site id at all, or another vendor's site: both are "no such website".
      if (siteRead === null) throw new NotFoundError(WebsiteServerMessages.siteNotFound);
      site = await siteRead;
      websiteId = site.id;
      if (type.scope === 'vendor') throw new BadRequestError(DocumentMessages.typeNotForWebsite);
    } else if (type.scope === 'website' || paper) {
      throw new BadRequestError(DocumentMessages.typeNotForVendor);
    }
    return { name, ext, type, websiteId, site, paper, staged: input.staged };
  }

  return {
    /**
     * Checks the staged upload, moves it into storage and writes its row (and the site's History
     * entry) in one transaction. On any failure nothing stays behind: the staged file is removed,
     * and an object already stored is deleted again.
     */
    async upload(vendorId: number, actor: Actor, input: UploadInput): Promise<DocumentInfo> {
      let key: string | null = null;
      try {
        const { name, ext, type, websiteId, site, paper, staged } = await check(vendorId, actor, input);
        const contentType = CONTENT_TYPES[ext];
        key = newStorageKey(vendorId);
        await storage.commit(staged.path, key, contentType);
        const storedKey = key;
        const info = await withNotices(ctx, async (tx, notices) => {
          if (paper && websiteId !== null && (await q.siteHasFormOut(tx, websiteId)))
            throw new ConflictError(DocumentMessages.paperWhileOut);
          const [row] = await tx
            .insert(documents)
            .values({
              vendorId,
              websiteId,
              typeId: type.id,
              label: name,
              storageKey: storedKey,
              size: staged.size,
              sha256: staged.sha256,
              contentType,
              uploadedBy: actor.userId,
              uploadedByName: displayName(actor),
              ...(paper && websiteId !== null
                ? {
                    signatureRequired: true,
                    approved: true,
                    paper: true,
                    safParties: await safPartiesKey(tx, websiteId),
                  }
                : {}),
            })
            .returning(q.insertedInfoColumns);
          if (websiteId !== null) {
            await recordChange(tx, {
              websiteId,
              vendorId,
              kind: 'document.uploaded',
              description: paper
                ? `Uploaded ${type.type} signed on paper: ${name}`
                : `Uploaded ${type.type}: ${name}`,
              actor,
              changes: [],
            });
          }
          await fileChanged(notices, tx, vendorId, site, name, actor, 'uploaded');
          // A new document has no signature request yet, so none was declined.
          const made = q.toInfo({ ...row!, typeString: type.type, declined: false, outOfDate: false });
          await raiseWebhookEvents(tx, [
            {
              vendorId,
              type: 'document.uploaded',
              data: { document: made },
              ...(websiteId !== null ? { subject: { kind: 'website', id: websiteId } } : {}),
            },
          ]);
          return made;
        });
        key = null;
        await bus.publish('document.changed', {
          vendorId,
          websiteId,
          documentId: info.rowKey,
          action: 'created',
          username: actor.username,
        });
        return info;
      } catch (err) {
        if (key) await storage.delete(key).catch(() => undefined);
        throw err;
      } finally {
        await discardStaged(input.staged);
      }
    },

    listVendor: (vendorId: number) => q.vendorDocuments(db, vendorId),

    async listWebsite(vendorId: number, websiteId: number): Promise<DocumentInfo[]> {
      await requireWebsite(db, vendorId, websiteId);
      return q.websiteDocuments(db, vendorId, websiteId);
    },

    /** The row and a stream of its content; another vendor's document is 404. */
    async open(vendorId: number, id: number) {
      const row = await q.documentRow(db, vendorId, id);
      if (!row) throw new NotFoundError(DocumentMessages.notFound);
      return { row, stream: await storage.get(row.storageKey) };
    },

    /** Deletes the row (and writes History) in a transaction, then the object once it committed. */
    async remove(vendorId: number, actor: Actor, id: number): Promise<{ message: string }> {
      const row = await withNotices(ctx, async (tx, notices) => {
        const doc = await q.documentRow(tx, vendorId, id, true);
        if (!doc) throw new NotFoundError(DocumentMessages.notFound);
        if (isSignedRecord(doc) && !isStaff(actor))
          throw new ConflictError(DocumentMessages.signedCannotBeDeleted);
        if (await q.isOutForSignature(tx, doc.id)) throw new ConflictError(DocumentMessages.voidBeforeDelete);
        await q.deleteDocumentRow(tx, doc.id);
        if (doc.websiteId !== null) {
          const type = await q.documentTypeById(tx, doc.typeId);
          await recordChange(tx, {
            websiteId: doc.websiteId,
            vendorId,
            kind: 'document.deleted',
            description: `Deleted ${type?.type ?? 'document'}: ${doc.label}`,
            actor,
            changes: [],
          });
        }
        const site = doc.websiteId === null ? null : await requireWebsite(tx, vendorId, doc.websiteId);
        await fileChanged(notices, tx, vendorId, site, doc.label, actor, 'deleted');
        return doc;
      });
      // The row is gone; an object left by a failure here is an orphan the sweep removes.
      await storage
        .delete(row.storageKey)
        .catch((err: unknown) => ctx.log.warn({ err, document: row.id }, 'document object not deleted'));
      await bus.publish('document.changed', {
        vendorId,
        websiteId: row.websiteId,
        documentId: row.id,
        action: 'deleted',
        username: actor.username,
      });
      return { message: DocumentMessages.deleted };
    },

    async types(): Promise<DocumentType[]> {
      return (await q.documentTypeList(db, false)).map(q.toDocumentType);
    },

    async requiredType(name: string): Promise<DocumentType> {
      const row = (await q.documentTypeList(db, false)).find((t) => t.name === name.toLowerCase());
      if (!row) throw new NotFoundError(DocumentMessages.typeUnknown);
      return q.toDocumentType(row);
    },

    async messagingTypes() {
      return (await q.documentTypeList(db, true)).map((t) => ({ id: t.id, type: t.type }));
    },

    async createMessagingType(actor: Actor, type: string) {
      if (!isStaff(actor)) throw new ForbiddenError(Messages.forbidden);
      try {
        const row = await q.insertMessagingType(db, type);
        return { id: row.id, type: row.type };
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(DocumentMessages.typeNameTaken);
        throw err;
      }
    },

    async renameMessagingType(actor: Actor, id: number, type: string) {
      if (!isStaff(actor)) throw new ForbiddenError(Messages.forbidden);
      try {
        const row = await q.renameMessagingType(db, id, type);
        if (!row) throw new NotFoundError(DocumentMessages.typeUnknown);
        return { id: row.id, type: row.type };
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(DocumentMessages.typeNameTaken);
        throw err;
      }
    },
  };
}
