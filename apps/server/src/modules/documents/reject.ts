import { QueueMessages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { staffDecisions } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { raiseWebhookEvents } from '../../platform/webhook-outbox.ts';
import { recordChange } from '../history/index.ts';
import { noticeText, type NoticeBatch } from '../notifications/index.ts';

/** What a rejection answers, and whom the live channel tells once it has committed. */
export interface DocumentRejection {
  message: string;
  vendorId: number;
  websiteId: number | null;
}

/**
 * MLS staff refuse a file a vendor keeps (a W-9, a site's required document): it stays in the list,
 * marked rejected with the reason, no longer counts as on file, and the vendor is told and can
 * upload again. A Site Access Form is never rejected (it is voided instead), nor a file voided or
 * rejected before.
 */
export async function rejectDocument(
  db: Db,
  actor: Actor,
  documentId: number,
  reason: string,
  notices: NoticeBatch,
): Promise<DocumentRejection> {
  return db.transaction(async (tx) => {
    const [doc] = await rowsOf<{
      vendor_id: number;
      website_id: number | null;
      label: string;
      type: string;
      form: boolean;
      voided: boolean;
      rejected: boolean;
      created_at: string | Date;
      domain_name: string | null;
    }>(
      tx,
      sql`SELECT d.vendor_id, d.website_id, d.label, t.type, (t.name = 'saf' OR d.signature_required) AS form,
          d.voided, d.rejected_at IS NOT NULL AS rejected, d.created_at, w.domain_name
        FROM documents d JOIN document_types t ON t.id = d.type_id
        LEFT JOIN websites w ON w.id = d.website_id
        WHERE d.id = ${documentId} FOR UPDATE OF d`,
    );
    if (!doc) throw new NotFoundError(QueueMessages.documentNotFound);
    if (doc.form || doc.voided || doc.rejected) throw new ConflictError(QueueMessages.documentNotRejectable);
    await tx.execute(
      sql`UPDATE documents SET rejected_at = now(), rejected_by = ${actor.userId}, rejection_reason = ${reason},
          approved = false WHERE id = ${documentId}`,
    );
    if (doc.website_id !== null)
      await recordChange(tx, {
        websiteId: doc.website_id,
        vendorId: doc.vendor_id,
        kind: 'document.rejected',
        description: `Rejected ${doc.type}: ${doc.label}`,
        actor,
        changes: [{ path: ['reason'], from: null, to: reason }],
      });
    await raiseWebhookEvents(tx, [
      {
        vendorId: doc.vendor_id,
        type: 'document.rejected',
        data: {
          document: {
            id: documentId,
            label: doc.label,
            type: doc.type,
            websiteId: doc.website_id,
            domainName: doc.domain_name,
            reason,
          },
        },
        ...(doc.website_id !== null ? { subject: { kind: 'website', id: doc.website_id } } : {}),
      },
    ]);
    await tx.insert(staffDecisions).values({
      kind: 'document',
      outcome: 'declined',
      vendorId: doc.vendor_id,
      websiteId: doc.website_id,
      documentId,
      waitedSince: new Date(doc.created_at),
      userId: actor.userId,
      username: actor.username,
    });
    await notices.add(tx, {
      vendorId: doc.vendor_id,
      websiteId: doc.website_id,
      topic: doc.website_id === null ? 'files.vendorDelete' : 'files.websiteDelete',
      content: noticeText.fileRejected(doc.label, doc.domain_name, actor, reason),
      actor,
    });
    return { message: QueueMessages.documentRejected, vendorId: doc.vendor_id, websiteId: doc.website_id };
  });
}
