import { TEAM_PRODUCT_ID } from '@vp/contract';
import { count, sql } from 'drizzle-orm';
import { grantLicences } from '../../modules/licences/index.ts';
import { SYSTEM_ACTOR } from '../../platform/actor.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Db } from '../client.ts';
import { members, offices, products, vendors, websiteChanges, websites } from '../schema.ts';
import { insertDemoCompliance } from './compliance.ts';
import { DEMO_LOGINS, insertAccounts } from './accounts.ts';
import { insertDemoContacts } from './contacts.ts';
import { Rng } from './random.ts';
import { insertResourcesAndFeeds } from './resources.ts';
import { buildRoster } from './roster.ts';
import { PRODUCTS, buildHistory, demoWebsites, type SeededSite } from './websites.ts';

/**
 * The demo data set. Deterministic: every choice comes from one seeded generator and fixed dates,
 * drawn in a fixed order (roster, then each vendor's sites), so two seeded databases hold the same
 * rows (password salts aside).
 */

export { DEMO_LOGINS } from './accounts.ts';
export { seedDemoDocuments } from './documents.ts';
export { DEMO_RULES_FILE, seedDemoResourceFiles } from './resources.ts';
export { MAIN_AOR, RECIPROCAL_AORS } from './roster.ts';
export { PRODUCTS } from './websites.ts';

async function insertChunked<T>(
  rows: readonly T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(vendors);
  return (row?.n ?? 0) === 0;
}

export async function seedDemo(db: Db): Promise<void> {
  const rng = new Rng(20_250_601);
  // scrypt is the slow part; the five hashes run side by side on the thread pool.
  const hashes = await Promise.all(DEMO_LOGINS.map((l) => hashPassword(l.password)));
  const { officeRows, memberRows } = buildRoster(rng);
  const localAgents = memberRows.filter((m) => !m.Reciprocal && m.MemberStatus === 'Active');
  const reciprocalAgents = memberRows.filter((m) => m.Reciprocal && m.MemberStatus === 'Active');

  await db.transaction(async (tx) => {
    await tx.insert(products).values([...PRODUCTS]);
    const accounts = await insertAccounts(tx, hashes);
    await insertResourcesAndFeeds(tx, accounts);
    await insertDemoContacts(tx, accounts);

    await insertChunked(officeRows, 500, (c) => tx.insert(offices).values(c));
    await insertChunked(memberRows, 1000, (c) => tx.insert(members).values(c));

    const siteRows = demoWebsites(rng, accounts, localAgents, reciprocalAgents);
    const inserted: SeededSite[] = [];
    await insertChunked(siteRows, 500, async (c) => {
      inserted.push(
        ...(await tx.insert(websites).values(c).returning({
          id: websites.id,
          vendorId: websites.vendorId,
          status: websites.status,
          startDate: websites.startDate,
          termDate: websites.termDate,
          createdAt: websites.createdAt,
        })),
      );
    });

    const author = {
      userId: accounts.uid('demo'),
      username: 'demo',
      firstName: 'Dana',
      lastName: 'Whitfield',
    };
    await insertChunked(buildHistory(inserted, author), 500, (c) => tx.insert(websiteChanges).values(c));
    // Every team-product site has its team, led by its agent (as migration 0009 gives older data).
    await tx.execute(sql`INSERT INTO website_teams (website_id, primary_member_number)
      SELECT id, member_number FROM websites WHERE ${TEAM_PRODUCT_ID} = ANY(products)`);
    await tx.execute(sql`INSERT INTO website_team_members (website_id, member_number)
      SELECT website_id, primary_member_number FROM website_teams`);
    // The demo's licensed sites hold their licences, as the migration recorded them for older data.
    await grantLicences(
      tx,
      inserted.filter((s) => s.status === 'Active' || s.status === 'Pending Termination'),
      'recorded',
      SYSTEM_ACTOR,
    );
    await insertDemoCompliance(tx, inserted, accounts.summit);
    // Staff have reviewed all but the three newest of them, which wait in the approval queue.
    await tx.execute(sql`INSERT INTO licence_reviews (licence_id, note, username)
      SELECT id, 'Paper forms of the sites licensed before the portal, kept at the MLS.', 'admin'
      FROM licences WHERE ended_at IS NULL AND form_kind = 'none'
      ORDER BY id DESC OFFSET 3`);
  });
}
