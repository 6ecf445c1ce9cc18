import { typedNameNote, VerifyMessages, type VerifyResult } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { sealingCertificate, type CertificateDetails } from './certificate.ts';
import { scanPdf } from './pdf-threads.ts';
import * as q from './queries.ts';

/**
 * Verify: is this PDF one the portal sealed, unchanged? Only the hash decides "sealed"; a PDF whose
 * signature dictionary carries our seal's name and reason but whose hash we never issued was changed.
 * The file is read on the documents' thread (pdf-worker.ts), not on the one that answers everyone.
 */

export async function verifyPdf(ctx: AppContext, bytes: Buffer): Promise<VerifyResult> {
  const { sha256, isPdf, markedAsOurs, certificate } = await scanPdf(bytes);
  if (!isPdf) {
    return { result: 'not-pdf', message: VerifyMessages.notPdf, sha256, document: null };
  }
  const found = await q.sealedBySha(ctx.db, sha256);
  if (found) {
    const list = await q.signersOf(ctx.db, found.request.id);
    const voided = found.document.voided || found.request.status === 'voided';
    const standing = voided
      ? 'voided'
      : (await q.isSuperseded(ctx.db, found.document))
        ? 'superseded'
        : 'sealed';
    return {
      result: standing,
      message: VerifyMessages[standing],
      sha256,
      document: {
        label: found.document.label,
        domainName: found.domainName ?? '',
        vendorName: found.vendorName,
        sealedAt: found.document.sealedAt!.toISOString(),
        signers: list.map((s) => ({
          signatory: s.signatory,
          name: s.name,
          typedName: s.signedName ? typedNameNote(s.signedName, s.name) : null,
          signedAt: (s.signedAt ?? found.document.sealedAt!).toISOString(),
        })),
        certificate: certificate ?? sealingCertificate(ctx.config).details,
      },
    };
  }
  return markedAsOurs
    ? { result: 'altered', message: VerifyMessages.altered, sha256, document: null }
    : { result: 'unknown', message: VerifyMessages.unknown, sha256, document: null };
}

export function portalCertificate(ctx: AppContext): CertificateDetails {
  return sealingCertificate(ctx.config).details;
}
