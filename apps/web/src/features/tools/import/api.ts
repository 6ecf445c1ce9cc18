import type { ImportResult, ImportRow, ImportRowResult } from '@vp/contract';
import { ApiError, http } from '../../../lib/http.ts';

/** The import's two calls; 5,000 rows take longer than a page of the list, so they wait longer. */
const IMPORT_TIMEOUT_MS = 60_000;

export function checkImport(rows: ImportRow[]): Promise<ImportResult> {
  return http.post<ImportResult>('/portal/websites/import/check', { rows }, { timeoutMs: IMPORT_TIMEOUT_MS });
}

export function commitImport(rows: ImportRow[], onlyIfAllValid: boolean): Promise<ImportResult> {
  return http.post<ImportResult>(
    '/portal/websites/import',
    { rows, onlyIfAllValid },
    { timeoutMs: IMPORT_TIMEOUT_MS },
  );
}

/** The row table of a refused import (a bad row with "only if every row is valid"), if it came with one. */
export function refusedRows(err: unknown): ImportRowResult[] | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const rows = (err.body as { rows?: unknown } | undefined)?.rows;
  return Array.isArray(rows) ? (rows as ImportRowResult[]) : null;
}
