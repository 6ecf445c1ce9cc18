import type { VendorListParams, VendorSummary, VendorValues } from '@vp/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likeEscape, rowsOf } from '../../db/sql.ts';
import { userVendors, users, vendors } from '../../db/schema.ts';
import { siteCount, typeAppliesToVendor } from '../websites/index.ts';
import { iso, isoOrNull, userStatusSql } from './sql-values.ts';

/** Vendors as the console sees them: every account, with the figures staff look at first. */

interface VendorRow {
  id: number;
  code: string;
  name: string;
  type: string;
  is_consumer: boolean;
  is_provider: boolean;
  reciprocal_allowed: boolean;
  permission_audit: boolean;
  feed_type: string;
  technical_contact: string;
  billing_contact: string;
  active: boolean;
  created_at: Date | string;
  parent_id: number | null;
  parent_code: string | null;
  parent_name: string | null;
  sub_accounts: number;
  users: number;
  sites_active: number;
  sites_pending_activation: number;
  sites_pending_termination: number;
  sites_inactive: number;
  sites_total: number;
  missing_docs: number;
  missing_site_docs: number;
  last_activity: Date | string | null;
}

/** The latest change on the vendor's websites, or the latest request of one of its users. */
const lastActivity = sql`greatest(
  (SELECT max(c.created_at) FROM website_changes c WHERE c.vendor_id = v.id),
  (SELECT max(s.last_seen_at) FROM user_vendors uv JOIN sessions s ON s.user_id = uv.user_id
    WHERE uv.vendor_id = v.id))`;

function toSummary(r: VendorRow): VendorSummary {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    isConsumer: r.is_consumer,
    isProvider: r.is_provider,
    reciprocalAllowed: r.reciprocal_allowed,
    permissionAudit: r.permission_audit,
    feedType: r.feed_type,
    technicalContact: r.technical_contact,
    billingContact: r.billing_contact,
    status: r.active ? 'active' : 'suspended',
    parent:
      r.parent_id === null ? null : { id: r.parent_id, code: r.parent_code ?? '', name: r.parent_name ?? '' },
    subAccounts: r.sub_accounts,
    users: r.users,
    sites: {
      active: r.sites_active,
      pendingActivation: r.sites_pending_activation,
      pendingTermination: r.sites_pending_termination,
      inactive: r.sites_inactive,
      total: r.sites_total,
    },
    missingDocs: r.missing_docs,
    missingSiteDocs: r.missing_site_docs,
    lastActivity: isoOrNull(r.last_activity),
    createdAt: iso(r.created_at),
  };
}

/** The figures of the vendors in `ids` (a page), in the order of `ids`. */
async function summaries(db: Db, ids: readonly number[]): Promise<VendorSummary[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<VendorRow>(
    db,
    sql`SELECT v.id, v.code, v.name, v.type, v.is_consumer, v.is_provider, v.reciprocal_allowed,
        v.permission_audit, v.feed_type, v.technical_contact, v.billing_contact, v.active, v.created_at,
        p.id AS parent_id, p.code AS parent_code, p.name AS parent_name,
        (SELECT count(*)::int FROM vendors s WHERE s.parent_vendor_id = v.id) AS sub_accounts,
        (SELECT count(*)::int FROM user_vendors uv JOIN users u ON u.id = uv.user_id
          WHERE uv.vendor_id = v.id AND uv.active AND u.active) AS users,
        sc.active AS sites_active, sc.pending_activation AS sites_pending_activation,
        sc.pending_termination AS sites_pending_termination, sc.inactive AS sites_inactive,
        sc.total AS sites_total,
        (SELECT count(*)::int FROM document_types t
          WHERE t.required_for_vendor AND NOT t.messaging AND ${typeAppliesToVendor(sql`v.type`)}
            AND NOT EXISTS (SELECT 1 FROM documents d
              WHERE d.vendor_id = v.id AND d.type_id = t.id AND NOT d.voided)) AS missing_docs,
        ${siteCount(sql`v.id`, { missing: true })} AS missing_site_docs,
        ${lastActivity} AS last_activity
      FROM vendors v
      LEFT JOIN vendors p ON p.id = v.parent_vendor_id
      CROSS JOIN LATERAL (SELECT
          coalesce(sum(c.n) FILTER (WHERE c.status = 'Active'), 0)::int AS active,
          coalesce(sum(c.n) FILTER (WHERE c.status = 'Pending Activation'), 0)::int AS pending_activation,
          coalesce(sum(c.n) FILTER (WHERE c.status = 'Pending Termination'), 0)::int AS pending_termination,
          coalesce(sum(c.n) FILTER (WHERE c.status = 'Inactive'), 0)::int AS inactive,
          coalesce(sum(c.n), 0)::int AS total
        FROM website_counts c WHERE c.vendor_id = v.id) sc
      WHERE v.id IN (SELECT v2::int FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS v2)`,
  );
  const byId = new Map(rows.map((r) => [r.id, toSummary(r)]));
  return ids.map((id) => byId.get(id)).filter((s): s is VendorSummary => !!s);
}

function listFilter(query: Pick<VendorListParams, 'search' | 'status'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.search) {
    const like = `%${likeEscape(query.search)}%`;
    parts.push(sql`(v.name ILIKE ${like} OR v.code ILIKE ${like})`);
  }
  if (query.status) parts.push(query.status === 'active' ? sql`v.active` : sql`NOT v.active`);
  return sql.join(parts, sql` AND `);
}

export async function listVendors(
  db: Db,
  query: VendorListParams,
): Promise<{ items: VendorSummary[]; total: number }> {
  const where = listFilter(query);
  const dir = query.order === 'desc' ? sql`DESC` : sql`ASC`;
  const key =
    query.sort === 'code'
      ? sql`lower(v.code) ${dir}`
      : query.sort === 'lastActivity'
        ? sql`${lastActivity} ${dir} NULLS LAST, lower(v.name) ASC`
        : sql`lower(v.name) ${dir}`;
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM vendors v WHERE ${where}`,
  );
  const page = await rowsOf<{ id: number }>(
    db,
    sql`SELECT v.id FROM vendors v WHERE ${where} ORDER BY ${key}, v.id
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

export async function vendorSummary(db: Db, id: number): Promise<VendorSummary | null> {
  const [one] = await summaries(db, [id]);
  return one ?? null;
}

export async function subAccountsOf(db: Db, id: number) {
  return db
    .select({ id: vendors.id, code: vendors.code, name: vendors.name, active: vendors.active })
    .from(vendors)
    .where(eq(vendors.parentVendorId, id))
    .orderBy(asc(sql`lower(${vendors.name})`));
}

export async function usersOfVendor(db: Db, id: number) {
  return rowsOf<{
    id: number;
    username: string;
    first_name: string;
    last_name: string;
    role: 'admin' | 'vendor' | 'viewer';
    status: 'active' | 'invited' | 'deactivated';
    is_primary: boolean;
  }>(
    db,
    sql`SELECT u.id, u.username, u.first_name, u.last_name, u.role, ${userStatusSql} AS status, uv.is_primary
      FROM user_vendors uv JOIN users u ON u.id = uv.user_id
      WHERE uv.vendor_id = ${id}
      ORDER BY lower(u.username)`,
  );
}

/** Every vendor, for the console's selects. */
export async function vendorOptions(db: Db) {
  return db
    .select({
      id: vendors.id,
      code: vendors.code,
      name: vendors.name,
      active: vendors.active,
      parentId: vendors.parentVendorId,
    })
    .from(vendors)
    .orderBy(asc(sql`lower(${vendors.name})`), asc(vendors.id));
}

export type VendorRecord = typeof vendors.$inferSelect;

/** Locks the vendors named (in id order, so two writers never wait on each other in a circle). */
export async function lockVendors(tx: Db, ids: readonly number[]): Promise<VendorRecord[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(vendors)
    .where(inArray(vendors.id, [...new Set(ids)]))
    .orderBy(asc(vendors.id))
    .for('update');
}

export async function hasSubAccounts(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.parentVendorId, id))
    .limit(1);
  return !!row;
}

/** The vendor holding this code, whatever its case, other than `exceptId`. */
export async function codeHolder(db: Db, code: string, exceptId: number | null): Promise<number | null> {
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(
      and(
        sql`lower(${vendors.code}) = lower(${code})`,
        exceptId === null ? sql`true` : sql`${vendors.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

function columns(values: VendorValues) {
  return {
    code: values.code,
    name: values.name,
    type: values.type,
    isConsumer: values.isConsumer,
    isProvider: values.isProvider,
    reciprocalAllowed: values.reciprocalAllowed,
    permissionAudit: values.permissionAudit,
    feedType: values.feedType,
    technicalContact: values.technicalContact,
    billingContact: values.billingContact,
    parentVendorId: values.parentId,
  };
}

export async function insertVendor(tx: Db, values: VendorValues): Promise<number> {
  const [row] = await tx.insert(vendors).values(columns(values)).returning({ id: vendors.id });
  return row!.id;
}

export async function updateVendor(tx: Db, id: number, values: VendorValues): Promise<void> {
  await tx.update(vendors).set(columns(values)).where(eq(vendors.id, id));
}

export async function setVendorActive(tx: Db, id: number, active: boolean): Promise<void> {
  await tx.update(vendors).set({ active }).where(eq(vendors.id, id));
}

/** Users linked to a vendor, whose sessions must learn that its standing changed. */
export async function linkedUserIds(db: Db, vendorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userVendors.userId })
    .from(userVendors)
    .innerJoin(users, eq(users.id, userVendors.userId))
    .where(eq(userVendors.vendorId, vendorId));
  return rows.map((r) => r.id);
}
