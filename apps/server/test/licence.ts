import type { SiteStatus } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { rowsOf } from '../src/db/sql.ts';
import { LICENSED_STATUSES, grantLicences, licenceStanding } from '../src/modules/licences/index.ts';
import { SYSTEM_ACTOR } from '../src/platform/actor.ts';

/**
 * Puts a site in a status directly, as a test's starting point, keeping the licence rule the
 * database holds: a site put in Active or Pending Termination is recorded as licensed for its terms
 * as they are, and one put elsewhere no longer holds a licence.
 */
export async function forceStatus(db: Db, id: number, status: SiteStatus): Promise<void> {
  await db.transaction(async (tx) => {
    const [site] = await rowsOf<{ vendor_id: number }>(
      tx,
      sql`UPDATE websites SET status = ${status} WHERE id = ${id}::int RETURNING vendor_id`,
    );
    if (!site) throw new Error(`no website ${id}`);
    if (!LICENSED_STATUSES.includes(status)) {
      await tx.execute(
        sql`UPDATE licences SET ended_at = now(), end_reason = 'terminated'
          WHERE website_id = ${id}::int AND ended_at IS NULL`,
      );
    } else if (!(await licenceStanding(tx, id)).termsMatch) {
      await grantLicences(tx, [{ id, vendorId: site.vendor_id }], 'recorded', SYSTEM_ACTOR);
    }
  });
}
