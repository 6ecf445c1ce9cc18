import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Runs raw SQL and answers its rows; both drivers (PGlite, node-postgres) return `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Escapes LIKE wildcards so user input matches literally. */
export function likeEscape(input: string): string {
  return input.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A text[] or int[] built from one JSON parameter. drizzle expands a JS array into a list of
 * parameters, and the two drivers serialise array parameters differently; JSON is the same on both.
 */
export function textArray(values: readonly string[]): SQL {
  return sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

export function intArray(values: readonly number[]): SQL {
  return sql`ARRAY(SELECT v::int FROM jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) AS v)::int[]`;
}

/** Whether a database error (or one it caused) is a unique index refusing a duplicate. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Whether a database error (or one it caused) is the licence rule refusing a commit: a site Active
 * or Pending Termination without a current licence for its terms, or a licence rewritten or
 * deleted (migration 0028).
 */
export function isLicenceViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23514' && (constraint === 'site_licence' || constraint === 'licence_kept')) return true;
  }
  return false;
}
