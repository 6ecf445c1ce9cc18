import type { Comment } from '@vp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';

/**
 * The SQL of comments, always scoped by the acting vendor and by where the conversation is: one
 * website's, or the account's own (website null). Internal notes are left out in SQL for callers
 * who are not MLS staff, so no code path can hand one to a vendor.
 */

/** Where a conversation is held: a website of the vendor, or the vendor's account (null). */
export type Place = { vendorId: number; siteId: number | null };

/** At most this many of the newest comments are answered; a conversation is read, not archived here. */
export const COMMENT_LIST_MAX = 1_000;

interface CommentRow {
  id: number;
  website_id: number | null;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  body: string;
  public: boolean;
  created_at: string | Date;
}

export function toComment(r: CommentRow): Comment {
  return {
    id: r.id,
    user:
      r.user_id === null
        ? null
        : {
            id: r.user_id,
            username: r.username ?? '',
            firstName: r.first_name ?? '',
            lastName: r.last_name ?? '',
          },
    dateTime: new Date(r.created_at).toISOString(),
    comment: r.body,
    public: r.public,
    siteId: r.website_id,
  };
}

const placeFilter = ({ vendorId, siteId }: Place): SQL =>
  siteId === null
    ? sql`c.vendor_id = ${vendorId} AND c.website_id IS NULL`
    : sql`c.vendor_id = ${vendorId} AND c.website_id = ${siteId}`;

const visibility = (staff: boolean): SQL => (staff ? sql`` : sql`AND c.public`);

const COLUMNS = sql`c.id, c.website_id, c.user_id, u.username, u.first_name, u.last_name, c.body, c.public, c.created_at`;

/** A conversation, oldest first (as a chat reads, the newest at the bottom). */
export async function listComments(db: Db, place: Place, staff: boolean): Promise<Comment[]> {
  const rows = await rowsOf<CommentRow>(
    db,
    sql`SELECT * FROM (
        SELECT ${COLUMNS} FROM comments c LEFT JOIN users u ON u.id = c.user_id
        WHERE ${placeFilter(place)} ${visibility(staff)}
        ORDER BY c.id DESC LIMIT ${COMMENT_LIST_MAX}
      ) newest ORDER BY id`,
  );
  return rows.map(toComment);
}

export async function insertComment(
  tx: Db,
  place: Place,
  userId: number,
  body: string,
  isPublic: boolean,
): Promise<Comment> {
  const [row] = await rowsOf<CommentRow>(
    tx,
    sql`WITH c AS (
        INSERT INTO comments (vendor_id, website_id, user_id, body, public)
        VALUES (${place.vendorId}, ${place.siteId}, ${userId}, ${body}, ${isPublic})
        RETURNING *
      )
      SELECT ${COLUMNS} FROM c LEFT JOIN users u ON u.id = c.user_id`,
  );
  return toComment(row!);
}

/** One comment of the conversation the caller may read, held until the transaction ends. */
export async function commentForUpdate(
  tx: Db,
  place: Place,
  id: number,
  staff: boolean,
): Promise<{ id: number; userId: number | null; public: boolean } | null> {
  const [row] = await rowsOf<{ id: number; user_id: number | null; public: boolean }>(
    tx,
    sql`SELECT c.id, c.user_id, c.public FROM comments c
      WHERE c.id = ${id} AND ${placeFilter(place)} ${visibility(staff)} FOR UPDATE`,
  );
  return row ? { id: row.id, userId: row.user_id, public: row.public } : null;
}

export async function deleteComment(tx: Db, id: number): Promise<void> {
  await tx.execute(sql`DELETE FROM comments WHERE id = ${id}`);
}
