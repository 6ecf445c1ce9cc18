import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vendors, websites } from '../../db/schema.ts';

export async function vendorById(db: Db, vendorId: number) {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  return row ?? null;
}

export async function siteCountsByStatus(db: Db, vendorId: number) {
  return db
    .select({ status: websites.status, n: count() })
    .from(websites)
    .where(eq(websites.vendorId, vendorId))
    .groupBy(websites.status);
}

/** Sub-accounts of a vendor: the accounts whose parent it is. */
export async function subAccountCount(db: Db, vendorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(vendors).where(eq(vendors.parentVendorId, vendorId));
  return row?.n ?? 0;
}
