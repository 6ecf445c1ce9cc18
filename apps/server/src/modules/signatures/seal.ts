import { PRODUCT_NAME, signerWithRole } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { readDocumentBytes, replaceDocumentBytes } from '../documents/index.ts';
import { sealingCertificate } from './certificate.ts';
import type { CertificateEvent } from './pdf-completion.ts';
import { sealPdf } from './pdf-threads.ts';
import * as q from './queries.ts';

/**
 * Sealing a fully signed form: every signature stamped on its line, the certificate of completion
 * appended, and the whole file signed with the portal's certificate (a PDF signature any reader
 * checks), on the documents' thread (pdf-worker.ts). The seal's name and reason (seal-marks.ts) are
 * what `verify` recognises as ours.
 */

export interface SealResult {
  documentId: number;
  oldKey: string;
  newKey: string;
}

/** Seals the request's document within `tx`; the caller deletes `oldKey` after the commit. */
export async function sealRequest(ctx: AppContext, tx: Db, request: q.RequestRow): Promise<SealResult> {
  const doc = await q.documentById(tx, request.documentId);
  if (!doc) throw new Error(`document ${request.documentId} of request ${request.id} is gone`);
  const list = await q.signersOf(tx, request.id);
  const events = await q.eventsOf(tx, request.id);
  const site = await q.siteLabel(tx, request.websiteId);
  const completedAt = new Date();
  const byId = new Map(list.map((s) => [s.id, s]));

  const original = await readDocumentBytes(ctx, doc.storageKey);
  const cert = sealingCertificate(ctx.config);
  const sealed = await sealPdf({
    original,
    content: {
      portalName: PRODUCT_NAME,
      verifyUrl: `${ctx.config.publicUrl}/verify`,
      documentId: doc.id,
      label: doc.label,
      domainName: site?.domainName ?? '',
      unsealedSha256: doc.sha256,
      completedAt,
      signers: list.map((s) => ({
        signatory: s.signatory,
        name: s.name,
        email: s.email,
        signedName: s.signedName ?? s.name,
        image: s.signatureImage
          ? Buffer.from(s.signatureImage.slice(s.signatureImage.indexOf(',') + 1), 'base64')
          : null,
        signedAt: s.signedAt ?? completedAt,
      })),
      events: events.map((e): CertificateEvent => ({
        at: e.createdAt,
        kind: e.kind,
        who: e.signerId
          ? signerWithRole(byId.get(e.signerId)?.name ?? '', byId.get(e.signerId)?.signatory ?? '')
          : request.createdByName,
        detail: e.signerId ? (e.kind === 'declined' ? e.detail : '') : e.detail,
        ip: e.ip,
        userAgent: e.userAgent,
      })),
    },
    location: new URL(ctx.config.publicUrl).host,
    contactInfo: ctx.config.supportEmail,
    p12: cert.p12,
    password: cert.password,
  });
  const { row, oldKey } = await replaceDocumentBytes(ctx, tx, doc.id, sealed, {
    approved: true,
    unsealedSha256: doc.sha256,
    sealedAt: completedAt,
  });
  return { documentId: doc.id, oldKey, newKey: row.storageKey };
}
