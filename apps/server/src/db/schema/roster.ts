import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The MLS roster, kept current by the roster import; websites join it on MemberMlsId. */

/** MLS roster offices, RESO Data Dictionary names (snake-cased in SQL). */
export const offices = pgTable('offices', {
  OfficeKey: text('office_key').primaryKey(),
  OfficeMlsId: text('office_mls_id').notNull().unique(),
  OfficeName: text('office_name').notNull(),
  OfficeBrokerMlsId: text('office_broker_mls_id'),
  OfficeAOR: text('office_aor').notNull(),
  ModificationTimestamp: timestamp('modification_timestamp', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * MLS roster members, RESO Data Dictionary names. Reciprocal agents belong to another association
 * (MemberAOR) and are flagged so they only show in reciprocal searches.
 */
export const members = pgTable(
  'members',
  {
    MemberKey: text('member_key').primaryKey(),
    MemberMlsId: text('member_mls_id').notNull().unique(),
    MemberFirstName: text('member_first_name').notNull(),
    MemberLastName: text('member_last_name').notNull(),
    MemberStateLicense: text('member_state_license').notNull(),
    MemberStatus: text('member_status').notNull(),
    MemberAOR: text('member_aor').notNull(),
    MemberEmail: text('member_email'),
    OfficeKey: text('office_key').references(() => offices.OfficeKey),
    OfficeMlsId: text('office_mls_id'),
    Reciprocal: boolean('reciprocal').notNull().default(false),
    ModificationTimestamp: timestamp('modification_timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('members_office_idx').on(t.OfficeKey),
    index('members_license_idx').on(t.MemberStateLicense),
    index('members_name_trgm_idx').using(
      'gin',
      sql`(${t.MemberFirstName} || ' ' || ${t.MemberLastName}) gin_trgm_ops`,
    ),
  ],
);

/** Where the roster sync stands per RESO resource: the newest timestamp committed, the page to resume. */
export const rosterSyncState = pgTable('roster_sync_state', {
  resource: text('resource', { enum: ['Member', 'Office'] }).primaryKey(),
  lastTimestamp: timestamp('last_timestamp', { withTimezone: true }),
  nextLink: text('next_link'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
