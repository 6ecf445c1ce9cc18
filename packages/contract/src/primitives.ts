import { z } from './zod.ts';

/**
 * Building blocks every input schema uses, bounded to what the database can store, so a value the
 * database would refuse is a 400 with a clear message rather than an error from the database.
 */

export const PrimitiveMessages = {
  dateFormat: 'Dates must be in yyyy-mm-dd format.',
  dateInvalid: 'Please enter a valid date.',
  idInvalid: 'Invalid id.',
} as const;

/** PostgreSQL's integer range; ids and counts are stored as `integer`. */
export const MAX_DB_INT = 2_147_483_647;

/** A calendar date as yyyy-mm-dd that exists: 2024-02-30 and 2023-02-29 are refused. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PrimitiveMessages.dateFormat)
  .refine(isRealDate, PrimitiveMessages.dateInvalid);

/** True when the yyyy-mm-dd string names a day that exists (a round trip through Date). */
export function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A positive id within the database's integer range. */
export const dbIdSchema = z
  .number({ error: PrimitiveMessages.idInvalid })
  .int(PrimitiveMessages.idInvalid)
  .min(1, PrimitiveMessages.idInvalid)
  .max(MAX_DB_INT, PrimitiveMessages.idInvalid);

/**
 * The earliest calendar date that is still "today" somewhere (UTC−12), as yyyy-mm-dd. A rule like
 * "today or later" checks against it, so a user's own today is never refused because the server's
 * clock is already on the next day.
 */
export function earliestToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** How many years ahead of today a date (a site's start or term date) may lie. */
export const DATE_YEARS_AHEAD = 10;

/**
 * The latest date a start or term date may take, as yyyy-mm-dd: ten years after the latest calendar
 * date that is already "today" somewhere (UTC+14), so a user's own today plus ten years is never
 * refused because the server's clock is a day behind. 29 February moves to 1 March.
 */
export function latestDateAhead(now: Date = new Date()): string {
  const date = new Date(now.getTime() + 14 * 60 * 60 * 1000);
  date.setUTCFullYear(date.getUTCFullYear() + DATE_YEARS_AHEAD);
  return date.toISOString().slice(0, 10);
}

/** Whether a yyyy-mm-dd date is at most DATE_YEARS_AHEAD years from today (see latestDateAhead). */
export function isWithinYearsAhead(date: string, now: Date = new Date()): boolean {
  return date <= latestDateAhead(now);
}
