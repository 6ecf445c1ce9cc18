import type { InvitationState, Role, UserListParams, UserStatus, UserSummary } from '@vp/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likeEscape, rowsOf } from '../../db/sql.ts';
import { userVendors, users, vendors } from '../../db/schema.ts';
import { iso, isoOrNull, userStatusSql } from './sql-values.ts';

/** Users as the console sees them: their standing, their vendor accounts, their invitation. */

interface UserRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  status: UserStatus;
  created_at: Date | string;
  last_seen_at: Date | string | null;
  invited_at: Date | string | null;
  invite_expires_at: Date | string | null;
  invite_used_at: Date | string | null;
}

function invitationOf(r: UserRow, now: Date): UserSummary['invitation'] {
  if (r.status !== 'invited' || r.invited_at === null || r.invite_expires_at === null) return null;
  const expiresAt = iso(r.invite_expires_at);
  const state: InvitationState =
    r.invite_used_at !== null ? 'revoked' : new Date(expiresAt) > now ? 'pending' : 'expired';
  return { state, sentAt: iso(r.invited_at), expiresAt };
}

function listFilter(query: Pick<UserListParams, 'search' | 'role' | 'status' | 'vendor'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.search) {
    const like = `%${likeEscape(query.search)}%`;
    parts.push(sql`(u.username ILIKE ${like} OR u.email ILIKE ${like}
      OR (u.first_name || ' ' || u.last_name) ILIKE ${like})`);
  }
  if (query.role) parts.push(sql`u.role = ${query.role}`);
  if (query.status) parts.push(sql`${userStatusSql} = ${query.status}`);
  if (query.vendor)
    parts.push(
      sql`EXISTS (SELECT 1 FROM user_vendors f WHERE f.user_id = u.id AND f.vendor_id = ${query.vendor})`,
    );
  return sql.join(parts, sql` AND `);
}

/** The users in `ids`, in that order, with their links. */
async function summaries(db: Db, ids: readonly number[]): Promise<UserSummary[]> {
  if (ids.length === 0) return [];
  const idList = sql`(SELECT x::int FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS x)`;
  const rows = await rowsOf<UserRow>(
    db,
    sql`SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.role, ${userStatusSql} AS status,
        u.created_at,
        (SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id) AS last_seen_at,
        inv.created_at AS invited_at, inv.expires_at AS invite_expires_at, inv.used_at AS invite_used_at
      FROM users u
      LEFT JOIN LATERAL (SELECT t.created_at, t.expires_at, t.used_at FROM password_tokens t
        WHERE t.user_id = u.id AND t.kind = 'invite' ORDER BY t.id DESC LIMIT 1) inv ON true
      WHERE u.id IN ${idList}`,
  );
  const links = await db
    .select({
      userId: userVendors.userId,
      id: vendors.id,
      code: vendors.code,
      name: vendors.name,
      isPrimary: userVendors.isPrimary,
      linkActive: userVendors.active,
      vendorActive: vendors.active,
    })
    .from(userVendors)
    .innerJoin(vendors, eq(vendors.id, userVendors.vendorId))
    .where(inArray(userVendors.userId, [...ids]))
    .orderBy(asc(userVendors.userId), sql`${userVendors.isPrimary} DESC`, asc(sql`lower(${vendors.name})`));
  const now = new Date();
  const byId = new Map(
    rows.map((r): [number, UserSummary] => [
      r.id,
      {
        id: r.id,
        username: r.username,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        role: r.role,
        status: r.status,
        vendors: links
          .filter((l) => l.userId === r.id)
          .map((l) => ({
            id: l.id,
            code: l.code,
            name: l.name,
            isPrimary: l.isPrimary,
            active: l.linkActive && l.vendorActive,
            suspended: !l.vendorActive,
          })),
        lastSeenAt: isoOrNull(r.last_seen_at),
        createdAt: iso(r.created_at),
        invitation: invitationOf(r, now),
      },
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((u): u is UserSummary => !!u);
}

export async function listUsers(
  db: Db,
  query: UserListParams,
): Promise<{ items: UserSummary[]; total: number }> {
  const where = listFilter(query);
  const dir = query.order === 'desc' ? sql`DESC` : sql`ASC`;
  const [count] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users u WHERE ${where}`);
  const page = await rowsOf<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u WHERE ${where} ORDER BY lower(u.username) ${dir}, u.id
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
  );
  return {
    items: await summaries(
      db,
      page.map((r) => r.id),
    ),
    total: count?.n ?? 0,
  };
}

export async function userSummary(db: Db, id: number): Promise<UserSummary | null> {
  const [one] = await summaries(db, [id]);
  return one ?? null;
}

export type UserRecord = typeof users.$inferSelect;

/** The user, locked for this transaction. */
export async function lockUser(tx: Db, id: number): Promise<UserRecord | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/**
 * Locks every active administrator, in id order, and answers their ids. Whoever may remove one
 * (a deactivation, a change of role) takes this first, so two staff members cannot each remove
 * one of the last two at the same moment.
 */
export async function lockActiveAdmins(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

export function standingOf(user: Pick<UserRecord, 'active' | 'passwordHash'>): UserStatus {
  if (user.active) return 'active';
  return user.passwordHash === null ? 'invited' : 'deactivated';
}

/** Another user holding this username or email, whatever its case. */
export async function holderOf(db: Db, field: 'username' | 'email', value: string): Promise<number | null> {
  const column = field === 'username' ? users.username : users.email;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${column}) = lower(${value})`)
    .limit(1);
  return row?.id ?? null;
}

export async function existingVendors(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: vendors.id, code: vendors.code, name: vendors.name })
    .from(vendors)
    .where(inArray(vendors.id, [...ids]));
}

export async function insertInvitedUser(
  tx: Db,
  values: { username: string; email: string; firstName: string; lastName: string; role: Role },
): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, active: false, passwordHash: null })
    .returning({ id: users.id });
  return row!.id;
}

/** Replaces a user's links: the primary account and the others, all switched on. */
export async function setLinks(tx: Db, userId: number, primaryId: number, otherIds: readonly number[]) {
  await tx.delete(userVendors).where(eq(userVendors.userId, userId));
  const others = [...new Set(otherIds)].filter((id) => id !== primaryId);
  await tx
    .insert(userVendors)
    .values([
      { userId, vendorId: primaryId, isPrimary: true, active: true },
      ...others.map((vendorId) => ({ userId, vendorId, isPrimary: false, active: true })),
    ]);
}

export async function linksOf(db: Db, userId: number) {
  return db
    .select({ id: vendors.id, code: vendors.code, isPrimary: userVendors.isPrimary })
    .from(userVendors)
    .innerJoin(vendors, eq(vendors.id, userVendors.vendorId))
    .where(eq(userVendors.userId, userId))
    .orderBy(sql`${userVendors.isPrimary} DESC`, asc(vendors.code));
}

export async function updateUser(
  tx: Db,
  id: number,
  values: Partial<Pick<UserRecord, 'role' | 'active'>>,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}
