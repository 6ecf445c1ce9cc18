import type {
  ComplianceDecision,
  ComplianceRule,
  ComplianceRuleKind,
  ComplianceRuleResult,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users, vendors } from './accounts.ts';
import { createdAt } from './columns.ts';
import { products, websites } from './websites.ts';

/**
 * Compliance watch (migration 0034_compliance): a product's rule sets, one row per version; the
 * checks of each licensed website with what they read and decided; and findings, the rules a site
 * fails, open until a check passes them or MLS staff close them.
 */
export const complianceRuleSets = pgTable(
  'compliance_rule_sets',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    rules: jsonb('rules').$type<ComplianceRule[]>().notNull(),
    graceDays: integer('grace_days').notNull().default(7),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('compliance_rule_sets_product_version_idx').on(t.productId, t.version)],
);

/** What a check read: each address, its status and time, and a hash of what came back. */
export interface CompliancePage {
  url: string;
  status: number | null;
  ms: number | null;
  sha256: string | null;
  error: string | null;
}

export const complianceChecks = pgTable(
  'compliance_checks',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<'schedule' | 'vendor' | 'staff'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    decision: text('decision').$type<ComplianceDecision>().notNull(),
    ruleSetIds: integer('rule_set_ids').array().notNull(),
    pages: jsonb('pages').$type<CompliancePage[]>().notNull(),
    results: jsonb('results').$type<(ComplianceRuleResult & { productId: number })[]>().notNull(),
  },
  (t) => [
    index('compliance_checks_website_idx').on(t.websiteId, t.startedAt.desc(), t.id.desc()),
    index('compliance_checks_started_idx').on(t.startedAt),
  ],
);

export const complianceFindings = pgTable(
  'compliance_findings',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    ruleId: text('rule_id').notNull(),
    ruleKind: text('rule_kind').$type<ComplianceRuleKind>().notNull(),
    state: text('state').$type<'open' | 'resolved' | 'waived'>().notNull().default('open'),
    reason: text('reason').notNull(),
    evidence: text('evidence').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    dueOn: date('due_on').notNull(),
    openedCheckId: integer('opened_check_id').references(() => complianceChecks.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedCheckId: integer('closed_check_id').references(() => complianceChecks.id, { onDelete: 'set null' }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closeReason: text('close_reason'),
    /** A waiver holds until a check passes the rule again. */
    waiverEndedAt: timestamp('waiver_ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('compliance_findings_open_idx')
      .on(t.websiteId, t.productId, t.ruleId)
      .where(sql`${t.state} = 'open'`),
    index('compliance_findings_vendor_idx').on(t.vendorId, t.state, t.dueOn),
    index('compliance_findings_due_idx').on(t.state, t.dueOn),
    index('compliance_findings_overdue_idx')
      .on(t.dueOn, t.websiteId)
      .where(sql`${t.state} = 'open'`),
  ],
);
