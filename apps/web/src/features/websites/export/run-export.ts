import {
  EXPORT_TOTAL_HEADER,
  WEBSITES_XLSX_PATH,
  isoDate,
  type ExportColumnKey,
  type SiteStatus,
  type WebsiteListMissing,
  type WebsiteXlsxRequest,
} from '@vp/contract';
import { requestFile } from '../../../lib/http.ts';

/**
 * The spreadsheet is written by the server as it reads the rows and arrives here as a file: the
 * page only hands it to the browser, so a long export never holds up its thread.
 */

export interface ExportFilter {
  status?: SiteStatus;
  search?: string;
  missing?: WebsiteListMissing;
  /** The sites a notification named: the list and its export hold these only. */
  ids?: readonly number[];
  sort?: string;
  order?: 'asc' | 'desc';
}

export interface ExportResult {
  rows: number;
  fileName: string;
}

/** Hands the browser the file as a download, like a link with a download attribute. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The name the server gave the file (vendor and date), from its Content-Disposition. */
export function attachmentName(disposition: string | null): string | null {
  const m = /filename="([^"]+)"/.exec(disposition ?? '');
  return m?.[1] ?? null;
}

async function download(body: WebsiteXlsxRequest): Promise<ExportResult> {
  // The file is named for the user's own date, not the server's.
  const { blob, headers } = await requestFile(WEBSITES_XLSX_PATH, {
    method: 'POST',
    body: { ...body, date: isoDate() },
  });
  const fileName = attachmentName(headers.get('Content-Disposition')) ?? `websites-${isoDate()}.xlsx`;
  saveBlob(blob, fileName);
  return { rows: Number(headers.get(EXPORT_TOTAL_HEADER)) || 0, fileName };
}

function filterBody(filter: ExportFilter): WebsiteXlsxRequest {
  const { status, search, missing, ids, sort, order } = filter;
  return {
    ...(status ? { status } : {}),
    ...(search?.trim() ? { search: search.trim() } : {}),
    ...(missing ? { missing } : {}),
    ...(ids ? { ids: [...ids] } : {}),
    ...(sort ? { sort: sort as WebsiteXlsxRequest['sort'] } : {}),
    ...(order ? { order } : {}),
  };
}

/** The whole filtered list (not just the page on screen), in the list's order. */
export function exportFilteredWebsites(
  filter: ExportFilter,
  keys: readonly ExportColumnKey[],
): Promise<ExportResult> {
  return download({ ...filterBody(filter), columns: [...keys] });
}

/** Chosen rows and columns (Custom Export), in the list's order. */
export function exportSelectedWebsites(
  sites: readonly { rowKey: number }[],
  keys: readonly ExportColumnKey[],
  filter: ExportFilter = {},
): Promise<ExportResult> {
  return download({ ...filterBody(filter), columns: [...keys], ids: sites.map((s) => s.rowKey) });
}
