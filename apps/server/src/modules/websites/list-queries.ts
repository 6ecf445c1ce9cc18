import { websiteListQuerySchema, type SiteStatus, type Website, type WebsiteList } from '@vp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AGENT_COLUMNS, AGENT_JOINS, toBroker, type AgentRow } from '../agents/index.ts';
import { intArray, likeEscape, rowsOf } from '../../db/sql.ts';
import { siteCount, siteMissingDocuments } from './missing-documents.ts';

/**
 * Reads of websites, always scoped by the acting vendor. The agent, office, broker and MLS status a
 * website shows come from the roster at query time (a join on MemberMlsId), so a roster import shows
 * on every website of the agent at once. The website itself keeps only sort and search keys derived
 * from the roster, which triggers on members and offices refresh in the roster change's transaction.
 */

type Nullable<T> = { [K in keyof T]: T[K] | null };

export interface WebsiteRow extends Nullable<AgentRow> {
  id: number;
  domain_name: string;
  status: SiteStatus;
  member_number: string;
  site_reciprocal: boolean;
  start_date: string | null;
  term_date: string | null;
  dba: string;
  products: number[];
  activated: boolean;
  version: number;
}

export const WEBSITE_COLUMNS = sql`w.id, w.domain_name, w.status, w.member_number, w.reciprocal AS site_reciprocal,
  w.start_date, w.term_date, w.dba, w.products, w.activated_at IS NOT NULL AS activated, w.version, ${AGENT_COLUMNS}`;
export const ROSTER_JOINS = sql`LEFT JOIN members m ON m.member_mls_id = w.member_number ${AGENT_JOINS}`;

export function toWebsite(row: WebsiteRow): Website {
  const firstName = row.member_first_name ?? '';
  const lastName = row.member_last_name ?? '';
  return {
    rowKey: row.id,
    domainName: row.domain_name,
    firstName,
    lastName,
    mlsStatus: row.member_status ?? '',
    memberNumber: row.member_number,
    licenseNumber: row.member_state_license ?? '',
    mlsId: row.member_key ?? '',
    office: row.office_name ?? '',
    startDate: row.start_date,
    termDate: row.term_date,
    licensee: `${firstName} ${lastName}`.trim(),
    status: row.status,
    reciprocal: row.site_reciprocal,
    memberAOR: row.site_reciprocal ? (row.member_aor ?? null) : null,
    // Without a roster row every agent column is null, and so is the broker.
    broker: toBroker(row as AgentRow),
    dba: row.dba,
    products: (row.products ?? []).map(Number),
    activated: row.activated,
    version: Number(row.version),
  };
}

export type ListQuery = z.output<typeof websiteListQuerySchema>;

/**
 * ORDER BY keys per sort field; each ends with the id so pages never overlap. The roster-derived
 * keys (agent_name, agent_status, office_name) are kept on the website by triggers on members and
 * offices, so every sort is a range scan of a (vendor, [status,] key, id) index.
 */
export const SORTS: Record<ListQuery['sort'], SQL[]> = {
  domainName: [sql`w.domain_name`],
  // The product's order of statuses (the contract's SITE_STATUS_SORT_ORDER), kept as a rank on the row.
  status: [sql`w.status_rank`, sql`w.domain_name`],
  licensee: [sql`w.agent_name`],
  mlsStatus: [sql`w.agent_status`, sql`w.domain_name`],
  office: [sql`w.office_name`, sql`w.domain_name`],
  mlsId: [sql`w.agent_key`],
  memberNumber: [sql`w.member_number`],
  startDate: [sql`w.start_date`],
  termDate: [sql`w.term_date`],
};

/**
 * The list's order; `reversed` is its exact mirror (every key the other way, nulls at the other
 * end), which reads the same index backwards.
 */
function orderBy(query: ListQuery, reversed = false): SQL {
  const desc = (query.order === 'desc') !== reversed;
  const dir = desc ? sql`DESC` : sql`ASC`;
  // Sites without a term date come last in both orders, on indexes built the same way (migration 0010).
  const termNulls =
    query.sort === 'termDate' && query.order === 'desc'
      ? reversed
        ? sql` NULLS FIRST`
        : sql` NULLS LAST`
      : sql``;
  // Within one status, sorting by status is sorting by domain, on the (vendor, status, domain) index.
  const keys = query.sort === 'status' && query.status ? [sql`w.domain_name`] : SORTS[query.sort];
  return sql.join(
    [...keys, sql`w.id`].map((k) => sql`${k} ${dir}${k === SORTS.termDate[0] ? termNulls : sql``}`),
    sql`, `,
  );
}

/**
 * Free text over every column the list shows (domain, status by its display name, licensee, MLS
 * status, office, MLS ID, member number, dates as MM/DD/YYYY): one lower-cased text per website,
 * kept by the same triggers (migration 0010), under a trigram index, so a search is an index lookup.
 */
export function searchFilter(search: string): SQL {
  return sql`w.search_text LIKE ${`%${likeEscape(search.toLowerCase())}%`}`;
}

/**
 * A page comes back as one JSON value: the embedded driver pays per field returned, which outweighs
 * building and parsing the JSON from a page of 50 rows upwards (measured: p50 11 ms against 14 ms,
 * p95 16 ms against 22 ms for a page of 50); PostgreSQL's driver is indifferent.
 */
async function pageAsJson(db: Db, page: SQL, order: SQL): Promise<WebsiteRow[]> {
  const [row] = await rowsOf<{ items: string | null }>(db, pageStatement(page, order));
  return parseItems(row?.items ?? null);
}

function pageStatement(page: SQL, order: SQL, also: SQL = sql``): SQL {
  return sql`WITH page AS (${page})
    SELECT (SELECT json_agg(r)::text FROM (
      SELECT ${WEBSITE_COLUMNS} FROM page JOIN websites w ON w.id = page.id ${ROSTER_JOINS} ORDER BY ${order}
    ) r) AS items ${also}`;
}

function parseItems(items: string | null): WebsiteRow[] {
  return items ? (JSON.parse(items) as WebsiteRow[]) : [];
}

export type ListFilter = Pick<ListQuery, 'status' | 'search' | 'missing' | 'ids'>;

/** A filter the per-status counters cannot total: its matches are counted. */
const counted = (query: ListFilter) => !!(query.search || query.ids || query.missing === 'compliance');

export function listFilter(vendorId: number, query: ListFilter): SQL {
  const filters: SQL[] = [sql`w.vendor_id = ${vendorId}`];
  if (query.status) filters.push(sql`w.status = ${query.status}`);
  if (query.search) filters.push(searchFilter(query.search));
  // The dashboard's "Sites missing documents" counts the same condition.
  if (query.missing === 'documents') filters.push(siteMissingDocuments());
  // The dashboard's "Compliance findings" counts the sites with one open.
  if (query.missing === 'compliance')
    filters.push(
      sql`EXISTS (SELECT 1 FROM compliance_findings f WHERE f.website_id = w.id AND f.state = 'open')`,
    );
  if (query.ids) filters.push(sql`w.id = ANY(${intArray(query.ids)})`);
  return sql.join(filters, sql` AND `);
}

/**
 * Without a search the total is the per-status counters (kept by triggers, with the sites of each
 * status missing documents): one or four rows read instead of a count over the vendor's sites. A
 * search counts its matches, which the trigram index narrows first.
 */
export async function countWebsites(db: Db, vendorId: number, query: ListFilter): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    counted(query)
      ? sql`SELECT count(*)::int AS n FROM websites w WHERE ${listFilter(vendorId, query)}`
      : sql`SELECT ${siteCount(sql`${vendorId}`, { status: query.status, missing: !!query.missing })} AS n`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A page of the list. Without a search the total is known at once (the counters), and a page in the
 * second half is read from the far end, the order reversed, so no page skips more than half the
 * vendor's sites: the last page of a million costs what the first does.
 */
export async function listWebsites(db: Db, vendorId: number, query: ListQuery): Promise<WebsiteList> {
  const where = listFilter(vendorId, query);
  const offset = (query.page - 1) * query.pageSize;
  const order = orderBy(query);
  // The page is chosen on the websites' own indexes; only its rows are joined to the roster.
  const pageOf = (o: SQL, limit: number, skip: number) =>
    sql`SELECT w.id FROM websites w WHERE ${where} ORDER BY ${o} LIMIT ${limit} OFFSET ${skip}`;
  if (counted(query)) {
    // The page and the count of matches in one statement.
    const [row] = await rowsOf<{ items: string | null; total: number }>(
      db,
      pageStatement(
        pageOf(order, query.pageSize, offset),
        order,
        sql`, (SELECT count(*)::int FROM websites w WHERE ${where}) AS total`,
      ),
    );
    return { items: parseItems(row?.items ?? null).map(toWebsite), total: Number(row?.total ?? 0) };
  }
  const total = await countWebsites(db, vendorId, query);
  if (offset >= total) return { items: [], total };
  const fromEnd = total - offset - query.pageSize;
  const page =
    offset > fromEnd
      ? pageOf(orderBy(query, true), Math.min(query.pageSize, total - offset), Math.max(0, fromEnd))
      : pageOf(order, query.pageSize, offset);
  const rows = await pageAsJson(db, page, order);
  return { items: rows.map(toWebsite), total };
}

export async function websiteById(db: Db, vendorId: number, id: number): Promise<Website | null> {
  const [row] = await rowsOf<WebsiteRow>(
    db,
    sql`SELECT ${WEBSITE_COLUMNS} FROM websites w ${ROSTER_JOINS} WHERE w.id = ${id} AND w.vendor_id = ${vendorId}`,
  );
  return row ? toWebsite(row) : null;
}

/** Websites by id, whatever their vendor, as the API answers them: the bodies of webhook events. */
export async function websitesByIds(db: Db, ids: number[]): Promise<Map<number, Website>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<WebsiteRow>(
    db,
    // A plain array parameter, so the planner knows how few ids there are and reads the roster by index.
    sql`SELECT ${WEBSITE_COLUMNS} FROM websites w ${ROSTER_JOINS}
        WHERE w.id = ANY(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [r.id, toWebsite(r)]));
}
