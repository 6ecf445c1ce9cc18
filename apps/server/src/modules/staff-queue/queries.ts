import {
  COMPLIANCE_RULE_LABELS,
  businessDaysBetween,
  type ComplianceRuleKind,
  queueAgeBounds,
  type QueueItem,
  type QueueKind,
  type QueueSummary,
  type QueueVendor,
  type SiteStatus,
  teamChangeText,
} from '@vp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { queueQuerySchema } from '@vp/contract';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';

/**
 * The approval queue's SQL: one list of everything waiting on the MLS, across vendors, oldest
 * first. Each source is a plain query over its own partial index; the list is their union.
 * - activation: sites in Pending Activation, since they last entered it;
 * - termination: sites in Pending Termination, since their termination was asked for;
 * - domain, agent, product, team: pending change requests, since they were sent;
 * - roster: sites not Inactive that the roster sync flagged (their agent, a team member or the
 *   broker left the roster), since they were flagged, until staff mark them reviewed;
 * - licence: current licences held without a signed form on file (recorded when licences began,
 *   or granted by a staff edit), since granted, until staff review them;
 * - compliance: open compliance findings of Active sites past their fix-by date, since the day
 *   after it, until a check resolves them or staff extend, waive or start a termination.
 */

export type Query = z.output<typeof queueQuerySchema>;

const ITEMS = sql`
  SELECT 'activation' AS kind, w.id AS site_id, w.vendor_id, NULL::int AS request_id, w.pending_since AS since,
      NULL::jsonb AS payload
    FROM websites w WHERE w.status = 'Pending Activation'
  UNION ALL
  SELECT 'termination', w.id, w.vendor_id, r.id, COALESCE(r.created_at, w.updated_at), r.payload
    FROM websites w
    LEFT JOIN LATERAL (SELECT r.id, r.created_at, r.payload FROM website_requests r
      WHERE r.website_id = w.id AND r.kind = 'termination' AND r.status = 'pending'
      ORDER BY r.created_at LIMIT 1) r ON true
    WHERE w.status = 'Pending Termination'
  UNION ALL
  SELECT r.kind, r.website_id, r.vendor_id, r.id, r.created_at, r.payload
    FROM website_requests r WHERE r.status = 'pending' AND r.kind IN ('domain', 'agent', 'product', 'team')
  UNION ALL
  SELECT 'roster', w.id, w.vendor_id, NULL, w.roster_flagged_at, jsonb_build_object('reason', w.roster_flag)
    FROM websites w WHERE w.roster_flagged_at IS NOT NULL AND w.status <> 'Inactive'
  UNION ALL
  SELECT 'licence', l.website_id, l.vendor_id, NULL, l.granted_at, jsonb_build_object('licenceId', l.id)
    FROM licences l WHERE l.ended_at IS NULL AND l.form_kind = 'none'
      AND NOT EXISTS (SELECT 1 FROM licence_reviews v WHERE v.licence_id = l.id)
  UNION ALL
  SELECT 'compliance', f.website_id, f.vendor_id, f.id, ((f.due_on + 1)::timestamp AT TIME ZONE 'UTC'),
      jsonb_build_object('ruleKind', f.rule_kind, 'reason', f.reason, 'evidence', f.evidence, 'dueOn', f.due_on)
    FROM compliance_findings f JOIN websites w ON w.id = f.website_id
    WHERE f.state = 'open' AND f.due_on < (now() AT TIME ZONE 'UTC')::date AND w.status = 'Active'`;

/** Today as yyyy-mm-dd in UTC: the queue counts business days on the UTC calendar. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** The latest date from which at least `n` business days have passed by `today`. */
export function businessDaysAgo(n: number, today: string): string {
  let day = today;
  const back = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  while (businessDaysBetween(day, today) < n) day = back(day);
  return day;
}

export const isFiltered = (query: Pick<Query, 'kind' | 'vendor' | 'age' | 'search'>) =>
  !!(query.kind || query.vendor || query.age || query.search);

function filters(query: Pick<Query, 'kind' | 'vendor' | 'age' | 'search'>, today: string): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.kind) parts.push(sql`i.kind = ${query.kind}`);
  if (query.vendor) parts.push(sql`i.vendor_id = ${query.vendor}`);
  if (query.age) {
    const [min, max] = queueAgeBounds(query.age);
    const sinceDay = sql`(i.since AT TIME ZONE 'UTC')::date`;
    parts.push(sql`${sinceDay} <= ${businessDaysAgo(min, today)}::date`);
    if (max !== null) parts.push(sql`${sinceDay} > ${businessDaysAgo(max + 1, today)}::date`);
  }
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(w.search_text LIKE ${like} OR lower(v.name) LIKE ${like} OR lower(v.code) LIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

interface ItemRow {
  kind: QueueKind;
  site_id: number;
  request_id: number | null;
  since: string | Date;
  payload: Record<string, unknown> | null;
  domain_name: string;
  status: SiteStatus;
  version: number;
  vendor_id: number;
  vendor_name: string;
  vendor_code: string;
  member_number: string;
  agent_name: string | null;
  agent_status: string | null;
  start_date: string | null;
  term_date: string | null;
  requested_agent: string | null;
  requested_products: string | null;
  team_added: string[] | null;
  team_removed: string[] | null;
}

/**
 * The items of one page, without what is read per item afterwards (SAF standing, documents). The
 * page is picked from the items alone (joined to sites and vendors only when a search needs them),
 * so only its rows are joined for display.
 */
export async function queuePage(
  db: Db,
  query: Query,
  today: string,
): Promise<{ rows: Omit<QueueItem, 'saf' | 'documents' | 'blockers'>[]; total: number | null }> {
  const where = filters(query, today);
  const from = query.search
    ? sql`FROM (${ITEMS}) i JOIN websites w ON w.id = i.site_id JOIN vendors v ON v.id = i.vendor_id`
    : sql`FROM (${ITEMS}) i`;
  const order = sql`ORDER BY i.since, i.kind, i.site_id, i.request_id`;
  const [rows, [count]] = await Promise.all([
    rowsOf<ItemRow>(
      db,
      sql`WITH page AS (
          SELECT i.kind, i.site_id, i.request_id, i.since, i.payload ${from} WHERE ${where}
          ${order} LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize})
        SELECT i.kind, i.site_id, i.request_id, i.since, i.payload, w.domain_name, w.status, w.version,
          w.vendor_id, v.name AS vendor_name, v.code AS vendor_code, w.member_number,
          w.agent_name, w.agent_status, w.start_date, w.term_date,
          (SELECT m.member_first_name || ' ' || m.member_last_name FROM members m
            WHERE i.kind = 'agent' AND m.member_mls_id = i.payload ->> 'memberNumber') AS requested_agent,
          (SELECT string_agg(p.name, ', ' ORDER BY p.id) FROM products p
            WHERE i.kind = 'product' AND p.id::text IN (SELECT jsonb_array_elements_text(i.payload -> 'products')))
            AS requested_products,
          CASE WHEN i.kind = 'team' THEN ARRAY(
            SELECT COALESCE(m.member_first_name || ' ' || m.member_last_name || ' (#' || x.n || ')', '#' || x.n)
            FROM jsonb_array_elements_text(i.payload -> 'memberIds') WITH ORDINALITY x(n, o)
            LEFT JOIN members m ON m.member_mls_id = x.n
            WHERE NOT EXISTS (SELECT 1 FROM website_team_members t WHERE t.website_id = i.site_id AND t.member_number = x.n)
            ORDER BY x.o) END AS team_added,
          CASE WHEN i.kind = 'team' THEN ARRAY(
            SELECT COALESCE(m.member_first_name || ' ' || m.member_last_name || ' (#' || t.member_number || ')', '#' || t.member_number)
            FROM website_team_members t LEFT JOIN members m ON m.member_mls_id = t.member_number
            WHERE t.website_id = i.site_id AND NOT (i.payload -> 'memberIds') ? t.member_number
            ORDER BY t.member_number) END AS team_removed
        FROM page i JOIN websites w ON w.id = i.site_id JOIN vendors v ON v.id = w.vendor_id
        ${order}`,
    ),
    // Unfiltered, the total is the header's count of everything waiting.
    isFiltered(query)
      ? rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from} WHERE ${where}`)
      : Promise.resolve([null]),
  ]);
  return { rows: rows.map((r) => toItem(r, today)), total: count ? count.n : null };
}

function requested(row: ItemRow): string {
  const payload = row.payload ?? {};
  switch (row.kind) {
    case 'domain':
      return String(payload.domainName ?? '');
    case 'agent': {
      const number = String(payload.memberNumber ?? '');
      return row.requested_agent ? `${row.requested_agent} (#${number})` : `#${number}`;
    }
    case 'termination':
      return row.term_date ?? String(payload.termDate ?? '');
    case 'product':
      return row.requested_products ?? '';
    case 'compliance':
      return findingOf(row)?.rule ?? '';
    case 'team':
      return teamChangeText(row.team_added ?? [], row.team_removed ?? []);
    default:
      return '';
  }
}

/** A compliance item's finding: the request column of the union carries its id. */
function findingOf(row: ItemRow): QueueItem['finding'] {
  if (row.kind !== 'compliance') return null;
  const payload = row.payload ?? {};
  return {
    id: Number(row.request_id),
    rule: COMPLIANCE_RULE_LABELS[payload.ruleKind as ComplianceRuleKind] ?? String(payload.ruleKind),
    evidence: String(payload.evidence ?? ''),
    dueOn: String(payload.dueOn ?? '').slice(0, 10),
  };
}

function toItem(row: ItemRow, today: string): Omit<QueueItem, 'saf' | 'documents' | 'blockers'> {
  const since = new Date(row.since).toISOString();
  const finding = findingOf(row);
  return {
    key: `${row.kind}:${row.request_id ?? row.site_id}`,
    kind: row.kind,
    siteId: row.site_id,
    domainName: row.domain_name,
    status: row.status,
    version: Number(row.version),
    vendor: { id: row.vendor_id, name: row.vendor_name, code: row.vendor_code },
    agent: {
      memberNumber: row.member_number,
      name: row.agent_name ?? '',
      mlsStatus: row.agent_status ?? '',
    },
    since,
    ageBusinessDays: businessDaysBetween(since.slice(0, 10), today),
    requestId: finding ? null : row.request_id,
    finding,
    licenceId: row.kind === 'licence' ? Number(row.payload?.licenceId) : null,
    requested: requested(row),
    reason: typeof row.payload?.reason === 'string' ? row.payload.reason : '',
    startDate: row.start_date,
    termDate: row.term_date,
  };
}

/** The header's figures: the whole queue, whatever the filter; what can be decided today apart from what waits for its day. */
export async function queueSummary(db: Db, today: string): Promise<QueueSummary> {
  const [[queue], [decisions]] = await Promise.all([
    rowsOf<{ waiting: number; scheduled: number; oldest: string | Date | null }>(
      db,
      sql`SELECT count(*) FILTER (WHERE NOT i.scheduled)::int AS waiting,
          count(*) FILTER (WHERE i.scheduled)::int AS scheduled,
          min(i.since) FILTER (WHERE NOT i.scheduled) AS oldest
        FROM (SELECT i.*, (i.kind = 'termination' AND w.term_date > ${today}::date) AS scheduled
          FROM (${ITEMS}) i JOIN websites w ON w.id = i.site_id) i`,
    ),
    rowsOf<{ median_hours: number | null; n: number }>(
      db,
      sql`SELECT percentile_cont(0.5) WITHIN GROUP (
            ORDER BY extract(epoch FROM decided_at - waited_since) / 3600) AS median_hours,
          count(*)::int AS n
        FROM staff_decisions WHERE decided_at > now() - interval '30 days'`,
    ),
  ]);
  const oldest = queue?.oldest ? new Date(queue.oldest).toISOString() : null;
  return {
    waiting: queue?.waiting ?? 0,
    scheduled: queue?.scheduled ?? 0,
    oldestSince: oldest,
    oldestBusinessDays: oldest === null ? null : businessDaysBetween(oldest.slice(0, 10), today),
    medianDecisionHours:
      decisions?.median_hours === null || decisions?.median_hours === undefined
        ? null
        : Math.round(Number(decisions.median_hours) * 10) / 10,
    decisions30Days: decisions?.n ?? 0,
  };
}

/** The vendors with items waiting, busiest first, for the vendor filter. */
export async function queueVendors(db: Db): Promise<QueueVendor[]> {
  return rowsOf<QueueVendor>(
    db,
    sql`SELECT v.id, v.name, v.code, count(*)::int AS waiting
      FROM (${ITEMS}) i JOIN vendors v ON v.id = i.vendor_id
      GROUP BY v.id, v.name, v.code ORDER BY waiting DESC, v.name`,
  );
}
