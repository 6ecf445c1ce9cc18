import { sql } from 'drizzle-orm';

/** Values of raw SQL rows, the same on both drivers. */

/** A timestamp as ISO text (the drivers answer a Date, or text in some casts). */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : iso(value);
}

/**
 * A `users u` row's standing: active; invited (never registered: no password yet); or deactivated
 * (registered, then switched off by MLS staff).
 */
export const userStatusSql = sql`(CASE WHEN u.active THEN 'active'
  WHEN u.password_hash IS NULL THEN 'invited' ELSE 'deactivated' END)`;
