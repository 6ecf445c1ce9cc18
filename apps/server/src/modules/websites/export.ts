import { Readable } from 'node:stream';
import {
  EXPORT_TOTAL_HEADER,
  ExportMessages,
  NDJSON_TYPE,
  websiteExportQuerySchema,
  websiteSchema,
} from '@vp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { TooManyRequestsError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { sessionOf, vendorOf } from '../../platform/scope.ts';
import { scheduleWebsiteUpkeep } from './upkeep.ts';
import { countWebsites, listFilter, ROSTER_JOINS, SORTS } from './list-queries.ts';

/**
 * The whole filtered websites list for the spreadsheet, streamed as NDJSON in the list's order.
 * Rows are read in batches by keyset (the last row's sort keys), never by OFFSET, so each batch is a
 * range scan of the same index a list page uses, and memory stays one batch deep however long the
 * list. One export per user at a time: the spreadsheet needs one, and a repeated click would only
 * double the work.
 */

export type ExportQuery = z.output<typeof websiteExportQuerySchema>;

/**
 * Rows per batch. Each batch is one turn at the database (see platform/work-gate.ts): small
 * enough that another tenant's page waits for at most one of them.
 */
export const EXPORT_BATCH = 500;

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

interface Batch {
  /** The batch's websites as NDJSON, without the final newline; null when the batch is empty. */
  lines: string | null;
  n: number;
  /** The last row's sort keys and id, where the next batch resumes. */
  last: string | null;
}

/**
 * A website's JSON as `toWebsite` shapes it (the export test holds the two equal), built by the
 * database: the batch comes back as one text value, with nothing to parse and re-serialise here.
 */
const WEBSITE_JSON = sql`json_build_object(
  'rowKey', w.id, 'domainName', w.domain_name,
  'firstName', coalesce(m.member_first_name, ''), 'lastName', coalesce(m.member_last_name, ''),
  'mlsStatus', coalesce(m.member_status, ''), 'memberNumber', w.member_number,
  'licenseNumber', coalesce(m.member_state_license, ''), 'mlsId', coalesce(m.member_key, ''),
  'office', coalesce(o.office_name, ''), 'startDate', w.start_date, 'termDate', w.term_date,
  'licensee', btrim(coalesce(m.member_first_name, '') || ' ' || coalesce(m.member_last_name, '')),
  'status', w.status, 'reciprocal', w.reciprocal,
  'memberAOR', CASE WHEN w.reciprocal THEN m.member_aor END,
  'broker', CASE WHEN b.member_mls_id IS NOT NULL THEN json_build_object(
    'firstName', coalesce(b.member_first_name, ''), 'lastName', coalesce(b.member_last_name, ''),
    'licenseNumber', coalesce(b.member_state_license, ''), 'office', coalesce(o.office_name, ''),
    'memberNumber', b.member_mls_id, 'mlsId', coalesce(b.member_key, ''),
    'status', coalesce(b.member_status, '')) END,
  'dba', w.dba, 'products', coalesce(w.products, '{}'::int[]),
  'activated', w.activated_at IS NOT NULL, 'version', w.version
)::text`;

function rowCompare(cols: SQL[], vals: unknown[], desc: boolean): SQL {
  const left = sql.join(cols, sql`, `);
  const right = sql.join(
    vals.map((v) => sql`${v}`),
    sql`, `,
  );
  return desc ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/**
 * What each line holds (by default the website's JSON) and which of the vendor's sites are read
 * (by default all the filter finds; `ids` narrows them to those sites).
 */
export interface LineShape {
  line?: SQL;
  ids?: readonly number[];
}

export async function exportBatch(
  db: Db,
  vendorId: number,
  query: ExportQuery,
  range: Range,
  after: Cursor | null,
  limit = EXPORT_BATCH,
  shape: LineShape = {},
): Promise<Batch> {
  const desc = query.order === 'desc';
  const keys = SORTS[query.sort];
  const [first, ...rest] = keys as [SQL, ...SQL[]];
  const filters: SQL[] = [listFilter(vendorId, query)];
  if (shape.ids) filters.push(sql`w.id = ANY(${`{${shape.ids.join(',')}}`}::int[])`);
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
  // The batch's own rows come from the keyset range scan; only they are joined to the roster.
  const [row] = await rowsOf<Batch>(
    db,
    sql`WITH page AS (
        SELECT w.*, row_number() OVER (ORDER BY ${order}) AS pos, ARRAY[${cursorKeys}] AS cursor_keys
        FROM websites w WHERE ${where} ORDER BY ${order} LIMIT ${limit}
      ), batch AS (
        SELECT w.pos, w.id, w.cursor_keys, ${shape.line ?? WEBSITE_JSON} AS line FROM page w ${ROSTER_JOINS}
      )
      SELECT string_agg(line, E'\n' ORDER BY pos) AS lines, count(*)::int AS n,
        (SELECT json_build_object('keys', cursor_keys, 'id', id)::text FROM batch ORDER BY pos DESC LIMIT 1) AS last
      FROM batch`,
  );
  return { lines: row?.lines ?? null, n: Number(row?.n ?? 0), last: row?.last ?? null };
}

/** Runs one batch's statement: directly, or in an expensive request's turn. */
export type BatchRunner = <T>(task: (db: Db) => Promise<T>) => Promise<T>;

/** Every website of the query, batch by batch, as NDJSON text. */
export async function* exportLines(
  run: BatchRunner,
  vendorId: number,
  query: ExportQuery,
  batch = EXPORT_BATCH,
  shape: LineShape = {},
): AsyncGenerator<string> {
  // As the list: nulls first descending, except for the term date, whose empty ones always come last.
  const nullsFirst = query.order === 'desc' && query.sort !== 'termDate';
  const ranges: Range[] = nullsFirst ? ['nulls', 'values'] : ['values', 'nulls'];
  for (const range of ranges) {
    let after: Cursor | null = null;
    for (;;) {
      const from = after;
      const { lines, n, last } = await run((db) =>
        exportBatch(db, vendorId, query, range, from, batch, shape),
      );
      if (n === 0 || lines === null || last === null) break;
      yield `${lines}\n`;
      // The embedded database runs on this thread and a stream reads on at once: without a turn of
      // the event loop here, the whole export would run before any other request is even read.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (n < batch) break;
      after = JSON.parse(last) as Cursor;
    }
  }
}

export function websitesExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const busy = exportsInProgress(ctx);
  scheduleWebsiteUpkeep(app, ctx);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['websites'],
    summary: 'The whole filtered list, one website JSON per line (NDJSON), for the spreadsheet export',
    description: `Streams \`${NDJSON_TYPE}\` in the list's order; the \`${EXPORT_TOTAL_HEADER}\` header tells how many lines follow. One export per user at a time.`,
    querystring: websiteExportQuerySchema,
    response: {
      200: {
        description: "One website per line, in the list's order.",
        content: { [NDJSON_TYPE]: { schema: websiteSchema } },
      },
      ...errorResponses,
    },
  };
  api.get(
    '/api/portal/websites/export',
    { config: { access: 'vendor-read', expensive: true }, schema },
    async (request, reply) => {
      const vendorId = vendorOf(request);
      const query = request.query;
      const userId = sessionOf(request).user.id;
      if (busy.has(userId)) throw new TooManyRequestsError(ExportMessages.busy);
      busy.add(userId);
      let total: number;
      try {
        total = await request.work((on) => countWebsites(on, vendorId, query));
      } catch (err) {
        busy.delete(userId);
        throw err;
      }
      // The export is under way until its last batch has been read or the stream is given up, not
      // until its client leaves: a client that keeps abandoning exports frees nothing early.
      async function* lines() {
        try {
          yield* exportLines(request.work, vendorId, query);
        } finally {
          busy.delete(userId);
        }
      }
      const stream = Readable.from(lines(), { objectMode: false });
      stream.once('error', (err) => {
        if (!request.abandoned.aborted) request.log.error({ err }, 'websites export failed');
      });
      // A stream destroyed before it was read never enters lines(): its place is given back here.
      const ended = new Promise<void>((resolve) => stream.once('close', resolve)).then(() =>
        busy.delete(userId),
      );
      request.holdPlaceUntil(ended);
      return (
        reply
          .type(NDJSON_TYPE)
          .header('Cache-Control', 'no-store')
          // How many lines to expect, for the progress shown while the file is made.
          .header(EXPORT_TOTAL_HEADER, String(total))
          .header('X-Content-Type-Options', 'nosniff')
          // A stream is written as it is; the schema above documents each of its lines.
          .send(stream as never)
      );
    },
  );
}
