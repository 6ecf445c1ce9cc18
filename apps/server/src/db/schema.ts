import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

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

export const SESSION_END_REASONS = ['logout', 'password-reset', 'password-changed', 'deactivated'] as const;
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
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
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

export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

export const tickets = pgTable('tickets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  category: text('category').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const products = pgTable('products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** MLS roster offices, RESO Data Dictionary names (snake-cased in SQL). */
export const offices = pgTable('offices', {
  OfficeKey: text('office_key').primaryKey(),
  OfficeMlsId: text('office_mls_id').notNull().unique(),
  OfficeName: text('office_name').notNull(),
  OfficeBrokerMlsId: text('office_broker_mls_id'),
  OfficeAOR: text('office_aor').notNull(),
  ModificationTimestamp: timestamp('modification_timestamp', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * MLS roster members, RESO Data Dictionary names. Reciprocal agents belong to another association
 * (MemberAOR) and are flagged so they only show in reciprocal searches.
 */
export const members = pgTable(
  'members',
  {
    MemberKey: text('member_key').primaryKey(),
    MemberMlsId: text('member_mls_id').notNull().unique(),
    MemberFirstName: text('member_first_name').notNull(),
    MemberLastName: text('member_last_name').notNull(),
    MemberStateLicense: text('member_state_license').notNull(),
    MemberStatus: text('member_status').notNull(),
    MemberAOR: text('member_aor').notNull(),
    MemberEmail: text('member_email'),
    OfficeKey: text('office_key').references(() => offices.OfficeKey),
    OfficeMlsId: text('office_mls_id'),
    Reciprocal: boolean('reciprocal').notNull().default(false),
    ModificationTimestamp: timestamp('modification_timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('members_office_idx').on(t.OfficeKey),
    index('members_license_idx').on(t.MemberStateLicense),
    index('members_name_trgm_idx').using(
      'gin',
      sql`(${t.MemberFirstName} || ' ' || ${t.MemberLastName}) gin_trgm_ops`,
    ),
  ],
);

export const websites = pgTable(
  'websites',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    domainName: text('domain_name').notNull(),
    status: text('status', {
      enum: ['Pending Activation', 'Pending Termination', 'Active', 'Inactive'],
    }).notNull(),
    /** The licensed agent's MemberMlsId (the spec's memberNumber). */
    memberNumber: text('member_number').notNull(),
    reciprocal: boolean('reciprocal').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }),
    termDate: date('term_date', { mode: 'string' }),
    dba: text('dba').notNull().default(''),
    products: integer('products')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('websites_vendor_status_idx').on(t.vendorId, t.status),
    index('websites_member_idx').on(t.memberNumber),
    index('websites_domain_trgm_idx').using('gin', sql`${t.domainName} gin_trgm_ops`),
  ],
);

export interface FieldChange {
  path: string[];
  from: unknown;
  to: unknown;
}

/** The change log of a website; the user's names are a snapshot so entries outlive the user. */
export const websiteChanges = pgTable(
  'website_changes',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    createdAt: createdAt(),
    description: text('description').notNull(),
    kind: text('kind')
      .$type<import('@vp/contract').AuditKind>()
      .notNull()
      .default(sql`NULL`),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    changes: jsonb('changes').$type<FieldChange[]>().notNull().default([]),
  },
  (t) => [index('website_changes_website_idx').on(t.websiteId, t.createdAt)],
);

/** The team of agents of a website (product 2); the primary is the site's agent. */
export const websiteTeams = pgTable('website_teams', {
  websiteId: integer('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  primaryMemberNumber: text('primary_member_number').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const websiteTeamMembers = pgTable(
  'website_team_members',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websiteTeams.websiteId, { onDelete: 'cascade' }),
    /** MemberMlsId of the agent. */
    memberNumber: text('member_number').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.memberNumber] }),
    index('website_team_members_member_idx').on(t.memberNumber),
  ],
);

/** Domain and agent change requests, recorded on the site for MLS staff to act on. */
export const websiteRequests = pgTable(
  'website_requests',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    kind: text('kind', { enum: ['domain', 'agent'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('website_requests_website_idx').on(t.websiteId, t.createdAt)],
);

/*
 * Migration 0002_website_list_keys (hand-written SQL) adds what drizzle's table model cannot express
 * on the tables above: the websites list indexes (one per sort, with and without the status filter),
 * the unique index on lower(domain_name) (a domain is licensed once, across vendors), the agent
 * search's prefix and trigram indexes on members, and the websites' roster-derived sort and search
 * keys (agent_name, agent_status, office_name, search_text). Those columns are written only by the
 * triggers there, never by the app, so they are not part of the websites model; the same triggers
 * keep website_counts.
 */

/** Site counts per vendor and status, kept by triggers so the websites list total is one row read. */
export const websiteCounts = pgTable(
  'website_counts',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.status] })],
);
