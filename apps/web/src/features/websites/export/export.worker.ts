/// <reference lib="webworker" />
import writeXlsxFile from 'write-excel-file/universal';
import {
  EXPORT_COLUMN_WIDTHS,
  exportHeader,
  exportRow,
  orderedKeys,
  sheetRowsXml,
  type ExportColumnKey,
  type ExportSite,
} from './export-rows.ts';
import type { ExportRequest, ExportResponse } from './export-protocol.ts';

/**
 * Fetching, parsing and writing tens of thousands of rows would stall the page for seconds; here
 * it happens off the main thread, which only receives the finished file. Each page of sites is
 * turned into sheet rows as soon as it arrives, while the next one is still on the wire.
 */
declare const self: DedicatedWorkerGlobalScope;

class FetchError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type FilteredRequest = Extract<ExportRequest, { kind: 'filtered' }>;

const post = (msg: ExportResponse) => self.postMessage(msg);

async function fetchPage(
  req: FilteredRequest,
  page: number,
): Promise<{ items: ExportSite[]; total: number }> {
  const q = new URLSearchParams({ page: String(page), pageSize: String(req.pageSize) });
  const { status, search, sort, order } = req.filter;
  if (sort) q.set('sort', sort);
  if (order) q.set('order', order);
  if (status) q.set('status', status);
  if (search?.trim()) q.set('search', search.trim());
  const res = await fetch(`${req.apiRoot}/portal/websites?${q.toString()}`, { headers: req.headers });
  const body = (await res.json().catch(() => null)) as {
    items?: ExportSite[];
    total?: number;
    code?: number;
    message?: string;
  } | null;
  if (!res.ok || !body) {
    throw new FetchError(
      res.status,
      body?.code ?? res.status,
      body?.message || res.statusText || 'Export failed',
    );
  }
  return { items: body.items ?? [], total: body.total ?? 0 };
}

function rowsXml(sites: readonly ExportSite[], keys: readonly ExportColumnKey[], firstRow: number): string {
  return sheetRowsXml(
    sites.map((s) => exportRow(s, keys)),
    firstRow,
  );
}

/** The sheet rows of the whole filtered list: the first page tells the total, the rest load two at a time. */
async function filteredRowsXml(
  req: FilteredRequest,
  keys: readonly ExportColumnKey[],
): Promise<{ xml: string; rows: number }> {
  const first = await fetchPage(req, 1);
  const pages = Math.max(1, Math.ceil(first.total / req.pageSize));
  const chunks = new Array<string>(pages);
  // Row 1 is the header; page p starts at row 2 + (p - 1) * pageSize.
  chunks[0] = rowsXml(first.items, keys, 2);
  let rows = first.items.length;
  post({ kind: 'progress', done: rows, total: first.total });
  let next = 2;
  async function lane() {
    while (next <= pages) {
      const page = next++;
      const { items } = await fetchPage(req, page);
      chunks[page - 1] = rowsXml(items, keys, 2 + (page - 1) * req.pageSize);
      rows += items.length;
      post({ kind: 'progress', done: rows, total: first.total });
    }
  }
  await Promise.all([lane(), lane()]);
  return { xml: chunks.join(''), rows };
}

/**
 * The zip step compresses large files in helper workers created from blob: URLs; a Content
 * Security Policy without `worker-src blob:` blocks them, and the export would wait forever.
 * (Other reports, such as a library probing whether eval is allowed, are answered by the library.)
 */
const BLOCKED_MESSAGE = "The export was blocked by the browser's security policy.";
self.addEventListener('securitypolicyviolation', (event: Event) => {
  const { effectiveDirective, blockedURI } = event as SecurityPolicyViolationEvent;
  if (effectiveDirective === 'worker-src' || blockedURI.startsWith('blob')) {
    post({ kind: 'error', status: 0, code: 0, message: BLOCKED_MESSAGE });
  }
});

self.onmessage = async (event: MessageEvent<ExportRequest>) => {
  const req = event.data;
  try {
    const keys = orderedKeys(req.keys);
    const { xml, rows } =
      req.kind === 'filtered'
        ? await filteredRowsXml(req, keys)
        : { xml: rowsXml(req.sites, keys, 2), rows: req.sites.length };
    const columns = keys.map((k) => ({ width: EXPORT_COLUMN_WIDTHS[k] }));
    // write-excel-file writes the workbook with the styled header row; the data rows join it
    // through its feature hook, already as XML (a replacer function, so no `$` in the data is
    // read as a replacement pattern).
    const blob = await writeXlsxFile(
      [exportHeader(keys)],
      { columns, sheet: 'Websites', stickyRowsCount: 1 },
      {
        features: [
          {
            files: {
              transform: {
                'xl/worksheets/sheet{id}.xml': {
                  transform: (sheet: string) => sheet.replace('</sheetData>', () => `${xml}</sheetData>`),
                },
              },
            },
          },
        ],
      },
    ).toBlob();
    post({ kind: 'done', blob, rows });
  } catch (err) {
    if (err instanceof FetchError)
      post({ kind: 'error', status: err.status, code: err.code, message: err.message });
    else
      post({
        kind: 'error',
        status: 0,
        code: 0,
        message: err instanceof Error ? err.message : 'Export failed',
      });
  }
};
