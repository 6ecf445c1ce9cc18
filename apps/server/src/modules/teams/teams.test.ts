import {
  StaleMessages,
  TeamMessages,
  WebsiteMessages,
  WebsiteServerMessages,
  agentWithNumber,
  type Team,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDomain, setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { forceStatus } from '../../../test/licence.ts';

let t: PortalTest;
let primary: string;
beforeAll(async () => {
  t = await setupPortal();
  primary = t.agents.local[10]!;
});
afterAll(async () => t?.close());

async function site(products = [2], vendor?: number): Promise<number> {
  const res = await t.call(
    t.tokens.demo,
    'POST',
    '/api/portal/websites',
    { domainName: freshDomain('team'), memberNumber: primary, products },
    vendor,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A team-product site saved before sites came with their team (the client then creates it). */
async function siteWithoutTeam(products = [2], vendor?: number): Promise<number> {
  const id = await site(products, vendor);
  await t.rows(sql`DELETE FROM website_teams WHERE website_id = ${id}`);
  return id;
}

const teamUrl = (id: number) => `/api/websites/${id}/team`;
const body = (id: number, memberIds: string[]) => ({ siteId: id, primary, memberIds });
/** A save of the team as last read (version 1 when there is none to read). */
const saveBody = async (id: number, memberIds: string[]) => {
  const read = await t.call(t.tokens.admin, 'GET', teamUrl(id), undefined, t.vendors.summit);
  return { ...body(id, memberIds), version: read.statusCode === 200 ? (read.json() as Team).version : 1 };
};

describe('team', () => {
  it('a site without its team: 404 Team not found until created; created with the primary as the only member', async () => {
    const id = await siteWithoutTeam();
    const none = await t.call(t.tokens.demo, 'GET', teamUrl(id));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 404, message: 'Team not found' });
    const created = await t.call(t.tokens.demo, 'POST', teamUrl(id), body(id, [primary]));
    expect(created.statusCode, created.body).toBe(201);
    const team = created.json() as Team;
    expect(team).toMatchObject({ siteId: id, primary, memberIds: [primary] });
    const [m] = await t.rows<{ first: string; last: string; lic: string; status: string; key: string }>(
      sql`SELECT member_first_name AS first, member_last_name AS last, member_state_license AS lic, member_status AS status, member_key AS key
        FROM members WHERE member_mls_id = ${primary}`,
    );
    expect(team.members[0]).toMatchObject({
      firstName: m!.first,
      lastName: m!.last,
      memberNumber: primary,
      mlsId: m!.key,
      licenseNumber: m!.lic,
      status: m!.status,
    });
    expect((await t.call(t.tokens.demo, 'GET', teamUrl(id))).json()).toEqual(team);
    const twice = await t.call(t.tokens.demo, 'POST', teamUrl(id), body(id, [primary]));
    expect(twice.statusCode).toBe(409);
  });

  it('adds and removes members, writing History entries', async () => {
    const id = await site();
    await t.call(t.tokens.demo, 'POST', teamUrl(id), body(id, [primary]));
    const [a, b] = [t.agents.local[11]!, t.agents.local[12]!];
    const added = await t.call(t.tokens.demo, 'PUT', teamUrl(id), await saveBody(id, [primary, a, b]));
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as Team).memberIds).toEqual([primary, a, b]);
    const removed = await t.call(t.tokens.demo, 'PUT', teamUrl(id), await saveBody(id, [primary, b]));
    expect((removed.json() as Team).memberIds).toEqual([primary, b]);
    const log = (await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json();
    expect(log.slice(0, 3).map((e: { description: string }) => e.description)).toEqual([
      'Team member removed',
      'Team member added',
      'Team created',
    ]);
    // Members by name with their member number.
    const names = await t.rows<{ n: string; first: string; last: string }>(
      sql`SELECT member_mls_id AS n, member_first_name AS first, member_last_name AS last FROM members
        WHERE member_mls_id IN (${primary}, ${a}, ${b})`,
    );
    const text = (n: string) => {
      const m = names.find((r) => r.n === n)!;
      return agentWithNumber(m.first, m.last, n);
    };
    expect(log[0].changes).toEqual([
      { path: ['team', 'memberIds'], from: [text(primary), text(a), text(b)], to: [text(primary), text(b)] },
    ]);
  });

  it("an Inactive site's team is closed to the vendor (409, nothing written); MLS staff may still change it", async () => {
    const id = await site();
    await forceStatus(t.db, id, 'Inactive');
    const before = await t.call(t.tokens.demo, 'GET', teamUrl(id));
    const history = (await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json();
    const a = t.agents.local[13]!;
    const refused = await t.call(t.tokens.demo, 'PUT', teamUrl(id), await saveBody(id, [primary, a]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WebsiteServerMessages.teamClosed);
    expect((await t.call(t.tokens.demo, 'GET', teamUrl(id))).json()).toEqual(before.json());
    expect((await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json()).toEqual(history);

    const staff = await t.call(
      t.tokens.admin,
      'PUT',
      teamUrl(id),
      await saveBody(id, [primary, a]),
      t.vendors.summit,
    );
    expect(staff.statusCode, staff.body).toBe(200);
    expect((staff.json() as Team).memberIds).toEqual([primary, a]);
  });

  it("refuses removing the primary with the spec's message", async () => {
    const id = await siteWithoutTeam();
    await t.call(t.tokens.demo, 'POST', teamUrl(id), body(id, [primary, t.agents.local[11]!]));
    const res = await t.call(t.tokens.demo, 'PUT', teamUrl(id), await saveBody(id, [t.agents.local[11]!]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: TeamMessages.primaryCannotBeRemoved });
    const create = await siteWithoutTeam();
    const noPrimary = await t.call(
      t.tokens.demo,
      'POST',
      teamUrl(create),
      body(create, [t.agents.local[11]!]),
    );
    expect(noPrimary.json().message).toBe(TeamMessages.primaryCannotBeRemoved);
  });

  it('refuses a team on a site without the team product', async () => {
    const id = await site([1]);
    const res = await t.call(t.tokens.demo, 'POST', teamUrl(id), body(id, [primary]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WebsiteServerMessages.teamProductRequired);
  });

  it('refuses a primary other than the site agent, a mismatched site id, and unknown members', async () => {
    const id = await siteWithoutTeam();
    const wrongPrimary = await t.call(t.tokens.demo, 'POST', teamUrl(id), {
      siteId: id,
      primary: t.agents.local[13],
      memberIds: [t.agents.local[13]],
    });
    expect(wrongPrimary.json().message).toBe(WebsiteServerMessages.teamPrimaryMismatch);
    const mismatch = await t.call(t.tokens.demo, 'POST', teamUrl(id), body(id + 1, [primary]));
    expect(mismatch.json().message).toBe(WebsiteServerMessages.teamSiteMismatch);
    const unknown = await t.call(t.tokens.demo, 'POST', teamUrl(id), body(id, [primary, 'NOPE-9']));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(WebsiteMessages.agentNotFound);
    expect((await t.call(t.tokens.demo, 'GET', teamUrl(id))).statusCode).toBe(404);
    const bad = await t.call(t.tokens.demo, 'POST', teamUrl(id), { siteId: 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses members whose MLS status is not Active', async () => {
    const id = await site();
    await t.call(t.tokens.demo, 'POST', teamUrl(id), body(id, [primary]));
    const [inactive] = await t.rows<{ n: string }>(
      sql`SELECT member_mls_id AS n FROM members WHERE member_status <> 'Active' AND NOT reciprocal LIMIT 1`,
    );
    const res = await t.call(t.tokens.demo, 'PUT', teamUrl(id), await saveBody(id, [primary, inactive!.n]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WebsiteMessages.agentNotActive);
    expect(((await t.call(t.tokens.demo, 'GET', teamUrl(id))).json() as Team).memberIds).toEqual([primary]);
  });

  it('takes reciprocal members only when the vendor allows them', async () => {
    const summit = await siteWithoutTeam();
    const ok = await t.call(
      t.tokens.demo,
      'POST',
      teamUrl(summit),
      body(summit, [primary, t.agents.reciprocal]),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const west = await siteWithoutTeam([2], t.vendors.west);
    const refused = await t.call(
      t.tokens.demo,
      'POST',
      teamUrl(west),
      body(west, [primary, t.agents.reciprocal]),
      t.vendors.west,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(WebsiteMessages.reciprocalNotAllowed);
  });

  it('404 on PUT before the team exists', async () => {
    const id = await siteWithoutTeam();
    const res = await t.call(t.tokens.demo, 'PUT', teamUrl(id), await saveBody(id, [primary]));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Team not found');
  });
});

describe('team versions', () => {
  it('refuses the second of two saves made from the same version (409); the team holds the first', async () => {
    const id = await site();
    const loaded = (await t.call(t.tokens.demo, 'GET', teamUrl(id))).json() as Team;
    const [a, b] = [t.agents.local[14]!, t.agents.local[15]!];
    const first = await t.call(t.tokens.demo, 'PUT', teamUrl(id), {
      ...body(id, [primary, a]),
      version: loaded.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as Team).version).toBe(loaded.version + 1);
    const history = (await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json();

    const second = await t.call(
      t.tokens.admin,
      'PUT',
      teamUrl(id),
      { ...body(id, [primary, b]), version: loaded.version },
      t.vendors.summit,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 409, message: StaleMessages.team });
    const now = (await t.call(t.tokens.demo, 'GET', teamUrl(id))).json() as Team;
    expect(now).toMatchObject({ memberIds: [primary, a], version: loaded.version + 1 });
    expect((await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`)).json()).toEqual(history);
  });

  it('requires the version on PUT (400), not on POST', async () => {
    const id = await site();
    const res = await t.call(t.tokens.demo, 'PUT', teamUrl(id), body(id, [primary, t.agents.local[14]!]));
    expect(res.statusCode).toBe(400);
    const none = await siteWithoutTeam();
    const created = await t.call(t.tokens.demo, 'POST', teamUrl(none), body(none, [primary]));
    expect(created.statusCode).toBe(201);
    expect((created.json() as Team).version).toBe(1);
  });

  it('is raised when the site’s agent changes, which leads the team', async () => {
    const id = await site();
    const team = (await t.call(t.tokens.demo, 'GET', teamUrl(id))).json() as Team;
    const siteNow = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json();
    const saved = await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', {
      rowKey: id,
      domainName: siteNow.domainName,
      memberNumber: t.agents.local[16],
      status: siteNow.status,
      dba: siteNow.dba,
      products: siteNow.products,
      version: siteNow.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await t.call(t.tokens.demo, 'GET', teamUrl(id))).json() as Team;
    expect(after.version).toBe(team.version + 1);
  });
});
