import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users, vendors } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * A vendor's own systems (migration 0037_api_keys_webhooks): the API keys they call with, and the
 * endpoints that receive licensing events, with the outbox of events and their deliveries.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  vendorId: integer('vendor_id')
    .notNull()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  shown: text('shown').notNull(),
  secretHash: text('secret_hash').notNull(),
  scopes: text('scopes').array().notNull(),
  allowedRanges: text('allowed_ranges').array().notNull().default([]),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  lastUsedAt: at('last_used_at'),
  lastUsedFrom: text('last_used_from'),
  revokedAt: at('revoked_at'),
  revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  replacedBy: integer('replaced_by'),
  expiryNoticedAt: at('expiry_noticed_at'),
});

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  /** Null: the MLS's own endpoint, which receives every vendor's events. */
  vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  eventTypes: text('event_types').array().notNull(),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousSecretUntil: at('previous_secret_until'),
  secretRotatedAt: at('secret_rotated_at'),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason'),
  failingSince: at('failing_since'),
  lastDeliveryAt: at('last_delivery_at'),
  lastDeliveryStatus: integer('last_delivery_status'),
  createdAt: createdAt(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});

export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  vendorId: integer('vendor_id'),
  type: text('type').notNull(),
  payload: text('payload').notNull(),
  createdAt: createdAt(),
});

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: serial('id').primaryKey(),
  eventId: text('event_id')
    .notNull()
    .references(() => webhookEvents.id, { onDelete: 'cascade' }),
  endpointId: integer('endpoint_id')
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at').defaultNow(),
  claimedUntil: at('claimed_until'),
  lastAttemptAt: at('last_attempt_at'),
  responseStatus: integer('response_status'),
  responseMs: integer('response_ms'),
  responseBody: text('response_body'),
  error: text('error'),
  createdAt: createdAt(),
});
