import { PRODUCT_NAME, signerWithRole } from '@vp/contract';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { readDocumentBytes, replaceDocumentBytes } from '../documents/index.ts';
import { sealingCertificate } from './certificate.ts';
import { renderCompleted, type CertificateEvent } from './pdf-completion.ts';
import * as q from './queries.ts';

/**
 * Sealing a fully signed form: every signature stamped on its line, the certificate of completion
 * appended, and the whole file signed with the portal's certificate (a PDF signature any reader
 * checks). The seal's name and reason are what `verify` recognises as ours.
 */

export const SEAL_NAME = `${PRODUCT_NAME} seal`;
export const SEAL_REASON = `Sealed by ${PRODUCT_NAME}`;
/**
 * adbe.pkcs7.detached: the P12 signer of @signpdf writes a CMS with the signing-time attribute and
 * without signing-certificate-v2, which ETSI.CAdES.detached (PAdES) does not allow.
 */
export const SEAL_SUBFILTER = SUBFILTER_ADOBE_PKCS7_DETACHED;

const pdfSigner = new SignPdf();

/** Signs `pdf` bytes (with a placeholder already in) with the portal's certificate. */
export async function sealBytes(ctx: AppContext, withPlaceholder: Buffer): Promise<Buffer> {
  const cert = sealingCertificate(ctx.config);
  return pdfSigner.sign(withPlaceholder, new P12Signer(cert.p12, { passphrase: cert.password }));
}

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
  const pdf = await renderCompleted(original, {
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
  });
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: SEAL_REASON,
    contactInfo: ctx.config.supportEmail,
    name: SEAL_NAME,
    location: new URL(ctx.config.publicUrl).host,
    subFilter: SEAL_SUBFILTER,
    signingTime: completedAt,
  });
  const sealed = await sealBytes(ctx, Buffer.from(await pdf.save({ useObjectStreams: false })));
  const { row, oldKey } = await replaceDocumentBytes(ctx, tx, doc.id, sealed, {
    approved: true,
    unsealedSha256: doc.sha256,
    sealedAt: completedAt,
  });
  return { documentId: doc.id, oldKey, newKey: row.storageKey };
}
