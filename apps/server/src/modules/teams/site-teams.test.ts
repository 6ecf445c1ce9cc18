import fs from 'node:fs';
import path from 'node:path';
import { TEAM_PRODUCT_ID, type Team, type Website } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../config.ts';
import { freshDomain, setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/**
 * Every site with the team product has its team, led by the site's agent: made with the site, or
 * when its product changes to it, in the same transaction; older sites get theirs from migration
 * 0009. Reading a team never has to make one, so the read-only role sees teams too.
 */

let t: PortalTest;
let primary: string;
beforeAll(async () => {
  t = await setupPortal();
  primary = t.agents.local[14]!;
});
afterAll(async () => t?.close());

async function site(products: number[]): Promise<number> {
  const res = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
    domainName: freshDomain('crew'),
    memberNumber: primary,
    products,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const teamOf = (id: number, token = t.tokens.demo) => t.call(token, 'GET', `/api/websites/${id}/team`);
const entries = async (id: number) =>
  (await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json() as { kind: string }[];

describe('teams of team-product sites', () => {
  it('a new team-product site has its team, which the vendor, the read-only role and MLS staff read', async () => {
    const id = await site([TEAM_PRODUCT_ID]);
    for (const [token, vendor] of [
      [t.tokens.demo, undefined],
      [t.tokens.viewer, undefined],
      [t.tokens.admin, t.vendors.summit],
    ] as const) {
      const res = await t.call(token, 'GET', `/api/websites/${id}/team`, undefined, vendor);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json() as Team).toMatchObject({ siteId: id, primary, memberIds: [primary] });
    }
    expect((await entries(id)).map((e) => e.kind)).toEqual(['team.created', 'website.created']);
  });

  it('a site whose product changes to the team product gets its team in the same save', async () => {
    const id = await site([1]);
    expect((await teamOf(id)).statusCode).toBe(404);
    const current = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json() as Website;
    const saved = await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', {
      ...current,
      products: [TEAM_PRODUCT_ID],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await teamOf(id)).json()).toMatchObject({ primary, memberIds: [primary] });
    expect((await entries(id)).map((e) => e.kind).slice(0, 2)).toEqual(['team.created', 'website.updated']);
  });

  it('a refused save makes no team', async () => {
    const id = await site([1]);
    const current = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json() as Website;
    const refused = await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', {
      ...current,
      products: [TEAM_PRODUCT_ID],
      status: 'Pending Termination',
      termDate: '2000-01-01',
    });
    expect(refused.statusCode).toBe(400);
    expect((await teamOf(id)).statusCode).toBe(404);
  });

  it('migration 0009 gives older team-product sites their team, and leaves existing teams alone', async () => {
    const older = await site([TEAM_PRODUCT_ID]);
    await t.rows(sql`DELETE FROM website_teams WHERE website_id = ${older}`);
    const kept = await site([TEAM_PRODUCT_ID]);
    const member = t.agents.local[15]!;
    await t.call(t.tokens.demo, 'PUT', `/api/websites/${kept}/team`, {
      siteId: kept,
      primary,
      memberIds: [primary, member],
      version: 1,
    });
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, '0009_site_teams.sql'), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    expect((await teamOf(older)).json()).toMatchObject({ primary, memberIds: [primary] });
    expect((await teamOf(kept)).json()).toMatchObject({ memberIds: [primary, member] });
    const [missing] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM websites w
        WHERE ${TEAM_PRODUCT_ID} = ANY(w.products) AND NOT EXISTS (SELECT 1 FROM website_teams t WHERE t.website_id = w.id)`,
    );
    expect(missing!.n).toBe(0);
  });
});
