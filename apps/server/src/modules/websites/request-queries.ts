import {
  DeclinedMessages,
  SafNewFormMessages,
  agentWithNumber,
  teamChangeText,
  type DeclinedItem,
  type PendingRequest,
  type WebsiteRequest,
} from '@vp/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intArray, rowsOf, textArray } from '../../db/sql.ts';
import { websiteRequests } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { teamOf } from '../teams/index.ts';
import { siteRecord, type SiteRecord } from './queries.ts';
import { requestForm } from './request-terms.ts';
import { changeTexts } from './saf-standing.ts';

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

/** What a product or team request asks for, readable: product names, or the team's agents. */
async function requestedText(
  db: Db,
  siteId: number,
  kind: RequestKind,
  payload: Record<string, unknown>,
  agentName: string,
): Promise<string> {
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '');
  switch (kind) {
    case 'domain':
      return text('domainName');
    case 'agent':
      return agentName;
    case 'termination':
      return text('termDate');
    case 'product': {
      const ids = Array.isArray(payload.products) ? (payload.products as number[]) : [];
      const rows = await rowsOf<{ name: string }>(
        db,
        sql`SELECT name FROM products WHERE id = ANY(${intArray(ids)}) ORDER BY id`,
      );
      return rows.map((r) => r.name).join(', ');
    }
    case 'team': {
      const ids = Array.isArray(payload.memberIds) ? (payload.memberIds as string[]) : [];
      const now = (await teamOf(db, siteId))?.memberIds ?? [];
      const rows = await rowsOf<{ n: string; first: string; last: string }>(
        db,
        sql`SELECT member_mls_id AS n, member_first_name AS first, member_last_name AS last
          FROM members WHERE member_mls_id = ANY(${textArray([...ids, ...now])})`,
      );
      const byId = new Map(rows.map((r) => [r.n, agentWithNumber(r.first, r.last, r.n)]));
      const name = (id: string) => byId.get(id) ?? `#${id}`;
      return teamChangeText(
        ids.filter((id) => !now.includes(id)).map(name),
        now.filter((id) => !ids.includes(id)).map(name),
      );
    }
  }
}

/** A site's pending requests, oldest first, with what each asks for and the form it needs. */
export async function pendingRequestsOfSite(
  db: Db,
  vendorId: number,
  siteId: number,
): Promise<PendingRequest[]> {
  const rows = await rowsOf<{
    id: number;
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
    sql`SELECT r.id, r.kind, r.payload, r.created_at, r.username, r.first_name, r.last_name,
        m.member_first_name, m.member_last_name
      FROM website_requests r
      LEFT JOIN members m ON r.kind = 'agent' AND m.member_mls_id = r.payload ->> 'memberNumber'
      WHERE r.website_id = ${siteId} AND r.vendor_id = ${vendorId} AND r.status = 'pending'
      ORDER BY r.created_at, r.id`,
  );
  if (rows.length === 0) return [];
  const site = (await siteRecord(db, vendorId, siteId))!;
  const out: PendingRequest[] = [];
  for (const r of rows) {
    const form = await requestForm(db, site, r);
    const agentName = agentWithNumber(
      r.member_first_name ?? '',
      r.member_last_name ?? '',
      typeof r.payload.memberNumber === 'string' ? r.payload.memberNumber : '',
    );
    out.push({
      id: r.id,
      kind: r.kind,
      date: new Date(r.created_at).toISOString(),
      reason: typeof r.payload.reason === 'string' ? r.payload.reason : '',
      requested: await requestedText(db, siteId, r.kind, r.payload, agentName),
      user: { username: r.username, firstName: r.first_name, lastName: r.last_name },
      newForm: form
        ? {
            changes: form.noForm
              ? [SafNewFormMessages.noForm]
              : (await changeTexts(db, [form], SafNewFormMessages))[0]!,
            saf: form.saf,
          }
        : null,
    });
  }
  return out;
}

/**
 * What was declined against the site and still stands: the newest declined request of each kind
 * (until another of that kind is sent) and a declined Site Access Form not yet voided, newest first.
 */
export async function declinedOfSite(db: Db, vendorId: number, siteId: number): Promise<DeclinedItem[]> {
  const requests = await rowsOf<{
    kind: Exclude<RequestKind, 'termination'>;
    payload: Record<string, unknown>;
    decided_at: string | Date | null;
    reason: string;
    by: string;
    member_first_name: string | null;
    member_last_name: string | null;
  }>(
    db,
    sql`SELECT r.kind, r.payload, r.decided_at, r.decision_reason AS reason,
        COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.username, 'MLS staff') AS by,
        m.member_first_name, m.member_last_name
      FROM website_requests r
      LEFT JOIN users u ON u.id = r.decided_by
      LEFT JOIN members m ON r.kind = 'agent' AND m.member_mls_id = r.payload ->> 'memberNumber'
      WHERE r.website_id = ${siteId} AND r.vendor_id = ${vendorId} AND r.status = 'rejected'
        AND r.kind <> 'termination'
        AND NOT EXISTS (SELECT 1 FROM website_requests l
          WHERE l.website_id = r.website_id AND l.kind = r.kind AND l.id > r.id)`,
  );
  const forms = await rowsOf<{
    label: string;
    name: string;
    reason: string | null;
    at: string | Date | null;
  }>(
    db,
    sql`SELECT d.label, s.name, s.decline_reason AS reason, r.finished_at AS at
      FROM signature_requests r
      JOIN documents d ON d.id = r.document_id AND NOT d.voided AND d.vendor_id = ${vendorId}
      JOIN signers s ON s.request_id = r.id AND s.status = 'declined'
      WHERE r.website_id = ${siteId} AND r.status = 'declined'
      ORDER BY r.finished_at DESC NULLS LAST LIMIT 1`,
  );
  const out: DeclinedItem[] = [];
  for (const r of requests) {
    const agentName = agentWithNumber(
      r.member_first_name ?? '',
      r.member_last_name ?? '',
      typeof r.payload.memberNumber === 'string' ? r.payload.memberNumber : '',
    );
    out.push({
      what: r.kind,
      title: DeclinedMessages.title[r.kind],
      requested: await requestedText(db, siteId, r.kind, r.payload, agentName),
      by: r.by,
      date: r.decided_at ? new Date(r.decided_at).toISOString() : '',
      reason: r.reason,
      next: DeclinedMessages.next[r.kind],
    });
  }
  for (const f of forms)
    out.push({
      what: 'form',
      title: DeclinedMessages.title.form,
      requested: f.label,
      by: f.name,
      date: f.at ? new Date(f.at).toISOString() : '',
      reason: f.reason ?? '',
      next: DeclinedMessages.next.form,
    });
  return out.sort((a, b) => b.date.localeCompare(a.date));
}

/** Whether the site's pending termination was started by the MLS (over a compliance finding). */
export async function terminationByMls(tx: Db, siteId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: websiteRequests.id })
    .from(websiteRequests)
    .where(
      and(
        eq(websiteRequests.websiteId, siteId),
        eq(websiteRequests.kind, 'termination'),
        eq(websiteRequests.status, 'pending'),
        sql`(${websiteRequests.payload} ->> 'byMls')::boolean`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
