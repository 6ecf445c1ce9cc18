import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users, vendors } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Mail waiting to go out (or kept, without SMTP) and the feedback users send to MLS staff. */

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
