import type { AuditKind } from '@vp/contract';
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
} from 'drizzle-orm/pg-core';
import { users, vendors } from './accounts.ts';
import { createdAt } from './columns.ts';

/** The licensed websites of each vendor, with their products, teams, change requests and history. */

export const products = pgTable('products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

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
    /** When the site first became Active (set by trigger); such a site is never deleted. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** When the site last entered Pending Activation (set by trigger): the start of its licensing round. */
    pendingSince: timestamp('pending_since', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by trigger on every change of what the site shows (migration 0017); saves name it. */
    version: integer('version').notNull().default(1),
    /** Why the roster sync flagged the site for staff (its agent, a team member or broker left), and when. */
    rosterFlag: text('roster_flag'),
    rosterFlaggedAt: timestamp('roster_flagged_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('websites_vendor_status_idx').on(t.vendorId, t.status),
    index('websites_member_idx').on(t.memberNumber),
    index('websites_domain_trgm_idx').using('gin', sql`${t.domainName} gin_trgm_ops`),
  ],
);

/** A deleted (never-activated) site, kept out of every list; its History stays with MLS staff. */
export const deletedWebsites = pgTable(
  'deleted_websites',
  {
    id: integer('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    domainName: text('domain_name').notNull(),
    status: text('status').notNull(),
    memberNumber: text('member_number').notNull(),
    reciprocal: boolean('reciprocal').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    termDate: date('term_date', { mode: 'string' }),
    dba: text('dba').notNull(),
    products: integer('products').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('deleted_websites_vendor_idx').on(t.vendorId, t.deletedAt)],
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
    /** No foreign key: History outlives its site (migration 0006 also refuses deletes). */
    websiteId: integer('website_id').notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    createdAt: createdAt(),
    description: text('description').notNull(),
    kind: text('kind')
      .$type<AuditKind>()
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
  /** Raised by trigger on every update of the team (migration 0017); saves name it. */
  version: integer('version').notNull().default(1),
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

/** Domain, agent and termination requests, recorded on the site for MLS staff to act on. */
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
    kind: text('kind', { enum: ['domain', 'agent', 'product', 'team', 'termination'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    createdAt: createdAt(),
    /** When MLS staff (or the sender, withdrawing) decided it, by whom, and the reason given. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason').notNull().default(''),
  },
  (t) => [index('website_requests_website_idx').on(t.websiteId, t.createdAt)],
);

/**
 * Every decision of MLS staff in the console, with how long it waited: the queue's median time to
 * decision and the approval-time report read it.
 */
export const staffDecisions = pgTable(
  'staff_decisions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', {
      enum: [
        'activation',
        'termination',
        'domain',
        'agent',
        'product',
        'team',
        'licence',
        'document',
        'compliance',
      ],
    }).notNull(),
    outcome: text('outcome', { enum: ['approved', 'declined'] }).notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    websiteId: integer('website_id'),
    requestId: integer('request_id'),
    documentId: integer('document_id'),
    waitedSince: timestamp('waited_since', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
  },
  (t) => [index('staff_decisions_decided_idx').on(t.decidedAt)],
);

/*
 * Migration 0002_website_list_keys (hand-written SQL) adds what drizzle's table model cannot express
 * on the tables above: the websites list indexes (one per sort, with and without the status filter),
 * the unique index on lower(domain_name) (a domain is licensed once, across vendors), the agent
 * search's prefix and trigram indexes on members, and the websites' roster-derived sort and search
 * keys (agent_name, agent_status, office_name, search_text). Those columns are written only by the
 * triggers there, never by the app, so they are not part of the websites model; the same triggers
 * keep website_counts. Migration 0010_website_list_order adds agent_key (the MLS ID, searched too),
 * the generated status_rank (the product's order of statuses) and the indexes of the status and
 * term date sorts, and widens search_text to every column the list shows. Migration
 * 0027_site_document_gaps adds missing_documents (whether the site lacks a document it needs, by
 * the rule website_missing_documents) and website_counts.missing, kept by triggers on every table
 * the rule reads. Migration 0033_website_mls_id_sort indexes agent_key for the MLS ID sort.
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
    /** Of those, the sites missing documents (migration 0027). */
    missing: integer('missing').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.status] })],
);

/**
 * The websites each vendor holds, one row per vendor, kept by the statement triggers of migration
 * 0024 on every insert and delete of websites; the vendor's site ceiling is held on this row.
 */
export const vendorSiteTotals = pgTable('vendor_site_totals', {
  vendorId: integer('vendor_id')
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  n: integer('n').notNull().default(0),
});
