import { TEAM_PRODUCT_ID } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/sql.ts';
import { setupPortal, type PortalTest } from '../modules/websites/test-fixture.ts';

/**
 * A GET never writes: every registered GET route of the API is called, with real ids, as the
 * vendor, the read-only role and MLS staff, and no table gains or loses a row, and no History entry,
 * team or site changes.
 */

let t: PortalTest;
let siteId: number;
let memberNumber: string;
beforeAll(async () => {
  t = await setupPortal();
  // A team-product site of the demo vendor, with a History and a pending request.
  const [site] = await t.rows<{ id: number; member: string }>(
    sql`SELECT id, member_number AS member FROM websites
      WHERE vendor_id = ${t.vendors.summit} AND ${TEAM_PRODUCT_ID} = ANY(products) AND status = 'Active'
      ORDER BY id LIMIT 1`,
  );
  siteId = site!.id;
  memberNumber = site!.member;
  const res = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${siteId}/agent-change`, {
    memberNumber: t.agents.local[20],
    reason: 'Agent moved office',
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => t?.close());

/**
 * Tables that count use rather than hold data: on PostgreSQL the per-minute limits of public calls
 * and the places of expensive requests are rows, which any call, a read included, may write.
 */
const USE_COUNTERS = ['rate_windows', 'work_places'];

/** Row counts of every table, and the content of those a read could be tempted to write. */
async function state(): Promise<Record<string, unknown>> {
  const tables = (
    await rowsOf<{ name: string }>(
      t.db,
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
  ).filter(({ name }) => !USE_COUNTERS.includes(name));
  const counts: Record<string, unknown> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`,
    );
    counts[name] = row!.n;
  }
  for (const name of [
    'website_changes',
    'websites',
    'website_teams',
    'website_team_members',
    'website_requests',
  ]) {
    const [row] = await rowsOf<{ digest: string }>(
      t.db,
      sql`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest FROM ${sql.identifier(name)} x`,
    );
    counts[`${name} content`] = row!.digest;
  }
  return counts;
}

/** The app's GET routes under /api, each with real values for its path parameters. */
function getUrls(): string[] {
  const values: Record<string, string> = {
    id: String(siteId),
    query: 'a',
  };
  return t.app.routeAccess
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.startsWith('/api/test-probe'))
    .map((r) =>
      r.url
        // The agent route is keyed by member number; the others by site id.
        .replace(/^\/api\/agent\/:id$/, `/api/agent/${memberNumber}`)
        .replace(/:([A-Za-z]+)/g, (_, name: string) => values[name] ?? '1'),
    );
}

describe('GET routes', () => {
  it('are found: every GET of the API, sites, teams and History included', () => {
    const urls = getUrls();
    expect(urls).toContain(`/api/websites/${siteId}/team`);
    expect(urls).toContain(`/api/website/${siteId}/changelog`);
    expect(urls).toContain(`/api/portal/websites/${siteId}`);
    expect(urls.length).toBeGreaterThan(15);
  });

  it.each(['demo', 'viewer', 'admin'] as const)('change no row when called as %s', async (who) => {
    const before = await state();
    const vendor = who === 'admin' ? t.vendors.summit : undefined;
    const answered: string[] = [];
    for (const url of getUrls()) {
      for (const query of ['', '?sort=termDate&order=desc&search=a&status=Active']) {
        const res = await t.call(t.tokens[who], 'GET', url + query, undefined, vendor);
        expect(res.statusCode, `${url}${query}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode === 200) answered.push(url);
      }
    }
    // The team of a team-product site is there to read, for every role.
    expect(answered).toContain(`/api/websites/${siteId}/team`);
    expect(answered).toContain(`/api/portal/websites/${siteId}/requests`);
    // Agent Information only displays: every role reads it.
    expect(answered).toContain(`/api/agent/${memberNumber}`);
    expect(await state()).toEqual(before);
  });
});
