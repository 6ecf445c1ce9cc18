import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
