import { FILE_NAME_MAX } from './constants.ts';
import type { Role } from './roles.ts';
import { z } from './zod.ts';

/**
 * Documents (spec §2 Files tab, §3 Document, §5 Upload, §9): what may be uploaded, how it is
 * described on the wire, and the messages both the server and the web app show.
 */

/** Extensions a vendor may upload, in the spec's order. */
export const UPLOAD_EXTENSIONS = [
  'xls',
  'xlsx',
  'csv',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'txt',
  'pdf',
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The accept attribute of file inputs. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Default of MAX_UPLOAD_MB; the server's config may lower or raise it. */
export const DEFAULT_MAX_UPLOAD_MB = 25;

export const DocumentMessages = {
  /** A file MLS staff refused: it no longer counts as on file; another can be uploaded. */
  rejected: (reason: string) => `Rejected by the MLS: ${reason}`,
  /** A signed Site Access Form made for terms its site no longer has; the Website tab says which. */
  signedOutOfDate: 'Signed, out of date',
  typeRequired: 'Please select a file type',
  extension: `Only supports ${UPLOAD_ACCEPT} files`,
  nameTooLong: `File name cannot be more than ${FILE_NAME_MAX} characters!`,
  nameInvalid: 'The file name contains characters that are not allowed (control characters, / or \\).',
  doubleExtension: 'The file name hides another file type before its extension; please rename the file.',
  empty: 'The file is empty.',
  tooLarge: (mb: number) => `The file is larger than the ${mb} MB limit.`,
  contentMismatch: (ext: string) => `The file's content is not a .${ext} file.`,
  fileRequired: 'Please choose a file to upload.',
  oneFile: 'Please upload one file at a time.',
  truncated: 'The upload was interrupted before it finished. Please try again.',
  typeUnknown: 'This file type does not exist.',
  typeNotForWebsite: 'This file type cannot be attached to a website.',
  typeNotForVendor: 'This file type belongs on a website; upload it from the website.',
  typeNameTaken: 'A file type with this name already exists.',
  typeNameRequired: 'Please enter a file type name.',
  notFound: 'Document not found',
  signedInPortal: 'This document type is signed in the portal: use the SAF button on the website instead.',
  paperWhileOut:
    'A Site Access Form is out for signature on this website. Void it before uploading one signed on paper.',
  voidBeforeDelete:
    'This form is out for signature. Void it first, so its signers are told it was withdrawn.',
  signedCannotBeDeleted: 'A signed document is part of the licensing record and cannot be deleted.',
  uploaded: 'Upload successfully',
  uploadFailed: 'Failed to upload',
  deleted: 'Delete completed',
  deleteConfirm: 'Are you sure you want to delete this file?',
  deleteConfirmTitle: 'Warning',
  deleteCanceled: 'Delete canceled',
  downloadWait: 'Please wait a moment before downloading this file again.',
  dropHere: 'Drop file here or',
  selectType: 'Select a file type',
  /** Said where Upload would be, while one of the two it needs is missing. */
  chooseTypeToUpload: 'Choose a file type to upload',
  chooseFileToUpload: 'Choose a file to upload',
} as const;

/**
 * Names that smuggle a second type before the extension ("invoice.exe.pdf"): the inner one is an
 * executable or a page a browser would run.
 */
const HIDDEN_TYPES = new Set([
  'exe',
  'com',
  'bat',
  'cmd',
  'scr',
  'msi',
  'dll',
  'js',
  'mjs',
  'cjs',
  'vbs',
  'vbe',
  'wsf',
  'ps1',
  'sh',
  'bash',
  'php',
  'phtml',
  'html',
  'htm',
  'xhtml',
  'svg',
  'jar',
  'apk',
  'app',
  'hta',
  'lnk',
]);

/** The lower-cased extension of a file name, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isUploadExtension(ext: string): ext is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Characters that change how a name reads without being seen: bidirectional embeddings, overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C), zero-width
 * characters (U+200B–U+200D, U+2060, U+FEFF) and line and paragraph separators (U+2028, U+2029).
 * With them `invoice\u202Egnp.txt` shows as "invoicetxt.png".
 */
const INVISIBLE = /[\u061c\u200b-\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** A file name as it is stored and shown: without the invisible characters above. */
export function cleanFileName(name: string): string {
  return name.replace(INVISIBLE, '');
}

/** The first rule a file name breaks, as the message to show, or null when it may be uploaded. */
export function uploadNameError(name: string): string | null {
  if (name.length > FILE_NAME_MAX) return DocumentMessages.nameTooLong;
  if (CONTROL.test(name) || /[/\\]/.test(name)) return DocumentMessages.nameInvalid;
  if (!isUploadExtension(extensionOf(name))) return DocumentMessages.extension;
  const inner = name
    .split('.')
    .slice(1, -1)
    .map((s) => s.toLowerCase().trim());
  if (inner.some((s) => HIDDEN_TYPES.has(s))) return DocumentMessages.doubleExtension;
  return null;
}

/** The client's checks before an upload (spec §5), in the order it reports them. */
export function uploadError(input: {
  typeId: number | null | undefined;
  name: string | null;
}): string | null {
  if (!input.typeId) return DocumentMessages.typeRequired;
  if (input.name === null) return DocumentMessages.fileRequired;
  return uploadNameError(input.name);
}

export const documentSchema = z.object({
  rowKey: z.number().int(),
  label: z.string(),
  size: z.number().int(),
  uploadDate: z.string().meta({ description: 'ISO 8601 time of the upload' }),
  typeId: z.number().int(),
  typeString: z.string().meta({ description: "The document type's name, e.g. SAF" }),
  contentType: z.string(),
  signatureRequired: z.boolean(),
  approved: z.boolean(),
  voided: z.boolean(),
  /** A signer declined the form; it waits to be voided (and a new one sent). */
  declined: z.boolean(),
  /**
   * A signed Site Access Form made for terms its site no longer has (another agent, a broker who has
   * not signed, other products): kept on file, it no longer counts and a new form is needed.
   */
  outOfDate: z.boolean(),
  websiteId: z.number().int().nullable(),
  uploadedBy: z.string().meta({ description: 'Full name (or username) of who uploaded it' }),
  sha256: z.string(),
  /** Refused by MLS staff: the reason and when (ISO); such a file is not on file, upload another. */
  rejection: z.object({ reason: z.string(), date: z.string() }).optional(),
});
export type DocumentInfo = z.infer<typeof documentSchema>;
export const documentListSchema = z.array(documentSchema);

/** Where a document type belongs: on a website, on the vendor account, or either. */
export const DOCUMENT_TYPE_SCOPES = ['website', 'vendor', 'any'] as const;

export const documentTypeSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  /** Internal name for lookups (`saf`), or null. */
  name: z.string().nullable(),
  scope: z.enum(DOCUMENT_TYPE_SCOPES),
  signatureRequired: z.boolean(),
  /** Vendor-level documents every vendor must have on file. */
  requiredForVendor: z.boolean(),
  /** Sites past Pending Activation need an approved document of this type... */
  requiredForSites: z.boolean(),
  /** ...when their product is one of these (empty: every product). */
  requiredForProducts: z.array(z.number().int()),
  /** Both requirements apply to vendors of these types (`vendorType`; empty: every type). */
  requiredVendorTypes: z.array(z.string()),
});
export type DocumentType = z.infer<typeof documentTypeSchema>;
export const documentTypeListSchema = z.array(documentTypeSchema);

/**
 * Whether a type may be uploaded on a website's files or the vendor account's. A type signed in
 * the portal (the SAF) is sent with the SAF button; only MLS staff upload one, on its website, as
 * a form signed on paper.
 */
export function isUploadType(
  type: Pick<DocumentType, 'scope' | 'signatureRequired'>,
  owner: 'website' | 'vendor',
  role: Role,
): boolean {
  if (type.scope !== owner && type.scope !== 'any') return false;
  return !type.signatureRequired || (role === 'admin' && owner === 'website');
}

/** How the upload's type select names a type: a paper form says it is one. */
export function uploadTypeLabel(type: Pick<DocumentType, 'type' | 'signatureRequired'>): string {
  return type.signatureRequired ? `${type.type} (signed on paper)` : type.type;
}

export const requiredTypeQuerySchema = z.object({
  name: z.string().trim().min(1).max(40).meta({ description: 'Internal name, e.g. saf' }),
});

export const messagingTypeSchema = z.object({ id: z.number().int(), type: z.string() });
export const messagingTypeListSchema = z.array(messagingTypeSchema);
export const messagingTypeBodySchema = z.object({
  type: z
    .string({ error: DocumentMessages.typeNameRequired })
    .trim()
    .min(1, DocumentMessages.typeNameRequired)
    .max(60, 'A file type name cannot be more than 60 characters.'),
});

export const documentIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

/** Upload answer: the stored document. */
export const uploadResponseSchema = z.object({ message: z.string(), document: documentSchema });

/** What an upload may be, so the page refuses a file before sending it. */
export const uploadLimitsSchema = z.object({
  maxBytes: z
    .number()
    .int()
    .positive()
    .meta({ description: 'The largest file accepted, in bytes (MAX_UPLOAD_MB)' }),
});
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

/** The size limit's message for a limit in bytes, in the MB the server's config states it in. */
export const tooLargeMessage = (maxBytes: number) =>
  DocumentMessages.tooLarge(Math.round((maxBytes / 1_000_000) * 1000) / 1000);
