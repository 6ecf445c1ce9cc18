import { agentWithNumber, type PendingRequest, type WebsiteRequest } from '@vp/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { websiteRequests } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { SiteRecord } from './queries.ts';

/** Domain, agent and termination requests of a site, kept for MLS staff to decide. */

export type RequestKind = (typeof websiteRequests.$inferSelect)['kind'];

const REQUEST_COLUMNS = {
  id: websiteRequests.id,
  siteId: websiteRequests.websiteId,
  kind: websiteRequests.kind,
  status: websiteRequests.status,
  payload: websiteRequests.payload,
  createdAt: websiteRequests.createdAt,
  username: websiteRequests.username,
  firstName: websiteRequests.firstName,
  lastName: websiteRequests.lastName,
};
export interface RequestRow {
  id: number;
  siteId: number;
  kind: RequestKind;
  status: WebsiteRequest['status'];
  payload: Record<string, unknown>;
  createdAt: Date;
  username: string;
  firstName: string;
  lastName: string;
}

export async function insertRequest(
  tx: Db,
  site: SiteRecord,
  actor: Actor,
  kind: RequestKind,
  payload: Record<string, unknown>,
): Promise<RequestRow> {
  const [row] = await tx
    .insert(websiteRequests)
    .values({
      websiteId: site.id,
      vendorId: site.vendorId,
      kind,
      payload,
      userId: actor.userId,
      username: actor.username,
      firstName: actor.firstName,
      lastName: actor.lastName,
    })
    .returning(REQUEST_COLUMNS);
  return row!;
}

export async function hasPendingRequest(tx: Db, siteId: number, kind: RequestKind): Promise<boolean> {
  const rows = await tx
    .select({ id: websiteRequests.id })
    .from(websiteRequests)
    .where(
      and(
        eq(websiteRequests.websiteId, siteId),
        eq(websiteRequests.kind, kind),
        eq(websiteRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** What the site's pending request of a kind asks for, or null when none is pending. */
export async function pendingRequestPayload(
  tx: Db,
  siteId: number,
  kind: RequestKind,
): Promise<Record<string, unknown> | null> {
  const [row] = await tx
    .select({ payload: websiteRequests.payload })
    .from(websiteRequests)
    .where(
      and(
        eq(websiteRequests.websiteId, siteId),
        eq(websiteRequests.kind, kind),
        eq(websiteRequests.status, 'pending'),
      ),
    )
    .orderBy(desc(websiteRequests.createdAt), desc(websiteRequests.id))
    .limit(1);
  return row ? row.payload : null;
}

export async function requestsOfSite(db: Db, vendorId: number, siteId: number): Promise<RequestRow[]> {
  return db
    .select(REQUEST_COLUMNS)
    .from(websiteRequests)
    .where(and(eq(websiteRequests.websiteId, siteId), eq(websiteRequests.vendorId, vendorId)))
    .orderBy(desc(websiteRequests.createdAt), desc(websiteRequests.id));
}

/** Closes a site's pending requests of a kind: decided by MLS staff, or withdrawn by the vendor. */
export async function closePendingRequests(
  tx: Db,
  siteId: number,
  kind: RequestKind,
  status: Exclude<WebsiteRequest['status'], 'pending'>,
): Promise<void> {
  await tx
    .update(websiteRequests)
    .set({ status })
    .where(
      and(
        eq(websiteRequests.websiteId, siteId),
        eq(websiteRequests.kind, kind),
        eq(websiteRequests.status, 'pending'),
      ),
    );
}

/** A site's pending requests, oldest first, with the requested agent's name from the roster. */
export async function pendingRequestsOfSite(
  db: Db,
  vendorId: number,
  siteId: number,
): Promise<PendingRequest[]> {
  const rows = await rowsOf<{
    kind: RequestKind;
    payload: Record<string, unknown>;
    created_at: string | Date;
    username: string;
    first_name: string;
    last_name: string;
    member_first_name: string | null;
    member_last_name: string | null;
  }>(
    db,
    sql`SELECT r.kind, r.payload, r.created_at, r.username, r.first_name, r.last_name,
        m.member_first_name, m.member_last_name
      FROM website_requests r
      LEFT JOIN members m ON r.kind = 'agent' AND m.member_mls_id = r.payload ->> 'memberNumber'
      WHERE r.website_id = ${siteId} AND r.vendor_id = ${vendorId} AND r.status = 'pending'
      ORDER BY r.created_at, r.id`,
  );
  return rows.map((r) => {
    const text = (key: string) => (typeof r.payload[key] === 'string' ? (r.payload[key] as string) : '');
    const requested =
      r.kind === 'domain'
        ? text('domainName')
        : r.kind === 'agent'
          ? agentWithNumber(r.member_first_name ?? '', r.member_last_name ?? '', text('memberNumber'))
          : text('termDate');
    return {
      kind: r.kind,
      date: new Date(r.created_at).toISOString(),
      reason: text('reason'),
      requested,
      user: { username: r.username, firstName: r.first_name, lastName: r.last_name },
    };
  });
}
