import type { Notification } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intArray, rowsOf } from '../../db/sql.ts';

/**
 * A user's notifications for the vendor they act for. Every statement is scoped by both: a
 * notification of another user, or of another vendor, is never read nor dismissed.
 */

export interface Owner {
  userId: number;
  vendorId: number;
}

export async function listNotifications(
  db: Db,
  owner: Owner,
  page: number,
  pageSize: number,
): Promise<{ items: Notification[]; total: number; unread: number }> {
  const mine = sql`user_id = ${owner.userId} AND vendor_id = ${owner.vendorId} AND dismissed_at IS NULL`;
  // The drawer holds one vendor's notifications: the vendor's name before each (which a digest
  // gathering several accounts needs) is left out of them.
  const prefix = sql`(SELECT v.name || ': ' FROM vendors v WHERE v.id = ${owner.vendorId} AND v.name <> '')`;
  // The page and the counts in one statement.
  const [row] = await rowsOf<{ items: string | null; total: number; unread: number }>(
    db,
    sql`SELECT
        (SELECT json_agg(p ORDER BY p.id DESC)::text FROM (
          SELECT id, link, created_at, website_id, read_at IS NOT NULL AS read,
            CASE WHEN starts_with(content, ${prefix}) THEN substr(content, char_length(${prefix}) + 1)
              ELSE content END AS content
          FROM notifications WHERE ${mine}
          ORDER BY id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) p) AS items,
        c.total, c.unread
      FROM (SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
        FROM notifications WHERE ${mine}) c`,
  );
  const rows = row?.items
    ? (JSON.parse(row.items) as {
        id: number;
        content: string;
        link: string;
        created_at: string;
        website_id: number | null;
        read: boolean;
      }[])
    : [];
  return {
    items: rows.map((r) => ({
      rowKey: r.id,
      content: r.content,
      link: r.link,
      createdAt: new Date(r.created_at).toISOString(),
      siteId: r.website_id,
      read: r.read,
    })),
    total: Number(row?.total ?? 0),
    unread: Number(row?.unread ?? 0),
  };
}

/** Dismisses one of the owner's notifications (again, if it already was); false when it is not theirs. */
export async function dismissOne(db: Db, owner: Owner, id: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE notifications SET dismissed_at = coalesce(dismissed_at, now())
      WHERE id = ${id} AND user_id = ${owner.userId} AND vendor_id = ${owner.vendorId}
      RETURNING id`,
  );
  return rows.length > 0;
}

/** Marks one of the owner's notifications read (again, if it already was); false when it is not theirs. */
export async function readOne(db: Db, owner: Owner, id: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE notifications SET read_at = coalesce(read_at, now())
      WHERE id = ${id} AND user_id = ${owner.userId} AND vendor_id = ${owner.vendorId}
      RETURNING id`,
  );
  return rows.length > 0;
}

/** Dismisses those of `ids` that are the owner's and still showing; answers how many. */
export async function dismissMany(db: Db, owner: Owner, ids: readonly number[]): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE notifications SET dismissed_at = now()
      WHERE id = ANY(${intArray(ids)}) AND user_id = ${owner.userId} AND vendor_id = ${owner.vendorId}
        AND dismissed_at IS NULL
      RETURNING id`,
  );
  return rows.length;
}
