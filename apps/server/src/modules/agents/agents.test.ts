import { AgentSearchMessages, WebsiteMessages, type Agent } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
  // Three agents whose numbers make the ranking visible: one's license number is another's member
  // number, and a third's license number starts with it.
  await t.db.execute(sql`INSERT INTO members (member_key, member_mls_id, member_first_name, member_last_name,
      member_state_license, member_status, member_aor, office_key, office_mls_id, reciprocal)
    SELECT 'RANK-A', 'ZX900', 'Alma', 'Quist', 'LIC-A1', 'Active', office_aor, office_key, office_mls_id, false
      FROM offices ORDER BY office_key LIMIT 1`);
  await t.db.execute(sql`INSERT INTO members (member_key, member_mls_id, member_first_name, member_last_name,
      member_state_license, member_status, member_aor, office_key, office_mls_id, reciprocal)
    SELECT 'RANK-B', 'ZX901', 'Bruno', 'Quist', 'ZX900', 'Suspended', office_aor, office_key, office_mls_id, false
      FROM offices ORDER BY office_key LIMIT 1`);
  await t.db.execute(sql`INSERT INTO members (member_key, member_mls_id, member_first_name, member_last_name,
      member_state_license, member_status, member_aor, office_key, office_mls_id, reciprocal)
    SELECT 'RANK-C', 'ZX902', 'Carla', 'Quist', 'ZX900-7', 'Active', office_aor, office_key, office_mls_id, false
      FROM offices ORDER BY office_key LIMIT 1`);
});
afterAll(async () => t?.close());

const search = async (q: string, token = t.tokens.demo, path = 'searchagent', vendor?: number) => {
  const res = await t.call(token, 'GET', `/api/${path}/${encodeURIComponent(q)}`, undefined, vendor);
  return res;
};

describe('agent search', () => {
  it('ranks the exact member number first, then the exact license number, then number prefixes', async () => {
    const res = await search('zx900');
    expect(res.statusCode).toBe(200);
    const numbers = (res.json() as Agent[]).map((a) => a.memberNumber);
    expect(numbers.slice(0, 3)).toEqual(['ZX900', 'ZX901', 'ZX902']);
  });

  it('answers the fields of the agent with the office and its broker', async () => {
    const [a] = (await search('ZX900')).json() as Agent[];
    const [office] = await t.rows<{ office_name: string; office_broker_mls_id: string }>(
      sql`SELECT office_name, office_broker_mls_id FROM offices ORDER BY office_key LIMIT 1`,
    );
    expect(a).toMatchObject({
      firstName: 'Alma',
      lastName: 'Quist',
      memberNumber: 'ZX900',
      mlsId: 'RANK-A',
      licenseNumber: 'LIC-A1',
      status: 'Active',
      office: office!.office_name,
      memberAOR: null,
    });
    const [broker] = await t.rows<{ member_status: string }>(
      sql`SELECT member_status FROM members WHERE member_mls_id = ${office!.office_broker_mls_id}`,
    );
    expect(a!.broker).toMatchObject({
      memberNumber: office!.office_broker_mls_id,
      office: office!.office_name,
      status: broker!.member_status,
    });
  });

  it('matches names by prefix, case-insensitively, at most 20', async () => {
    const [m] = await t.rows<{ last: string }>(
      sql`SELECT member_last_name AS last FROM members WHERE NOT reciprocal GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const res = (await search(m!.last.toUpperCase())).json() as Agent[];
    expect(res).toHaveLength(20);
    expect(
      res.every(
        (a) =>
          a.lastName === m!.last ||
          `${a.firstName} ${a.lastName}`.toLowerCase().startsWith(m!.last.toLowerCase()),
      ),
    ).toBe(true);
    const full = (await search('alma qu')).json() as Agent[];
    expect(full[0]?.memberNumber).toBe('ZX900');
  });

  it('finds similar names when nothing starts with the text', async () => {
    const res = (await search('Alma Qwist')).json() as Agent[];
    expect(res[0]?.memberNumber).toBe('ZX900');
    const lastName = ((await search('Quistt')).json() as Agent[]).map((a) => a.memberNumber);
    expect(lastName).toEqual(expect.arrayContaining(['ZX900', 'ZX901', 'ZX902']));
  });

  it('matches a license number and a member number prefix', async () => {
    expect(((await search('lic-a1')).json() as Agent[])[0]?.memberNumber).toBe('ZX900');
    const [m] = await t.rows<{ n: string }>(
      sql`SELECT member_mls_id AS n FROM members WHERE NOT reciprocal ORDER BY 1 LIMIT 1`,
    );
    const prefix = ((await search(m!.n.slice(0, 5))).json() as Agent[]).map((a) => a.memberNumber);
    expect(prefix.length).toBeGreaterThan(0);
    expect(prefix.every((n) => n.startsWith(m!.n.slice(0, 5)))).toBe(true);
  });

  it('keeps own-roster and reciprocal searches apart', async () => {
    const own = (await search(t.agents.reciprocal)).json() as Agent[];
    expect(own.map((a) => a.memberNumber)).not.toContain(t.agents.reciprocal);
    const recip = await search(t.agents.reciprocal, t.tokens.demo, 'searchrecipagent');
    expect(recip.statusCode).toBe(200);
    const [first] = recip.json() as Agent[];
    expect(first?.memberNumber).toBe(t.agents.reciprocal);
    expect(first?.memberAOR).toBeTruthy();
    expect(
      ((await search('ZX900', t.tokens.demo, 'searchrecipagent')).json() as Agent[]).map(
        (a) => a.memberNumber,
      ),
    ).not.toContain('ZX900');
  });

  it('refuses reciprocal search to vendors not allowed it', async () => {
    const harbor = await search('smith', t.tokens.other, 'searchrecipagent');
    expect(harbor.statusCode).toBe(403);
    expect(harbor.json()).toEqual({ code: 403, message: WebsiteMessages.reciprocalNotAllowed });
    const west = await search('smith', t.tokens.demo, 'searchrecipagent', t.vendors.west);
    expect(west.statusCode).toBe(403);
  });

  it('answers an empty list for nothing found, and a 4xx for overlong text', async () => {
    expect((await search('qqqqqqqqzzzz')).json()).toEqual([]);
    expect((await search('%')).json()).toEqual([]);
    expect((await search('x'.repeat(100))).json()).toEqual([]);
    // Longer texts stop at Fastify's path-parameter limit: a client error either way, never a 500.
    expect([400, 414]).toContain((await search('x'.repeat(101))).statusCode);
  });
});

describe('agent by member number', () => {
  it('answers the agent', async () => {
    const res = await t.call(t.tokens.demo, 'GET', '/api/agent/ZX901');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ memberNumber: 'ZX901', status: 'Suspended', licenseNumber: 'ZX900' });
  });

  it("404 with the spec's message for an unknown member, and for a reciprocal agent without the right", async () => {
    const res = await t.call(t.tokens.demo, 'GET', '/api/agent/NOBODY');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: AgentSearchMessages.notFound });
    expect((await t.call(t.tokens.demo, 'GET', `/api/agent/${t.agents.reciprocal}`)).statusCode).toBe(200);
    expect((await t.call(t.tokens.other, 'GET', `/api/agent/${t.agents.reciprocal}`)).statusCode).toBe(404);
  });
});
