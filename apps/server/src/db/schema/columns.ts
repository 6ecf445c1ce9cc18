import { timestamp } from 'drizzle-orm/pg-core';

/** Column builders shared by several tables; not re-exported with the tables. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
