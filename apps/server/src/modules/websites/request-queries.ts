import type { WebsiteRequest } from '@vp/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

export async function requestsOfSite(db: Db, vendorId: number, siteId: number): Promise<RequestRow[]> {
  return db
    .select(REQUEST_COLUMNS)
    .from(websiteRequests)
    .where(and(eq(websiteRequests.websiteId, siteId), eq(websiteRequests.vendorId, vendorId)))
    .orderBy(desc(websiteRequests.createdAt), desc(websiteRequests.id));
}
