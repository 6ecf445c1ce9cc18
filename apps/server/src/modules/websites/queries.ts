import { WebsiteServerMessages, domainKey, type SiteStatus } from '@vp/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { websiteTeamMembers, websiteTeams, websites } from '../../db/schema.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { intArray, rowsOf } from '../../db/sql.ts';

/** A site's stored fields and the writes to them, always scoped by the acting vendor. */

/** The stored fields of a site, for writes; another vendor's site is not found. */
export interface SiteRecord {
  id: number;
  vendorId: number;
  domainName: string;
  status: SiteStatus;
  memberNumber: string;
  reciprocal: boolean;
  startDate: string | null;
  termDate: string | null;
  dba: string;
  products: number[];
  /** Ever Active: never back to Pending Activation, never deleted. */
  activated: boolean;
  /** Raised by every change of the site; a save names the one it was made from. */
  version: number;
}

/** `vendorId` null: MLS staff acting on any vendor's site. */
export async function siteRecord(
  db: Db,
  vendorId: number | null,
  id: number,
  forUpdate = false,
): Promise<SiteRecord | null> {
  const [row] = await rowsOf<{
    id: number;
    vendor_id: number;
    domain_name: string;
    status: SiteStatus;
    member_number: string;
    reciprocal: boolean;
    start_date: string | null;
    term_date: string | null;
    dba: string;
    products: number[];
    activated: boolean;
    version: number;
  }>(
    db,
    sql`SELECT id, vendor_id, domain_name, status, member_number, reciprocal, start_date, term_date, dba, products,
        activated_at IS NOT NULL AS activated, version
      FROM websites WHERE id = ${id} ${vendorId === null ? sql`` : sql`AND vendor_id = ${vendorId}`}
      ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    vendorId: row.vendor_id,
    domainName: row.domain_name,
    status: row.status,
    memberNumber: row.member_number,
    reciprocal: row.reciprocal,
    startDate: row.start_date,
    termDate: row.term_date,
    dba: row.dba,
    products: (row.products ?? []).map(Number),
    activated: row.activated,
    version: Number(row.version),
  };
}

/** The site of the acting vendor, or 404: another vendor's site is indistinguishable from none. */
export async function requireWebsite(
  db: Db,
  vendorId: number,
  id: number,
  forUpdate = false,
): Promise<SiteRecord> {
  const site = await siteRecord(db, vendorId, id, forUpdate);
  if (!site) throw new NotFoundError(WebsiteServerMessages.siteNotFound);
  return site;
}

/** How many websites the vendor holds: one row, kept by the triggers of migration 0024. */
export async function vendorSiteTotal(db: Db, vendorId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT n FROM vendor_site_totals WHERE vendor_id = ${vendorId}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The vendor's site ceiling, checked after this transaction has inserted its sites: the insert
 * raised the vendor's total and holds its row until the transaction ends, so the total read here
 * counts every site committed and those just inserted, and no other create of the vendor can pass
 * between. Above the ceiling the transaction is refused and rolls back.
 */
export async function holdSiteCeiling(tx: Db, vendorId: number, siteLimit: number): Promise<void> {
  if ((await vendorSiteTotal(tx, vendorId)) > siteLimit)
    throw new ConflictError(WebsiteServerMessages.siteLimit(siteLimit));
}

/**
 * The key two domains share when they are the same site; domainKey() of the contract, in SQL. The
 * expression is exactly that of the unique indexes of migration 0005 (`'^www\.'` reaches SQL with
 * its backslash), so a lookup is an index probe rather than a scan of every site.
 */
const domainKeySql = (name: SQL) => sql`regexp_replace(lower(${name}), '^www\\.', '')`;

/**
 * Holds the domain's key until the transaction ends, so the check of the two tables below and the
 * write that follows it are not raced by another create or change request for the same domain.
 */
export async function lockDomain(tx: Db, domain: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`domain:${domainKey(domain)}`}))`);
}

/**
 * Whether a domain is in use, by any vendor: licensed to a site (a domain is licensed once, with
 * or without `www.`), or reserved by a pending domain change request. `exceptSiteId` leaves out a
 * site's own domain and requests.
 */
export async function domainInUse(
  db: Db,
  domain: string,
  exceptSiteId: number | null = null,
): Promise<'site' | 'request' | null> {
  const key = domainKey(domain);
  const except = (column: SQL) => (exceptSiteId === null ? sql`` : sql`AND ${column} <> ${exceptSiteId}`);
  const rows = await rowsOf<{ used: 'site' | 'request' }>(
    db,
    sql`(SELECT 'site' AS used FROM websites
          WHERE ${domainKeySql(sql`domain_name`)} = ${key} ${except(sql`id`)} LIMIT 1)
        UNION ALL
        (SELECT 'request' FROM website_requests
          WHERE kind = 'domain' AND status = 'pending'
            AND ${domainKeySql(sql`payload ->> 'domainName'`)} = ${key} ${except(sql`website_id`)} LIMIT 1)`,
  );
  if (rows.some((r) => r.used === 'site')) return 'site';
  return rows.length > 0 ? 'request' : null;
}

export async function unknownProducts(db: Db, ids: number[]): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM products WHERE id = ANY(${intArray(ids)})`,
  );
  const known = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((id) => !known.has(id));
}

/** The fields a write sets on a site; the agent's roster data is joined at read time. */
export type SiteFields = Omit<SiteRecord, 'id' | 'vendorId' | 'activated' | 'version'>;

export async function insertWebsite(tx: Db, vendorId: number, site: SiteFields): Promise<number> {
  const [row] = await tx
    .insert(websites)
    .values({ vendorId, ...site })
    .returning({ id: websites.id });
  return row!.id;
}

/**
 * Saves a site's editable fields; the domain changes only through an approved request. With
 * `expectedVersion` the write happens only if the site is still at that version (the trigger of
 * migration 0017 raises it): answers false when it is not, and nothing was written.
 */
export async function updateWebsite(
  tx: Db,
  vendorId: number,
  id: number,
  site: Omit<SiteFields, 'domainName'>,
  expectedVersion: number | null = null,
): Promise<boolean> {
  const written = await tx
    .update(websites)
    .set({ ...site, updatedAt: new Date() })
    .where(
      and(
        eq(websites.id, id),
        eq(websites.vendorId, vendorId),
        expectedVersion === null ? undefined : eq(websites.version, expectedVersion),
      ),
    )
    .returning({ id: websites.id });
  return written.length > 0;
}

/** Moves a site out of every list into deleted_websites; its History stays where it is. */
export async function archiveWebsite(tx: Db, vendorId: number, id: number, userId: number): Promise<void> {
  await tx.execute(sql`INSERT INTO deleted_websites (id, vendor_id, domain_name, status, member_number, reciprocal,
      start_date, term_date, dba, products, created_at, deleted_by)
    SELECT id, vendor_id, domain_name, status, member_number, reciprocal, start_date, term_date, dba, products,
      created_at, ${userId}
    FROM websites WHERE id = ${id} AND vendor_id = ${vendorId}`);
  await tx.delete(websites).where(and(eq(websites.id, id), eq(websites.vendorId, vendorId)));
}

/** A deleted site of the vendor, for MLS staff reading its History. */
export async function deletedSiteExists(db: Db, vendorId: number, id: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM deleted_websites WHERE id = ${id} AND vendor_id = ${vendorId}`,
  );
  return rows.length > 0;
}

/** A team follows its site's agent: the new agent becomes the primary and a member. */
export async function teamFollowsAgent(tx: Db, siteId: number, memberNumber: string): Promise<void> {
  const team = await tx
    .update(websiteTeams)
    .set({ primaryMemberNumber: memberNumber, updatedAt: new Date() })
    .where(eq(websiteTeams.websiteId, siteId))
    .returning({ websiteId: websiteTeams.websiteId });
  if (team.length === 0) return;
  await tx.insert(websiteTeamMembers).values({ websiteId: siteId, memberNumber }).onConflictDoNothing();
}

/**
 * A site with the team product has its team, led by the site's agent: made with the site, or when
 * its product changes to it, in the transaction of that write. Answers whether a team was made.
 */
export async function ensureTeam(tx: Db, siteId: number, memberNumber: string): Promise<boolean> {
  const made = await tx
    .insert(websiteTeams)
    .values({ websiteId: siteId, primaryMemberNumber: memberNumber })
    .onConflictDoNothing()
    .returning({ websiteId: websiteTeams.websiteId });
  if (made.length === 0) return false;
  await tx.insert(websiteTeamMembers).values({ websiteId: siteId, memberNumber }).onConflictDoNothing();
  return true;
}
