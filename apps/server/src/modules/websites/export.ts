import { Readable } from 'node:stream';
import { EXPORT_TOTAL_HEADER, ExportMessages, NDJSON_TYPE, websiteExportQuerySchema } from '@vp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { parse, TooManyRequestsError } from '../../platform/errors.ts';
import { sessionOf, vendorOf } from '../../platform/scope.ts';
import { scheduleWebsiteUpkeep } from './upkeep.ts';
import {
  countWebsites,
  listFilter,
  ROSTER_JOINS,
  SORTS,
  WEBSITE_COLUMNS,
  toWebsite,
  type WebsiteRow,
} from './queries.ts';

/**
 * The whole filtered websites list for the spreadsheet, streamed as NDJSON in the list's order.
 * Rows are read in batches by keyset (the last row's sort keys), never by OFFSET, so each batch is a
 * range scan of the same index a list page uses, and memory stays one batch deep however long the
 * list. One export per user at a time: the spreadsheet needs one, and a repeated click would only
 * double the work.
 */

export type ExportQuery = z.output<typeof websiteExportQuerySchema>;

export const EXPORT_BATCH = 1000;

/** Users with an export under way, per app (tests run several apps in one process). */
const running = new WeakMap<AppContext, Set<number>>();

export function exportsInProgress(ctx: AppContext): Set<number> {
  let users = running.get(ctx);
  if (!users) {
    users = new Set();
    running.set(ctx, users);
  }
  return users;
}

/**
 * Where a batch resumes. The first sort key may be null (no roster row, no term date); an index
 * keeps nulls last ascending and first descending, and a row comparison skips them, so the rows with
 * and without a value in the first key are read as two ranges, in index order.
 */
interface Cursor {
  keys: (string | null)[];
  id: number;
}
type Range = 'values' | 'nulls';

interface BatchRow extends WebsiteRow {
  cursor_keys: (string | null)[];
}

function rowCompare(cols: SQL[], vals: unknown[], desc: boolean): SQL {
  const left = sql.join(cols, sql`, `);
  const right = sql.join(
    vals.map((v) => sql`${v}`),
    sql`, `,
  );
  return desc ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

export async function exportBatch(
  db: Db,
  vendorId: number,
  query: ExportQuery,
  range: Range,
  after: Cursor | null,
  limit = EXPORT_BATCH,
): Promise<BatchRow[]> {
  const desc = query.order === 'desc';
  const keys = SORTS[query.sort];
  const [first, ...rest] = keys as [SQL, ...SQL[]];
  const filters: SQL[] = [listFilter(vendorId, query)];
  if (range === 'values') {
    filters.push(sql`${first} IS NOT NULL`);
    if (after) filters.push(rowCompare([...keys, sql`w.id`], [...after.keys, after.id], desc));
  } else {
    filters.push(sql`${first} IS NULL`);
    if (after) filters.push(rowCompare([...rest, sql`w.id`], [...after.keys.slice(1), after.id], desc));
  }
  const dir = desc ? sql`DESC` : sql`ASC`;
  const order = sql.join(
    [...keys, sql`w.id`].map((k) => sql`${k} ${dir}`),
    sql`, `,
  );
  const where = sql.join(filters, sql` AND `);
  const cursorKeys = sql.join(
    keys.map((k) => sql`${k}::text`),
    sql`, `,
  );
  // One JSON value per batch: the embedded driver pays per field returned.
  const [row] = await rowsOf<{ items: string | null }>(
    db,
    sql`WITH page AS (SELECT w.id FROM websites w WHERE ${where} ORDER BY ${order} LIMIT ${limit})
      SELECT json_agg(r)::text AS items FROM (
        SELECT ${WEBSITE_COLUMNS}, ARRAY[${cursorKeys}] AS cursor_keys
        FROM page JOIN websites w ON w.id = page.id ${ROSTER_JOINS} ORDER BY ${order}
      ) r`,
  );
  return row?.items ? (JSON.parse(row.items) as BatchRow[]) : [];
}

/** Every website of the query, batch by batch, as NDJSON text. */
export async function* exportLines(
  db: Db,
  vendorId: number,
  query: ExportQuery,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  const ranges: Range[] = query.order === 'desc' ? ['nulls', 'values'] : ['values', 'nulls'];
  for (const range of ranges) {
    let after: Cursor | null = null;
    for (;;) {
      const rows = await exportBatch(db, vendorId, query, range, after, batch);
      if (rows.length === 0) break;
      yield rows.map((r) => `${JSON.stringify(toWebsite(r))}\n`).join('');
      if (rows.length < batch) break;
      const last = rows[rows.length - 1]!;
      after = { keys: last.cursor_keys, id: last.id };
    }
  }
}

export function websitesExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const busy = exportsInProgress(ctx);
  scheduleWebsiteUpkeep(app, ctx);

  app.get('/api/portal/websites/export', { config: { access: 'vendor-read' } }, async (request, reply) => {
    const vendorId = vendorOf(request);
    const query = parse(websiteExportQuerySchema, request.query);
    const userId = sessionOf(request).user.id;
    if (busy.has(userId)) throw new TooManyRequestsError(ExportMessages.busy);
    busy.add(userId);
    let total: number;
    try {
      total = await countWebsites(db, vendorId, query);
    } catch (err) {
      busy.delete(userId);
      throw err;
    }
    const release = () => busy.delete(userId);
    // Released when the answer is done or the client goes away, whichever comes first.
    reply.raw.once('close', release);
    async function* lines() {
      try {
        yield* exportLines(db, vendorId, query);
      } finally {
        release();
      }
    }
    const stream = Readable.from(lines(), { objectMode: false });
    stream.once('error', (err) => request.log.error({ err }, 'websites export failed'));
    return (
      reply
        .type(NDJSON_TYPE)
        .header('Cache-Control', 'no-store')
        // How many lines to expect, for the progress shown while the file is made.
        .header(EXPORT_TOTAL_HEADER, String(total))
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream)
    );
  });
}
