import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { AccountChangeKind, AccountChangeSubject } from '@vp/contract';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * What MLS staff changed in the console (migration 0020_account_changes, which also holds the CHECK
 * constraints on subject and kind): vendors, users and their invitations, document types.
 */
export const accountChanges = pgTable(
  'account_changes',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').$type<AccountChangeSubject>().notNull(),
    subjectId: integer('subject_id').notNull(),
    kind: text('kind').$type<AccountChangeKind>().notNull(),
    description: text('description').notNull(),
    /** Field by field, what changed: [{ field, from, to }]. */
    changes: jsonb('changes').$type<{ field: string; from: unknown; to: unknown }[]>().notNull().default([]),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's name when they acted, kept if the account is renamed or removed. */
    actorName: text('actor_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('account_changes_subject_idx').on(t.subject, t.subjectId, t.id)],
);
