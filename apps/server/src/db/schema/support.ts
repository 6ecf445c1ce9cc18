import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users, vendors } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Mail waiting to go out (or kept, without SMTP) and the feedback users send to MLS staff. */

/** queued → sending → sent; a failed try goes back to queued until the last, then failed. */
export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** kept: no SMTP is configured; the mail stays here and its link is logged. */
    status: text('status').$type<MailState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While sending: when a claim left by a crashed instance may be taken over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const tickets = pgTable('tickets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  category: text('category').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * Limits that hold across instances on PostgreSQL (the embedded database counts in its one
 * process): uses per key and calendar minute, and the places of expensive requests under way.
 */
export const rateWindows = pgTable(
  'rate_windows',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    minute: bigint('minute', { mode: 'number' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.minute] })],
);

export const workPlaces = pgTable(
  'work_places',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** A place left by an instance that died is given back after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('work_places_user_idx').on(t.userId, t.expiresAt)],
);

/** Every run of a scheduled job, with its error: the console's Jobs screen reads it. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ok: boolean('ok'),
    error: text('error'),
    manual: boolean('manual').notNull().default(false),
    /** What the run changed, in a sentence (migration 0031); null when it says nothing. */
    summary: text('summary'),
  },
  (t) => [index('job_runs_name_idx').on(t.name, t.startedAt)],
);
