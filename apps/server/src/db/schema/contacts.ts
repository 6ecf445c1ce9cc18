import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users, vendors } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Key contacts of vendors and their types (migration 0021_contacts, which seeds the types). */

export const contactTypes = pgTable('contact_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  required: boolean('required').notNull().default(false),
  /** The vendor types it applies to; empty: every vendor type. */
  vendorTypes: text('vendor_types')
    .array()
    .notNull()
    .default(sql`'{}'`),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** Raised by every change; a save names the version it was made from. */
    version: integer('version').notNull().default(1),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title').notNull().default(''),
    email: text('email').notNull(),
    /** E.164, or empty. */
    phone: text('phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The username of who changed it last, kept if the account goes away. */
    updatedByName: text('updated_by_name').notNull().default(''),
  },
  (t) => [index('contacts_vendor_idx').on(t.vendorId, t.lastName, t.firstName, t.id)],
);

export const contactTypeLinks = pgTable(
  'contact_type_links',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => contactTypes.id),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.typeId] }),
    index('contact_type_links_type_idx').on(t.typeId, t.contactId),
  ],
);
