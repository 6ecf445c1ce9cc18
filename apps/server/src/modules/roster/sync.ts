import { countOf, formatCount } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf, textArray } from '../../db/sql.ts';
import { SYSTEM_ACTOR } from '../../platform/actor.ts';
import { recordChanges } from '../history/index.ts';
import { noticeBatch, type NoticeBatch } from '../notifications/index.ts';
import { resoClient, type RosterSource } from './reso-client.ts';
import { analyzeRoster } from './queries.ts';
import { importRoster } from './service.ts';

export const ROSTER_SYNC_JOB = 'roster.sync';

/** A sync writing at least this many rows refreshes the planner's statistics once at its end. */
const ANALYZE_AFTER_SYNC = 10_000;

/**
 * The roster keeps itself current: Office then Member records changed since the last sync are
 * pulled from the RESO Web API page by page and upserted through the same path as
 * `npm run roster:import`. After each page the position is committed (the next page's link, the
 * newest timestamp seen), so a sync cut short resumes where it stopped, and a page replayed changes
 * nothing. What a change means for websites follows at once:
 * - a member who is no longer Active flags every site tied to them (as its agent, a team member, or
 *   the broker of its agent's office) for staff, with the reason, and tells the vendor;
 * - an agent who moves office has the broker information of their sites change, with a History
 *   entry from and to.
 * No site changes status here: staff decide, in the approval queue.
 */

export interface SyncReport {
  pages: number;
  offices: { added: number; updated: number };
  members: { added: number; updated: number };
  rejected: number;
  flagged: number;
  moved: number;
}

interface MemberState {
  member_key: string;
  member_mls_id: string;
  name: string;
  member_status: string;
  office_mls_id: string | null;
  office_name: string | null;
}

async function memberStates(db: Db, keys: string[]): Promise<Map<string, MemberState>> {
  if (keys.length === 0) return new Map();
  const rows = await rowsOf<MemberState>(
    db,
    sql`SELECT m.member_key, m.member_mls_id, trim(m.member_first_name || ' ' || m.member_last_name) AS name,
        m.member_status, m.office_mls_id, o.office_name
      FROM members m LEFT JOIN offices o ON o.office_key = m.office_key
      WHERE m.member_key IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((r) => [r.member_key, r]));
}

const office = (m: MemberState) => (m.office_name ? `${m.office_name} (#${m.office_mls_id})` : null);

/**
 * Flags, in one statement, the sites tied to members who left (as agent, team member, or broker of
 * the agent's office) and not flagged already, each with the reason, and tells their vendors.
 * Answers how many were newly flagged.
 */
async function flagSites(db: Db, notices: NoticeBatch, leavers: MemberState[]): Promise<number> {
  if (leavers.length === 0) return 0;
  const reasons = leavers.map((m) => ({
    mls_id: m.member_mls_id,
    reason: `${m.name} (#${m.member_mls_id}) is no longer active on the MLS roster (${m.member_status})`,
  }));
  return db.transaction(async (tx) => {
    const sites = await rowsOf<{ id: number; vendor_id: number; domain_name: string; reason: string }>(
      tx,
      sql`WITH leavers AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(reasons)}::jsonb) AS l(mls_id text, reason text)),
        hit AS (
          SELECT w.id, l.reason FROM websites w JOIN leavers l ON w.member_number = l.mls_id
          UNION ALL
          SELECT tm.website_id, l.reason FROM website_team_members tm JOIN leavers l ON tm.member_number = l.mls_id
          UNION ALL
          SELECT w.id, l.reason FROM leavers l
            JOIN offices o ON o.office_broker_mls_id = l.mls_id
            JOIN members a ON a.office_key = o.office_key
            JOIN websites w ON w.member_number = a.member_mls_id),
        one AS (SELECT id, min(reason) AS reason FROM hit GROUP BY id)
        UPDATE websites w SET roster_flag = one.reason, roster_flagged_at = now()
        FROM one WHERE w.id = one.id AND w.status <> 'Inactive' AND w.roster_flagged_at IS NULL
        RETURNING w.id, w.vendor_id, w.domain_name, w.roster_flag AS reason`,
    );
    for (const site of sites)
      await notices.add(tx, {
        vendorId: site.vendor_id,
        websiteId: site.id,
        topic: 'websites.modify',
        content: `${site.domain_name}: ${site.reason}. MLS staff will review the website.`,
        actor: SYSTEM_ACTOR,
        staffToo: true,
      });
    return sites.length;
  });
}

/** Records on each site of agents who moved office that its broker information changed. */
async function officesMoved(
  db: Db,
  notices: NoticeBatch,
  moves: { before: MemberState; after: MemberState }[],
): Promise<number> {
  if (moves.length === 0) return 0;
  const byMember = new Map(moves.map((m) => [m.after.member_mls_id, m]));
  return db.transaction(async (tx) => {
    const sites = await rowsOf<{ id: number; vendor_id: number; domain_name: string; member_number: string }>(
      tx,
      sql`SELECT id, vendor_id, domain_name, member_number FROM websites
        WHERE member_number = ANY(${textArray([...byMember.keys()])}) AND status <> 'Inactive' ORDER BY id`,
    );
    await recordChanges(
      tx,
      sites.map((site) => {
        const { before, after } = byMember.get(site.member_number)!;
        return {
          websiteId: site.id,
          vendorId: site.vendor_id,
          kind: 'website.updated' as const,
          description: 'Broker information changed: the agent moved office on the MLS roster',
          actor: SYSTEM_ACTOR,
          changes: [{ path: ['office'], from: office(before), to: office(after) }],
        };
      }),
    );
    for (const site of sites) {
      const { after } = byMember.get(site.member_number)!;
      await notices.add(tx, {
        vendorId: site.vendor_id,
        websiteId: site.id,
        topic: 'websites.modify',
        content: `${site.domain_name}: ${after.name} moved to ${after.office_name ?? 'no office'} on the MLS roster`,
        actor: SYSTEM_ACTOR,
      });
    }
    return sites.length;
  });
}

async function positionOf(db: Db, resource: 'Member' | 'Office') {
  const [row] = await rowsOf<{ last_timestamp: string | Date | null; next_link: string | null }>(
    db,
    sql`SELECT last_timestamp, next_link FROM roster_sync_state WHERE resource = ${resource}`,
  );
  return {
    last: row?.last_timestamp ? new Date(row.last_timestamp) : null,
    next: row?.next_link ?? null,
  };
}

async function savePosition(db: Db, resource: 'Member' | 'Office', last: Date | null, next: string | null) {
  await db.execute(
    sql`INSERT INTO roster_sync_state (resource, last_timestamp, next_link, updated_at)
      VALUES (${resource}, ${last}, ${next}, now())
      ON CONFLICT (resource) DO UPDATE SET last_timestamp = EXCLUDED.last_timestamp,
        next_link = EXCLUDED.next_link, updated_at = now()`,
  );
}

const newest = (records: Record<string, unknown>[], than: Date | null): Date | null => {
  let out = than;
  for (const r of records) {
    const t = Date.parse(String(r.ModificationTimestamp ?? ''));
    if (!Number.isNaN(t) && (out === null || t > out.getTime())) out = new Date(t);
  }
  return out;
};

export async function runRosterSync(
  ctx: AppContext,
  source: RosterSource,
  options: { pageSize?: number; retryDelayMs?: number } = {},
): Promise<SyncReport> {
  const client = resoClient(source, ctx.outbound, options);
  const report: SyncReport = {
    pages: 0,
    offices: { added: 0, updated: 0 },
    members: { added: 0, updated: 0 },
    rejected: 0,
    flagged: 0,
    moved: 0,
  };
  // Offices first, so members who move to a new office find it.
  for (const resource of ['Office', 'Member'] as const) {
    const position = await positionOf(ctx.db, resource);
    let last = position.last;
    const next = position.next;
    let url: string | null = next ?? client.firstPage(resource, last, options.pageSize);
    while (url) {
      const page = await client.page(url);
      report.pages++;
      const keys =
        resource === 'Member' ? page.records.map((r) => String(r.MemberKey ?? '')).filter(Boolean) : [];
      const before = await memberStates(ctx.db, keys);
      const imported = await importRoster(
        ctx.db,
        page.records.map((data, i) => ({ row: i + 1, data })),
        { analyze: false },
      );
      report.offices.added += imported.offices.added;
      report.offices.updated += imported.offices.updated;
      report.members.added += imported.members.added;
      report.members.updated += imported.members.updated;
      report.rejected += imported.rejected.length;
      if (keys.length > 0) {
        const after = await memberStates(ctx.db, keys);
        const notices = noticeBatch(ctx);
        const leavers: MemberState[] = [];
        const moves: { before: MemberState; after: MemberState }[] = [];
        for (const [key, now] of after) {
          const was = before.get(key);
          if (!was) continue;
          if (was.member_status === 'Active' && now.member_status !== 'Active') leavers.push(now);
          if (was.office_mls_id !== now.office_mls_id) moves.push({ before: was, after: now });
        }
        report.flagged += await flagSites(ctx.db, notices, leavers);
        report.moved += await officesMoved(ctx.db, notices, moves);
        await notices.announce();
      }
      last = newest(page.records, last);
      url = page.nextLink;
      await savePosition(ctx.db, resource, last, url);
    }
  }
  // The planner's statistics follow a large change (the first sync, a new association's roster),
  // not each day's few.
  const written =
    report.members.added + report.members.updated + report.offices.added + report.offices.updated;
  if (written >= ANALYZE_AFTER_SYNC) await analyzeRoster(ctx.db);
  return report;
}

/** The run's line on the Jobs screen: what the sync changed. */
export function rosterSyncSummary(r: SyncReport): string {
  const parts = [
    `${countOf(r.members.added, 'member')} added and ${formatCount(r.members.updated)} updated`,
    `${countOf(r.offices.added, 'office')} added and ${formatCount(r.offices.updated)} updated`,
    `${countOf(r.flagged, 'website')} flagged for MLS staff`,
  ];
  if (r.moved > 0) parts.push(`${countOf(r.moved, 'agent')} moved office`);
  if (r.rejected > 0) parts.push(`${countOf(r.rejected, 'record')} refused`);
  return `${parts.join('; ')}.`;
}

export function defineRosterSync(ctx: AppContext): void {
  const source = ctx.config.roster;
  if (!source) return;
  ctx.jobs.define(
    ROSTER_SYNC_JOB,
    async () => {
      const report = await runRosterSync(ctx, source);
      ctx.log.info(report, 'roster synced');
      return rosterSyncSummary(report);
    },
    {
      preview: async () =>
        'This will read the Member and Office records changed since the last sync, and flag for MLS staff the websites whose agent, team member or broker has left the roster.',
      cron: source.cron,
      retryLimit: 3,
      retryDelaySeconds: 60,
      description:
        'Pulls the Member and Office records changed since the last sync from the RESO Web API, and flags the websites whose agents left.',
    },
  );
}
