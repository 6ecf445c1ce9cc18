/**
 * The thread that does the signing flow's work that grows with its input, off the server's main
 * thread (pdf-threads.ts runs it): writing a Site Access Form, sealing a fully signed one, and
 * reading a PDF sent to Verify. Each export is one task. (Drawn signatures are decoded on a thread of
 * their own, picture-worker.mjs.)
 */
import { createHash } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { dispatcher } from '../../platform/thread-pool.ts';
import { describeCertificate, type CertificateDetails } from './certificate.ts';
import { renderCompleted, type CompletionContent } from './pdf-completion.ts';
import { renderSafForm, type FormContent } from './pdf.ts';
import { SEAL_NAME, SEAL_REASON } from './seal-marks.ts';

/**
 * adbe.pkcs7.detached: the P12 signer of @signpdf writes a CMS with the signing-time attribute and
 * without signing-certificate-v2, which ETSI.CAdES.detached (PAdES) does not allow.
 */
const SEAL_SUBFILTER = SUBFILTER_ADOBE_PKCS7_DETACHED;

/** A Site Access Form as sent for signing. */
export function render(content: FormContent): Promise<Uint8Array> {
  return renderSafForm(content);
}

export interface SealTask {
  original: Uint8Array;
  content: CompletionContent;
  /** Where the seal says it was made, and whom to ask about it. */
  location: string;
  contactInfo: string;
  p12: Uint8Array;
  password: string;
}

const pdfSigner = new SignPdf();

/**
 * Every signature stamped on its line, the certificate of completion appended, and the whole file
 * signed with the portal's certificate.
 */
export async function seal(task: SealTask): Promise<Uint8Array> {
  const pdf = await renderCompleted(task.original, task.content);
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: SEAL_REASON,
    contactInfo: task.contactInfo,
    name: SEAL_NAME,
    location: task.location,
    subFilter: SEAL_SUBFILTER,
    signingTime: task.content.completedAt,
  });
  const unsigned = Buffer.from(await pdf.save({ useObjectStreams: false }));
  return pdfSigner.sign(unsigned, new P12Signer(Buffer.from(task.p12), { passphrase: task.password }));
}

export interface ScanResult {
  sha256: string;
  isPdf: boolean;
  /** It carries our seal's name, reason and a signature's byte range (the hash decides if it is ours). */
  markedAsOurs: boolean;
  /** The certificate inside its last signature, when one can be read. */
  certificate: CertificateDetails | null;
}

const pdfString = (text: string) => Buffer.from(`(${text})`, 'latin1');
const OUR_REASON = pdfString(SEAL_REASON);
const OUR_NAME = pdfString(SEAL_NAME);

/** What Verify needs to know of a file: its hash, and what it says of itself. */
export function scan({ bytes: input }: { bytes: Uint8Array }): ScanResult {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const isPdf = bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-';
  const markedAsOurs =
    isPdf && bytes.includes(OUR_REASON) && bytes.includes(OUR_NAME) && bytes.includes('/ByteRange');
  return { sha256, isPdf, markedAsOurs, certificate: isPdf ? signatureCertificate(bytes) : null };
}

function signatureCertificate(bytes: Buffer): CertificateDetails | null {
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

export default dispatcher({ render, seal, scan });
