import type { NotificationSettings } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users, vendors } from './accounts.ts';
import { createdAt } from './columns.ts';
import { websites } from './websites.ts';

/** The conversation between vendors and MLS staff, and what users are notified of (migration 0017). */

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

/**
 * One notification of one user. Written already dismissed when its user wants it by email only;
 * `wantsEmail` marks it for the digest, which sets `emailedAt`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** No foreign key: a notification that a site was deleted outlives it. */
    websiteId: integer('website_id'),
    /** `group.item` of the settings (NotificationTopic). */
    topic: text('topic').notNull(),
    content: text('content').notNull(),
    link: text('link').notNull(),
    wantsEmail: boolean('wants_email').notNull().default(false),
    createdAt: createdAt(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    /** When the user opened it (migration 0032): read ones no longer count on the bell. */
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_list_idx')
      .on(t.userId, t.vendorId, t.id.desc())
      .where(sql`${t.dismissedAt} IS NULL`),
    index('notifications_mail_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.wantsEmail} AND ${t.emailedAt} IS NULL`),
    index('notifications_dismissed_idx')
      .on(t.dismissedAt)
      .where(sql`${t.dismissedAt} IS NOT NULL`),
  ],
);

/** A user's delivery choices; a user without a row has the contract's defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<NotificationSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
