/// <reference lib="webworker" />
import { EXPORT_TOTAL_HEADER, NDJSON_TYPE, WEBSITES_EXPORT_PATH } from '@vp/contract';
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
import { ndjsonBatches } from './ndjson.ts';

/**
 * Fetching, parsing and writing tens of thousands of rows would stall the page for seconds; here
 * it happens off the main thread, which only receives the finished file. The list comes as one
 * NDJSON stream, turned into sheet rows as its lines arrive, while the rest is still on the wire.
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

const PROGRESS_STEP = 5_000;

async function openExport(
  req: FilteredRequest,
): Promise<{ body: ReadableStream<Uint8Array>; total: number }> {
  const q = new URLSearchParams();
  const { status, search, missing, sort, order } = req.filter;
  if (sort) q.set('sort', sort);
  if (order) q.set('order', order);
  if (status) q.set('status', status);
  if (search?.trim()) q.set('search', search.trim());
  if (missing) q.set('missing', missing);
  const res = await fetch(`${req.apiRoot}${WEBSITES_EXPORT_PATH}?${q.toString()}`, {
    headers: { ...req.headers, Accept: NDJSON_TYPE },
  });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    throw new FetchError(
      res.status,
      body?.code ?? res.status,
      body?.message || res.statusText || 'Export failed',
    );
  }
  return { body: res.body, total: Number(res.headers.get(EXPORT_TOTAL_HEADER)) || 0 };
}

function rowsXml(sites: readonly ExportSite[], keys: readonly ExportColumnKey[], firstRow: number): string {
  return sheetRowsXml(
    sites.map((s) => exportRow(s, keys)),
    firstRow,
  );
}

/** The sheet rows of the whole filtered list, made from the stream as its lines arrive. */
async function filteredRowsXml(
  req: FilteredRequest,
  keys: readonly ExportColumnKey[],
): Promise<{ xml: string; rows: number }> {
  const { body, total } = await openExport(req);
  const chunks: string[] = [];
  // Row 1 is the header.
  let rows = 0;
  let reported = 0;
  for await (const sites of ndjsonBatches<ExportSite>(body)) {
    chunks.push(rowsXml(sites, keys, 2 + rows));
    rows += sites.length;
    // A progress message per network chunk would only keep the page busy repainting its toast.
    if (rows - reported >= PROGRESS_STEP) {
      reported = rows;
      post({ kind: 'progress', done: rows, total: Math.max(total, rows) });
    }
  }
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
