import { bigint, date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users, vendors } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * What the MLS publishes for vendors, when each user last looked at it, and the data feeds between
 * vendors (migration 0022_resources, which also holds the CHECK constraints: a resource is a file or
 * a link, a link is http(s), a vendor does not feed itself).
 */

export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** A stored file: its key in file storage, its real name, size and type. */
    storageKey: text('storage_key').unique(),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    contentType: text('content_type'),
    /** Or a link (http or https). */
    url: text('url'),
    /** Order within the category. */
    position: integer('position').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('resources_category_idx').on(t.category, t.position, t.id)],
);

export const resourceViews = pgTable('resource_views', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const vendorFeeds = pgTable(
  'vendor_feeds',
  {
    id: serial('id').primaryKey(),
    providerVendorId: integer('provider_vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    consumerVendorId: integer('consumer_vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    feedType: text('feed_type').notNull(),
    status: text('status').notNull(),
    since: date('since').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('vendor_feeds_pair').on(t.providerVendorId, t.consumerVendorId),
    index('vendor_feeds_consumer_idx').on(t.consumerVendorId),
  ],
);
