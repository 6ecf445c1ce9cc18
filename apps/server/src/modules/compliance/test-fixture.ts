import { complianceRuleSetInputSchema } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { startTestSites, type TestSites } from '../../../test/test-sites.ts';
import { SYSTEM_ACTOR } from '../../platform/actor.ts';
import { grantLicences } from '../licences/index.ts';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/**
 * Licensed sites of the demo vendor served by a local HTTPS server, checked against one rule set
 * (every product's, as a newer version than the demo's), for the tests of findings and decisions.
 */

export const DISCLAIMER =
  'Listing data courtesy of Summit MLS. Information deemed reliable but not guaranteed. Updated {date}.';

export const FORBIDDEN = 'buyer agent compensation';

const utc = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;

/** What a site's home page leaves out or adds, each failing one rule. */
export interface PageFaults {
  noDisclaimer?: boolean;
  forbidden?: boolean;
}

export interface ComplianceSites {
  t: PortalTest;
  sites: TestSites;
  /** Site ids by host, and each site's licensed agent. */
  ids: Record<string, number>;
  /** Serves the host's home page, compliant but for the faults named. */
  serve(host: string, faults?: PageFaults): void;
  close(): Promise<void>;
}

/**
 * Active demo sites not checked yet, one per host, renamed to it: a licensed site's domain is a term
 * of its licence, so each is licensed again as it is now. Their ids and licensed agents by host.
 */
export async function licensedDemoSites(
  t: PortalTest,
  hosts: readonly string[],
): Promise<{ ids: Record<string, number>; agents: Record<string, string> }> {
  const rows = await t.rows<{ id: number; agent: string }>(
    sql`SELECT w.id, m.member_first_name || ' ' || m.member_last_name AS agent FROM websites w
      JOIN members m ON m.member_mls_id = w.member_number
      WHERE w.vendor_id = ${t.vendors.summit} AND w.status = 'Active'
        AND NOT EXISTS (SELECT 1 FROM compliance_checks c WHERE c.website_id = w.id)
      ORDER BY w.id LIMIT ${hosts.length}`,
  );
  const ids: Record<string, number> = {};
  const agents: Record<string, string> = {};
  for (const [i, host] of hosts.entries()) {
    ids[host] = rows[i]!.id;
    agents[host] = rows[i]!.agent;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE websites SET domain_name = ${host} WHERE id = ${rows[i]!.id}`);
      await grantLicences(tx, [{ id: rows[i]!.id, vendorId: t.vendors.summit }], 'recorded', SYSTEM_ACTOR);
    });
  }
  return { ids, agents };
}

export async function complianceSites(
  hosts: string[],
  env: Record<string, string> = {},
): Promise<ComplianceSites> {
  const sites = await startTestSites(hosts);
  const t = await setupPortal({ env: { ...sites.env, ...env } });
  const { ids, agents } = await licensedDemoSites(t, hosts);
  const set = complianceRuleSetInputSchema.parse({
    rules: [
      { id: 'answers', kind: 'answers' },
      { id: 'disclaimer', kind: 'requiredText', template: DISCLAIMER },
      { id: 'forbidden', kind: 'forbidden', patterns: [FORBIDDEN] },
      { id: 'licensee', kind: 'licensee' },
    ],
  });
  await t.db.execute(
    sql`INSERT INTO compliance_rule_sets (product_id, version, rules, grace_days)
      SELECT id, 2, ${JSON.stringify(set.rules)}::jsonb, 7 FROM products`,
  );
  const serve = (host: string, faults: PageFaults = {}) => {
    const footer = faults.noDisclaimer ? '' : DISCLAIMER.replace('{date}', utc(new Date()));
    const offer = faults.forbidden ? `<p>We pay ${FORBIDDEN}!</p>` : '<p>Homes by the lake</p>';
    sites.page(
      host,
      '/',
      `<html><body><h1>${agents[host]}, REALTOR®</h1>${offer}<footer>${footer}</footer></body></html>`,
    );
  };
  for (const host of hosts) serve(host);
  return {
    t,
    sites,
    ids,
    serve,
    close: async () => {
      await t.close();
      await sites.close();
    },
  };
}
