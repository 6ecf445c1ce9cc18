/**
 * The database model, one file per domain under schema/. Everything that reads tables imports them
 * from here, and drizzle-kit reads this file (drizzle.config.ts) to generate migrations.
 */
export * from './schema/accounts.ts';
export * from './schema/roster.ts';
export * from './schema/support.ts';
export * from './schema/websites.ts';
export * from './schema/documents.ts';
export * from './schema/conversation.ts';
export * from './schema/staff.ts';
export * from './schema/resources.ts';
export * from './schema/contacts.ts';
export * from './schema/compliance.ts';
export * from './schema/integrations.ts';
export * from './schema/sign-in.ts';
