import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users, vendors } from './accounts.ts';
import { createdAt } from './columns.ts';
import { websites } from './websites.ts';

/** The conversation between vendors and MLS staff (migration 0017). */

/** A comment on a website, or on the vendor's account when website_id is null. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id').references(() => websites.id, { onDelete: 'cascade' }),
    /** Null once the author was removed ('Deleted User'). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Stored as typed (trimmed); shown as text, never as markup. */
    body: text('body').notNull(),
    /** False: an internal note of MLS staff, which vendors never read. */
    public: boolean('public').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_website_idx')
      .on(t.websiteId, t.id)
      .where(sql`${t.websiteId} IS NOT NULL`),
    index('comments_vendor_idx')
      .on(t.vendorId, t.id)
      .where(sql`${t.websiteId} IS NULL`),
  ],
);
