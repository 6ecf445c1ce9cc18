import type { SiteStatus, WebsiteListMissing } from '@vp/contract';
import type { ExportColumnKey, ExportSite } from './export-rows.ts';

/** Messages between the page and the export worker. */
export interface ExportFilter {
  status?: SiteStatus;
  search?: string;
  missing?: WebsiteListMissing;
  sort?: string;
  order?: 'asc' | 'desc';
}

export type ExportRequest =
  | {
      kind: 'filtered';
      apiRoot: string;
      headers: Record<string, string>;
      filter: ExportFilter;
      keys: readonly ExportColumnKey[];
    }
  | { kind: 'rows'; sites: readonly ExportSite[]; keys: readonly ExportColumnKey[] };

export type ExportResponse =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; blob: Blob; rows: number }
  | { kind: 'error'; status: number; code: number; message: string };
