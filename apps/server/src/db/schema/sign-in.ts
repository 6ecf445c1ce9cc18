import { bigint, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * Two-step sign-in (migration 0038_two_step_sign_in): each user's second factors and recovery
 * codes, the tickets between a sign-in's two steps, and the WebAuthn challenges waiting an answer.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const userId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const userFactors = pgTable('user_factors', {
  id: serial('id').primaryKey(),
  userId: userId(),
  kind: text('kind', { enum: ['totp', 'passkey'] }).notNull(),
  name: text('name').notNull(),
  totpSecret: text('totp_secret'),
  lastStep: bigint('last_step', { mode: 'number' }),
  credentialId: text('credential_id'),
  /** The COSE public key, base64url. */
  publicKey: text('public_key'),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default([]),
  confirmedAt: at('confirmed_at'),
  createdAt: createdAt(),
  lastUsedAt: at('last_used_at'),
});

export const recoveryCodes = pgTable('recovery_codes', {
  id: serial('id').primaryKey(),
  userId: userId(),
  codeHash: text('code_hash').notNull(),
  createdAt: createdAt(),
  usedAt: at('used_at'),
});

export const signInTickets = pgTable('sign_in_tickets', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  userId: userId(),
  stage: text('stage', { enum: ['verify', 'enrol'] }).notNull(),
  /** How the first step was taken: password, code, invitation, sso. */
  firstStep: text('first_step').notNull(),
  attempts: integer('attempts').notNull().default(0),
  address: text('address'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: text('id').primaryKey(),
  purpose: text('purpose', { enum: ['sign-in', 'second-step', 'enrol', 'add'] }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  ticketId: integer('ticket_id').references(() => signInTickets.id, { onDelete: 'cascade' }),
  challenge: text('challenge').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const ssoStates = pgTable('sso_states', {
  state: text('state').primaryKey(),
  browserHash: text('browser_hash').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectTo: text('redirect_to').notNull().default(''),
  expiresAt: at('expires_at').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  secondFactorDone: boolean('second_factor_done').notNull().default(false),
  finishHash: text('finish_hash'),
  usedAt: at('used_at'),
});
