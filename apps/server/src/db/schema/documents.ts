import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users, vendors } from './accounts.ts';
import { createdAt } from './columns.ts';
import { websites } from './websites.ts';

/**
 * Documents and the Site Access Form's signing ceremony (migration 0012_documents, which also holds
 * the unique index on lower(type) and the CHECK constraints).
 */

export const documentTypes = pgTable('document_types', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  /** Internal name for lookups (`saf`); null for types added by MLS staff. */
  name: text('name').unique(),
  scope: text('scope', { enum: ['website', 'vendor', 'any'] })
    .notNull()
    .default('any'),
  /** A type offered on messages (comments) rather than in the Files tab. */
  messaging: boolean('messaging').notNull().default(false),
  signatureRequired: boolean('signature_required').notNull().default(false),
  requiredForVendor: boolean('required_for_vendor').notNull().default(false),
  requiredForSites: boolean('required_for_sites').notNull().default(false),
  /** Products the site requirement applies to; empty means every product. */
  requiredForProducts: integer('required_for_products')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Vendor types the requirements apply to (`vendors.type`); empty means every type. */
  requiredVendorTypes: text('required_vendor_types')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    websiteId: integer('website_id').references(() => websites.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => documentTypes.id),
    /** The file name as the user gave it: display text only, never part of a path or key. */
    label: text('label').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    signatureRequired: boolean('signature_required').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    voided: boolean('voided').notNull().default(false),
    /** Hash of the signed content before the seal; `sha256` is then the sealed file's. */
    unsealedSha256: text('unsealed_sha256'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    /** A Site Access Form's parties when it was sent or uploaded (see websites' safPartiesKey). */
    safParties: text('saf_parties'),
    /** A Site Access Form sent for the terms a change request asks for (migration 0029). */
    requestId: integer('request_id'),
    /** A Site Access Form signed on paper and uploaded by MLS staff. */
    paper: boolean('paper').notNull().default(false),
    /** Refused by MLS staff, with the reason the vendor is shown; a rejected file is not on file. */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedBy: integer('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason').notNull().default(''),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_vendor_idx').on(t.vendorId, t.createdAt),
    index('documents_sha256_idx').on(t.sha256),
  ],
);

export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .unique()
      .references(() => documents.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    websiteId: integer('website_id').notNull(),
    status: text('status', { enum: ['pending', 'completed', 'declined', 'voided'] })
      .notNull()
      .default('pending'),
    voidReason: text('void_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('signature_requests_website_idx').on(t.websiteId, t.createdAt)],
);

export const signers = pgTable(
  'signers',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    signatory: text('signatory').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** SHA-256 (hex) of the signing link's token; null once used, voided or replaced. */
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    status: text('status', { enum: ['waiting', 'opened', 'signed', 'declined'] })
      .notNull()
      .default('waiting'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    signedName: text('signed_name'),
    /** The drawn signature as a PNG data URL, or null when typed. */
    signatureImage: text('signature_image'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** SHA-256 (hex) of the token of the signer's link to the sealed form, mailed at completion. */
    copyHash: text('copy_hash').unique(),
    copyExpiresAt: timestamp('copy_expires_at', { withTimezone: true }),
    /** Reminders mailed so far, and when the current link went out (first mail, resend or reminder). */
    remindersSent: integer('reminders_sent').notNull().default(0),
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('signers_request_id_position_key').on(t.requestId, t.position)],
);

export const signatureEvents = pgTable(
  'signature_events',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    signerId: integer('signer_id').references(() => signers.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['sent', 'resent', 'opened', 'consented', 'signed', 'declined', 'voided', 'completed'],
    }).notNull(),
    detail: text('detail').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('signature_events_request_idx').on(t.requestId, t.id)],
);
