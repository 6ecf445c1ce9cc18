import { typedNameNote, VerifyMessages, type VerifyResult } from '@vp/contract';
import { webcrypto as crypto } from 'node:crypto';
import forge from 'node-forge';
import type { AppContext } from '../../context.ts';
import { describeCertificate, sealingCertificate, type CertificateDetails } from './certificate.ts';
import * as q from './queries.ts';
import { SEAL_NAME, SEAL_REASON } from './seal.ts';

/**
 * Verify: is this PDF one the portal sealed, unchanged? Only the hash decides "sealed"; a PDF whose
 * signature dictionary carries our seal's name and reason but whose hash we never issued was changed.
 */

const pdfString = (text: string) => Buffer.from(`(${text})`, 'latin1');
const OUR_REASON = pdfString(SEAL_REASON);
const OUR_NAME = pdfString(SEAL_NAME);

/** The certificate inside the last PDF signature of `bytes`, when it can be read. */
export function signatureCertificate(bytes: Buffer): CertificateDetails | null {
  try {
    const at = bytes.lastIndexOf('/ByteRange');
    const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
      bytes.toString('latin1', at, at + 120),
    );
    if (!m) return null;
    const [start, length, next] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const hex = bytes.toString('latin1', start + length + 1, next - 1).replace(/(?:00)+$/, '');
    const p7 = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(forge.util.hexToBytes(hex)),
    ) as forge.pkcs7.PkcsSignedData;
    const cert = p7.certificates[0];
    return cert ? describeCertificate(cert) : null;
  } catch {
    return null;
  }
}

export async function verifyPdf(ctx: AppContext, bytes: Buffer): Promise<VerifyResult> {
  // Hashed on libuv's threads (Web Crypto), not on the thread that answers every other request.
  const sha256 = Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex');
  if (bytes.length < 5 || bytes.toString('latin1', 0, 5) !== '%PDF-') {
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
        certificate: signatureCertificate(bytes) ?? sealingCertificate(ctx.config).details,
      },
    };
  }
  const ours = bytes.includes(OUR_REASON) && bytes.includes(OUR_NAME) && bytes.includes('/ByteRange');
  return ours
    ? { result: 'altered', message: VerifyMessages.altered, sha256, document: null }
    : { result: 'unknown', message: VerifyMessages.unknown, sha256, document: null };
}

export function portalCertificate(ctx: AppContext): CertificateDetails {
  return sealingCertificate(ctx.config).details;
}
