import { EXPORT_FILE_NAME } from '@vp/contract';
import { API_ROOT, ApiError } from '../../../lib/http.ts';
import { getToken } from '../../../lib/session.ts';
import { getVendor } from '../../../lib/settings.ts';
import type { ExportColumnKey, ExportSite } from './export-rows.ts';
import type { ExportFilter, ExportRequest, ExportResponse } from './export-protocol.ts';

export interface ExportResult {
  rows: number;
  fileName: string;
}

function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const vendor = getVendor();
  if (vendor !== null) headers.Vendor = String(vendor);
  return headers;
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

function runInWorker(
  request: ExportRequest,
  onProgress?: (done: number, total: number) => void,
): Promise<{ blob: Blob; rows: number }> {
  const worker = new Worker(new URL('./export.worker.ts', import.meta.url), {
    type: 'module',
    name: 'export',
  });
  return new Promise<{ blob: Blob; rows: number }>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ExportResponse>) => {
      const msg = event.data;
      if (msg.kind === 'progress') {
        onProgress?.(msg.done, msg.total);
        return;
      }
      worker.terminate();
      if (msg.kind === 'done') resolve({ blob: msg.blob, rows: msg.rows });
      else reject(new ApiError(msg.status, msg.code, msg.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'Export failed'));
    };
    worker.postMessage(request);
  });
}

/** The whole filtered list (not just the page on screen) as table-list.xlsx. */
export async function exportFilteredWebsites(
  filter: ExportFilter,
  keys: readonly ExportColumnKey[],
  onProgress?: (done: number, total: number) => void,
): Promise<ExportResult> {
  const fileName = `${EXPORT_FILE_NAME}.xlsx`;
  const { blob, rows } = await runInWorker(
    {
      kind: 'filtered',
      apiRoot: API_ROOT,
      headers: sessionHeaders(),
      filter,
      keys,
    },
    onProgress,
  );
  saveBlob(blob, fileName);
  return { rows, fileName };
}

/** Chosen rows and columns (Custom Export). */
export async function exportSelectedWebsites(
  sites: readonly ExportSite[],
  keys: readonly ExportColumnKey[],
): Promise<ExportResult> {
  const fileName = `${EXPORT_FILE_NAME}.xlsx`;
  const plain = sites.map((s) => ({
    domainName: s.domainName,
    status: s.status,
    licensee: s.licensee,
    mlsStatus: s.mlsStatus,
    office: s.office,
    mlsId: s.mlsId,
    memberNumber: s.memberNumber,
    startDate: s.startDate,
    termDate: s.termDate,
  }));
  const { blob, rows } = await runInWorker({ kind: 'rows', sites: plain, keys });
  saveBlob(blob, fileName);
  return { rows, fileName };
}
