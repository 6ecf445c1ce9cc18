import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Vendor accounts, the users who log in to them, and what keeps those logins safe. */

/** A vendor account. Sub-accounts (e.g. a regional branch) point at their parent vendor. */
export const vendors = pgTable('vendors', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  technicalContact: text('technical_contact').notNull().default(''),
  billingContact: text('billing_contact').notNull().default(''),
  feedType: text('feed_type').notNull().default(''),
  reciprocalAllowed: boolean('reciprocal_allowed').notNull().default(false),
  permissionAudit: boolean('permission_audit').notNull().default(false),
  isConsumer: boolean('is_consumer').notNull().default(false),
  isProvider: boolean('is_provider').notNull().default(false),
  parentVendorId: integer('parent_vendor_id').references((): AnyPgColumn => vendors.id),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** Null until an invited user has registered. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'vendor', 'viewer'] }).notNull(),
    email: text('email').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    acceptedTosAt: timestamp('accepted_tos_at', { withTimezone: true }),
    acceptedTosVersion: text('accepted_tos_version'),
    active: boolean('active').notNull().default(true),
    avatar: text('avatar'),
    /** The theme the user chose (migration 0031); null follows the device. */
    theme: text('theme', { enum: ['light', 'dark'] }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** A user's profile picture as the server resized it (migration 0023). */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  contentType: text('content_type').notNull(),
  /** The random part of the picture's address, new with each picture. */
  token: text('token').notNull().unique(),
  sha256: text('sha256').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userVendors = pgTable(
  'user_vendors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.vendorId] }),
    index('user_vendors_vendor_idx').on(t.vendorId),
    uniqueIndex('user_vendors_one_primary_idx')
      .on(t.userId)
      .where(sql`${t.isPrimary}`),
  ],
);

export const SESSION_END_REASONS = [
  'logout',
  'password-reset',
  'password-changed',
  'deactivated',
  'role-changed',
  'factors-reset',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the bearer token (hex); the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedReason: text('ended_reason', { enum: SESSION_END_REASONS }),
    address: text('address'),
    userAgent: text('user_agent'),
    /** When the user last gave the password or a second factor in this session. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time login codes (single sign-on, auth redirects), exchanged once by POST for a session. */
export const loginCodes = pgTable(
  'login_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_codes_user_idx').on(t.userId)],
);

/** A requested email change, waiting for its link (mailed to the new address) to be opened. */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_changes_user_idx').on(t.userId, t.createdAt)],
);

export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reset', 'invite'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

/**
 * Browsers known to an account: each signed in to it and keeps the device cookie naming its row.
 * Failed logins from a known browser count against that browser only.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_devices_user_idx').on(t.userId)],
);

/** Failed login attempts, keyed per account and per address, so the limit holds across instances. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at), index('login_failures_at_idx').on(t.at)],
);
