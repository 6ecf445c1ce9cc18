import { z } from './zod.ts';

/**
 * The Site Access Form (SAF) ceremony (spec §2 SAF dialogs, §3 SAF signatory and request, §4 SAF,
 * §8 SAF): preparing, sending, signing by link, sealing, status, resend and void, and verifying a
 * sealed PDF.
 */

/** A signing link works this long after it is sent. */
export const SIGNING_LINK_DAYS = 14;

export const SafMessages = {
  loadDialogFailed: 'Failed to load SAF dialog. Please try again.',
  checkFailed: 'Failed to check SAF. Please try again.',
  loadSignatoriesFailed: 'Failed to load signatory data. Please try again.',
  requestFailed: 'Failed to request SAF form. Please try again.',
  serverFailed: 'SAF request failed! Please contact the MLS Data Licensing Department.',
  notSent: 'SAF has not been sent!, Please contact the MLS Data Licensing Department',
  sent: 'SAF request has been sent successfully!',
  resent: 'Form Resent',
  voided: 'Document Voided',
  voidCancelled: 'Void Cancelled',
  voidResendCancelled: 'Void & Resend Cancelled',
  resendCancelled: 'Resend Cancelled',
  canceled: 'Canceled',
  resendConfirm: 'This will resend the SAF to all parties who have not yet signed. Continue?',
  resendConfirmTitle: 'Resend SAF',
  voidConfirm: 'Are you sure you want to void this document?',
  voidConfirmTitle: 'Void Document',
  voidStep: 'Document Voided',
  /* Server refusals */
  noSafType: 'No Site Access Form is set up. Please contact the MLS Data Licensing Department.',
  notSafType: 'This document type is not signed through the portal.',
  siteInactive: 'An Inactive website cannot be sent a Site Access Form.',
  alreadyPending:
    'A Site Access Form is already out for signature for this website. Resend or void it first.',
  signatoriesMismatch: 'The signatories do not match the ones this website needs. Please reload the form.',
  nameRequired: 'Please enter the signatory name.',
  emailInvalid: 'Please enter a valid email address for each signatory.',
  notOverridable: 'This signatory is fixed by the MLS roster and cannot be changed.',
  nothingToResend: 'Everyone has already signed this document.',
  resendLimit: (perDay: number) =>
    `This form has been resent ${perDay} times today, the most a day allows. Its signatories can still use the links they have; please try again tomorrow.`,
  recipientLimit: (email: string) =>
    `${email} has been sent as many signing mails for this website today as a day allows. Please try again tomorrow.`,
  notPending: 'This document is not waiting for signatures.',
  alreadyVoided: 'This document has already been voided.',
  voidReasonRequired: 'Please give a reason for voiding.',
  notASignedDocument: 'This document has no signature process.',
} as const;

/** What a signing link says when it cannot be used; the public page shows it as it is. */
export const SigningLinkMessages = {
  invalid: 'This signing link is not valid. Please use the latest link you were sent by email.',
  expired: 'This signing link has expired. Please ask the sender to send the form again.',
  used: 'You have already signed this document with this link. Thank you.',
  declined: 'You declined to sign this document. The sender has been told.',
  declinedByOther:
    'Another signer declined this document, so it can no longer be signed. The sender has been told and may send a new one.',
  voided: 'This document was withdrawn by the sender and can no longer be signed.',
  completed: 'This document has already been signed by everyone.',
  consentRequired: 'Please agree to sign electronically before you sign.',
  nameRequired: 'Please type your full name.',
  signatureRequired: 'Please draw your signature or choose to type it.',
  declineReasonRequired: 'Please tell the sender why you decline.',
  nameMismatch: (signatory: string) =>
    `The name you typed does not look like ${signatory}, the person this form was sent to. Please check it, or confirm that you sign anyway.`,
  signed: 'Thank you. Your signature has been recorded.',
  declinedDone: 'You have declined to sign. The sender has been told.',
} as const;

export const SIGNATORY_ROLES = ['Broker', 'Agent'] as const;
export type SignatoryRole = (typeof SIGNATORY_ROLES)[number];

export const safSignatorySchema = z.object({
  signatory: z.string().min(1).max(80).meta({ description: 'Role of the signer, e.g. Broker or Agent' }),
  canOverride: z.boolean(),
  name: z.string({ error: SafMessages.nameRequired }).trim().min(1, SafMessages.nameRequired).max(120),
  email: z.email({ error: SafMessages.emailInvalid }).max(254),
});
export type SafSignatory = z.infer<typeof safSignatorySchema>;
export const safSignatoryListSchema = z.array(safSignatorySchema);

/**
 * A signatory as the prepare call answers it: name or email may be empty where the roster lacks
 * them (then canOverride is true and the vendor fills them in before sending).
 */
export const safPreparedSignatorySchema = safSignatorySchema.extend({
  name: z.string().max(120),
  email: z.string().max(254),
});
export type SafPreparedSignatory = z.infer<typeof safPreparedSignatorySchema>;
export const safPreparedListSchema = z.array(safPreparedSignatorySchema);

export const safPrepareQuerySchema = z.object({
  website: z.coerce.number().int().positive().max(2147483647),
  /** A pending change request of the site: the form names the terms it asks for. */
  request: z.coerce.number().int().positive().max(2147483647).optional(),
});

export const safRequestSchema = z.object({
  fields: z
    .object({ mlsId: z.string().max(40).optional(), domainName: z.string().max(253).optional() })
    .meta({ description: "The broker's MLS ID or the domain name, printed on the form" }),
  id: z.number().int().positive().max(2147483647).meta({ description: 'The website' }),
  type: z.literal('website'),
  signatures: z.array(safSignatorySchema).min(1).max(20),
  request: z
    .number()
    .int()
    .positive()
    .max(2147483647)
    .optional()
    .meta({ description: 'A pending change request of the site: the form names the terms it asks for' }),
});
export type SafRequest = z.infer<typeof safRequestSchema>;

export const safSentSchema = z.object({ message: z.string(), documentId: z.number().int() });

/** One step of the Document Status dialog (spec §3 Document status step). */
export const documentStatusStepSchema = z.object({
  date: z.string().nullable(),
  description: z.string(),
  completed: z.boolean(),
});

/**
 * A signer's state: 'not-needed' is everyone who had not signed when another signer declined (their
 * link stopped working with the decline).
 */
export const SIGNER_STATES = ['waiting', 'opened', 'signed', 'declined', 'not-needed'] as const;
export type SignerState = (typeof SIGNER_STATES)[number];
export const signerStateSchema = z.object({
  signatory: z.string(),
  name: z.string(),
  email: z.string(),
  state: z.enum(SIGNER_STATES),
  date: z.string().nullable(),
  /** Who declined, for a signer the decline made 'not-needed'; null otherwise. */
  declinedBy: z.string().nullable(),
});

/** How the Document Status dialog names a signer's state. */
export function signerStateText(s: { state: SignerState; declinedBy: string | null }): string {
  switch (s.state) {
    case 'waiting':
      return 'Waiting to sign';
    case 'opened':
      return 'Opened, not signed yet';
    case 'signed':
      return 'Signed';
    case 'declined':
      return 'Declined';
    case 'not-needed':
      return s.declinedBy ? `Not needed: declined by ${s.declinedBy}` : 'Not needed';
  }
}

/** "2 of 3 signed", beside the progress bar. */
export function signedCountText(signers: readonly { state: SignerState }[]): string {
  return `${signers.filter((s) => s.state === 'signed').length} of ${signers.length} signed`;
}

/**
 * A signer as people read them: "Ashley Adams (Agent)". A broker of one office among several has
 * the office in the role ("Broker (Bayside Realty)"); it reads "Jo Lee (Broker, Bayside Realty)",
 * not with parentheses inside parentheses.
 */
export function signerWithRole(name: string, signatory: string): string {
  const role = signatory.trim().replace(/^([^()]*?)\s*\((.*)\)$/, '$1, $2');
  return name.trim() ? `${name.trim()} (${role})` : role;
}

/** A signer's link to the sealed form, mailed when the last one signs, works this long. */
export const SEALED_COPY_DAYS = 30;

/** What the link to a signer's sealed copy answers when it cannot be used. */
export const SealedCopyMessages = {
  notFound: 'This download link is not valid or has expired. Please ask the sender for a copy.',
} as const;

export const documentSignatureStatusSchema = z.object({
  steps: z.array(documentStatusStepSchema),
  signers: z.array(signerStateSchema),
});
export type DocumentSignatureStatus = z.infer<typeof documentSignatureStatusSchema>;

/** Spec §4: with two steps, both completed gives 100 %, otherwise 50 %. */
export function signatureProgress(steps: readonly { completed: boolean }[]): 50 | 100 {
  return steps.length >= 2 && steps.every((s) => s.completed) ? 100 : 50;
}

/** Spec §4: a second step described 'Document Voided' marks the document voided. */
export function isVoidedByStatus(steps: readonly { description: string }[]): boolean {
  return steps[1]?.description === SafMessages.voidStep;
}

export const voidBodySchema = z.object({
  reason: z
    .string({ error: SafMessages.voidReasonRequired })
    .trim()
    .min(1, SafMessages.voidReasonRequired)
    .max(500),
});

export const signatureActionResponseSchema = z.object({ message: z.string() });

/* The public signing page's calls (no login; the token in the path is the credential). */

export const signingTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const signingViewSchema = z.object({
  documentLabel: z.string(),
  domainName: z.string(),
  vendorName: z.string(),
  signatory: z.string(),
  name: z.string(),
  email: z.string(),
  consented: z.boolean(),
  expiresAt: z.string(),
  /** The others signing the same document, and whether each has signed. */
  others: z.array(z.object({ signatory: z.string(), name: z.string(), signed: z.boolean() })),
});
export type SigningView = z.infer<typeof signingViewSchema>;

export const consentBodySchema = z.object({
  consent: z.literal(true, { error: SigningLinkMessages.consentRequired }),
});

/** A drawn signature as a PNG data URL, at most ~300 KB. */
export const SIGNATURE_IMAGE_MAX = 400_000;

export const signBodySchema = z.object({
  fullName: z
    .string({ error: SigningLinkMessages.nameRequired })
    .trim()
    .min(2, SigningLinkMessages.nameRequired)
    .max(120),
  signature: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('drawn'),
      image: z
        .string({ error: SigningLinkMessages.signatureRequired })
        .max(SIGNATURE_IMAGE_MAX)
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, SigningLinkMessages.signatureRequired),
    }),
    z.object({ kind: z.literal('typed') }),
  ]),
  /**
   * The signer has seen that the name they typed does not resemble the signatory's (see
   * namesResemble) and signs anyway; without it such a name is refused.
   */
  confirmName: z.boolean().optional(),
});
export type SignBody = z.infer<typeof signBodySchema>;

export const declineBodySchema = z.object({
  reason: z
    .string({ error: SigningLinkMessages.declineReasonRequired })
    .trim()
    .min(1, SigningLinkMessages.declineReasonRequired)
    .max(500),
});

export const signResultSchema = z.object({
  message: z.string(),
  /** True when this was the last signature and the document is sealed. */
  completed: z.boolean(),
});

/* Verify (public): is this PDF one the portal sealed, unchanged? */

export const VerifyMessages = {
  sealed: 'This document was sealed by the Vendor Portal and has not been changed since.',
  altered: 'This document carries a Vendor Portal seal, but it has been changed since it was sealed.',
  unknown: 'This PDF was not sealed by the Vendor Portal.',
  voided:
    'This document was sealed by the Vendor Portal and has not been changed, but it has since been voided: it no longer licenses the website.',
  superseded:
    'This document was sealed by the Vendor Portal and has not been changed, but a newer Site Access Form for the same website has replaced it.',
  tooLarge: (mb: number) => `The file is larger than ${mb} MB; a sealed Site Access Form is much smaller.`,
  lengthRequired: 'Please send the file with its length (Content-Length).',
  busy: 'Too many verifications at once. Please wait a moment and try again.',
  notPdf: 'This file is not a PDF.',
  fileRequired: 'Please choose a PDF to verify.',
} as const;

export const verifyResultSchema = z.object({
  result: z.enum(['sealed', 'voided', 'superseded', 'altered', 'unknown', 'not-pdf']),
  message: z.string(),
  sha256: z.string(),
  document: z
    .object({
      label: z.string(),
      domainName: z.string(),
      vendorName: z.string(),
      sealedAt: z.string(),
      signers: z.array(
        z.object({
          signatory: z.string(),
          /** The signatory the form was sent to. */
          name: z.string(),
          /** The name they typed when signing, where it reads differently; null otherwise. */
          typedName: z.string().nullable(),
          signedAt: z.string(),
        }),
      ),
      certificate: z.object({
        subject: z.string(),
        issuer: z.string(),
        validFrom: z.string(),
        validTo: z.string(),
        sha256Fingerprint: z.string(),
      }),
    })
    .nullable(),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;
