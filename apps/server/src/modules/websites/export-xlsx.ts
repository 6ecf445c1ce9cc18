import { PassThrough } from 'node:stream';
import {
  ALL_EXPORT_KEYS,
  EXPORT_COLUMN_WIDTHS,
  EXPORT_SHEET_NAME,
  EXPORT_TOTAL_HEADER,
  ExportMessages,
  SITE_STATUS_DISPLAY,
  XLSX_TYPE,
  exportFileName,
  exportHeaders,
  isoDate,
  orderedKeys,
  websiteXlsxRequestSchema,
  type ExportColumnKey,
} from '@vp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { BODY_LIMITS } from '../../platform/connection-limits.ts';
import { NotFoundError, TooManyRequestsError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { sessionOf, vendorOf } from '../../platform/scope.ts';
import { openXlsxFile } from './xlsx-thread.ts';
import { exportLines, exportsInProgress, type BatchRunner, type ExportQuery } from './export.ts';
import { countWebsites } from './list-queries.ts';

/**
 * The spreadsheet, written here as the rows are read and streamed to the browser as it grows:
 * exceljs's streaming workbook writer takes one keyset batch at a time (see export.ts), so memory
 * stays one batch deep however long the list, and the browser only saves what arrives. Columns,
 * their order and the cells' texts are the contract's (`exportRow`), as the screen shows them.
 */

type XlsxRequest = z.output<typeof websiteXlsxRequestSchema>;

/**
 * A date cell's day (ISO), written by the spreadsheet thread as a date shown MM/DD/YYYY as on
 * screen; none, or the 0001-01-01 "no date", is empty.
 */
const dateCell = (column: SQL) =>
  sql`CASE WHEN ${column} IS NULL OR ${column} = DATE '0001-01-01' THEN NULL ELSE to_char(${column}, 'YYYY-MM-DD') END`;

/** The columns whose cells are dates. */
const DATE_KEYS: ReadonlySet<ExportColumnKey> = new Set(['startDate', 'termDate']);

/**
 * Each column's cell as the contract's `exportCell` writes it (statuses by their display names,
 * dates as days the thread writes as dates, empty texts as empty cells), made by the database so
 * that a batch arrives ready for the sheet. The tests hold the two to the same cells.
 */
const CELL_SQL: Record<ExportColumnKey, SQL> = {
  domainName: sql`nullif(w.domain_name, '')`,
  status: sql`CASE w.status ${sql.join(
    Object.entries(SITE_STATUS_DISPLAY).map(([stored, shown]) => sql`WHEN ${stored} THEN ${shown}`),
    sql` `,
  )} ELSE w.status END`,
  licensee: sql`nullif(btrim(coalesce(m.member_first_name, '') || ' ' || coalesce(m.member_last_name, '')), '')`,
  mlsStatus: sql`nullif(m.member_status, '')`,
  office: sql`nullif(o.office_name, '')`,
  mlsId: sql`nullif(m.member_key, '')`,
  memberNumber: sql`nullif(w.member_number, '')`,
  startDate: dateCell(sql`w.start_date`),
  termDate: dateCell(sql`w.term_date`),
};

/** Only the picked columns' cells, as one JSON array per site. */
function cellsJson(keys: readonly ExportColumnKey[]): SQL {
  return sql`json_build_array(${sql.join(
    keys.map((k) => CELL_SQL[k]),
    sql`, `,
  )})::text`;
}

/** The picked rows (`ids`) are one more filter of the list's, counted as any other. */
const countRows = (db: Db, vendorId: number, query: XlsxRequest): Promise<number> =>
  countWebsites(db, vendorId, query);

async function vendorLabel(db: Db, vendorId: number): Promise<string> {
  const [row] = await rowsOf<{ code: string; name: string }>(
    db,
    sql`SELECT code, name FROM vendors WHERE id = ${vendorId}`,
  );
  if (!row) throw new NotFoundError('That vendor account was not found.');
  return row.code || row.name;
}

/** Waits until what was written has been taken by the client, or the client has gone. */
function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
  });
}

/**
 * Writes the workbook into `out`: a bold header row kept in view, the picked columns at their
 * widths, then one row per site in the list's order. Empty texts are left as empty cells. The
 * spreadsheet thread writes one batch while the next is read, and `out` is drained before more is
 * sent, so memory stays a batch or two deep however long the list.
 */
export async function writeWorkbook(
  out: PassThrough,
  run: BatchRunner,
  vendorId: number,
  query: ExportQuery & { ids?: readonly number[] },
  keys: readonly ExportColumnKey[],
): Promise<void> {
  const file = openXlsxFile(
    {
      sheet: EXPORT_SHEET_NAME,
      widths: keys.map((k) => EXPORT_COLUMN_WIDTHS[k]),
      headers: exportHeaders(keys),
      dates: keys.flatMap((k, at) => (DATE_KEYS.has(k) ? [at] : [])),
    },
    (bytes) => {
      if (!out.destroyed) out.write(bytes);
    },
  );
  const gone = new Promise<void>((resolve) => out.once('close', resolve));
  let written: Promise<void> = Promise.resolve();
  try {
    const line = cellsJson(keys);
    for await (const chunk of exportLines(run, vendorId, query, undefined, { line, ids: query.ids })) {
      if (out.destroyed) return;
      await written;
      written = file.rows(chunk);
      // Its failure is taken up by the next await; until then it is not an unhandled one.
      written.catch(() => undefined);
      await drained(out);
    }
    await written;
    if (out.destroyed) return;
    // A client gone while the last parts are zipped leaves nothing to wait for.
    await Promise.race([file.end(), gone]);
    if (!out.destroyed) out.end();
  } finally {
    // Nothing once the file is done; otherwise the thread forgets a file nobody will read.
    file.drop();
  }
}

export function websitesXlsxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const busy = exportsInProgress(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/portal/websites/export.xlsx',
    {
      config: { access: 'vendor-read', expensive: true },
      bodyLimit: BODY_LIMITS.websiteExport,
      schema: {
        tags: ['websites'],
        summary: 'The filtered list, or picked websites, as the spreadsheet file',
        description: `Streams the \`.xlsx\` file as it is written, named for the vendor and \`date\` (the user's date, default today) in Content-Disposition; the \`${EXPORT_TOTAL_HEADER}\` header tells how many websites it holds. Columns come in the spec's order whatever order they are named in. One export per user at a time.`,
        body: websiteXlsxRequestSchema,
        response: {
          200: {
            description: 'The spreadsheet.',
            content: { [XLSX_TYPE]: { schema: z.string() } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const vendorId = vendorOf(request);
      const query = request.body;
      const keys = orderedKeys(query.columns ?? ALL_EXPORT_KEYS);
      const userId = sessionOf(request).user.id;
      if (busy.has(userId)) throw new TooManyRequestsError(ExportMessages.busy);
      busy.add(userId);
      let total: number;
      let vendor: string;
      try {
        [total, vendor] = await request.work(async (db) => [
          await countRows(db, vendorId, query),
          await vendorLabel(db, vendorId),
        ]);
      } catch (err) {
        busy.delete(userId);
        throw err;
      }
      const out = new PassThrough();
      const written = writeWorkbook(out, request.work, vendorId, query, keys).catch((err: unknown) => {
        if (!request.abandoned.aborted) request.log.error({ err }, 'websites spreadsheet export failed');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      // The export is under way until the file is written or given up, not until its client leaves.
      const ended = written.finally(() => busy.delete(userId));
      request.holdPlaceUntil(ended);
      const fileName = exportFileName(vendor, query.date ?? isoDate());
      return (
        reply
          .type(XLSX_TYPE)
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header(EXPORT_TOTAL_HEADER, String(total))
          .header('X-Content-Type-Options', 'nosniff')
          // A stream is sent as it is written; the schema above documents what it is.
          .send(out as never)
      );
    },
  );
}
