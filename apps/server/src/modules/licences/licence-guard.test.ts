import {
  LicenceMessages,
  WebsiteMessages,
  WebsiteServerMessages,
  type Team,
  type Website,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forceStatus } from '../../../test/licence.ts';
import {
  createSite,
  dayFromToday,
  readSite,
  saveSite,
  setupPortal,
  type PortalTest,
} from '../websites/test-fixture.ts';

/**
 * A site receives listing data (Active, Pending Termination) only under a licence an MLS decision
 * granted for exactly its terms. The walk-arounds an outside review found, each refused; and the
 * database's own guard, refusing writes made past every service.
 */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const demo = () => t.tokens.demo;

const getSite = (id: number) => readSite(t, id);
const save = (id: number, changes: Partial<Website>, token = demo()) => saveSite(t, id, changes, token);

/** A site of the demo vendor put in `status` as a starting point (licensed when Active). */
async function siteIn(status: Website['status'], products = [1], agent = t.agents.local[20]!) {
  const id = await createSite(t, agent, products, 'licence');
  await t.rows(sql`UPDATE websites SET start_date = ${dayFromToday(-400)} WHERE id = ${id}`);
  await forceStatus(t.db, id, status);
  return id;
}

const currentLicence = async (id: number) =>
  (
    await t.rows<{ granted_by: string; terms: { agent: string; products: number[] } }>(
      sql`SELECT granted_by, terms FROM licences WHERE website_id = ${id} AND ended_at IS NULL`,
    )
  )[0];

const requestTermination = (id: number) =>
  t.call(demo(), 'POST', `/api/portal/websites/${id}/termination`, {
    termDate: dayFromToday(30),
    reason: 'Closing the office.',
  });
const withdraw = (id: number) =>
  t.call(demo(), 'POST', `/api/portal/websites/${id}/termination/withdraw`, {});

describe('the walk-arounds of the outside review', () => {
  it('1. no agent swap on an Active site through Pending Termination and back', async () => {
    const id = await siteIn('Active');
    const licensedAgent = (await getSite(id)).memberNumber;
    expect((await requestTermination(id)).statusCode).toBe(200);

    // Starting a new licensing round is the vendor's to take; it ends the licence.
    const round = await save(id, {
      status: 'Pending Activation',
      memberNumber: t.agents.local[21]!,
      termDate: null,
    });
    expect(round.statusCode, round.body).toBe(200);
    expect(await currentLicence(id)).toBeUndefined();

    // Back to Pending Termination with the other agent: no licence covers it.
    const back = await save(id, { status: 'Pending Termination', termDate: dayFromToday(30) });
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json().message).toBe(LicenceMessages.noLicence);
    expect((await withdraw(id)).statusCode).toBeGreaterThanOrEqual(400);

    const site = await getSite(id);
    expect(site.status).toBe('Pending Activation');
    expect(site.memberNumber).not.toBe(licensedAgent);
  });

  it('2. a terminated site is not revived without the MLS', async () => {
    const id = await siteIn('Active');
    await forceStatus(t.db, id, 'Inactive');
    expect((await save(id, { status: 'Pending Activation', termDate: null })).statusCode).toBe(200);
    const back = await save(id, { status: 'Pending Termination', termDate: dayFromToday(20) });
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json().message).toBe(LicenceMessages.noLicence);
    expect((await withdraw(id)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await getSite(id)).status).toBe('Pending Activation');
  });

  it('3. the product of an Active site does not change by a save', async () => {
    const id = await siteIn('Active', [1]);
    const res = await save(id, { products: [3] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(WebsiteServerMessages.useRequest('product'));
    expect((await getSite(id)).products).toEqual([1]);
    // What is not licensed still saves.
    expect((await save(id, { dba: 'Harbor Lights Realty' })).statusCode).toBe(200);
  });

  it('4. the team of an Active team site does not change without the MLS', async () => {
    const primary = t.agents.local[22]!;
    const id = await siteIn('Active', [2], primary);
    const team = (await t.call(demo(), 'GET', `/api/websites/${id}/team`)).json() as Team;
    const res = await t.call(demo(), 'PUT', `/api/websites/${id}/team`, {
      siteId: id,
      primary,
      memberIds: [...team.memberIds, t.agents.local[23]!],
      version: team.version,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(WebsiteServerMessages.useRequest('team'));
    const after = (await t.call(demo(), 'GET', `/api/websites/${id}/team`)).json() as Team;
    expect(after.memberIds).toEqual(team.memberIds);
    expect((await getSite(id)).status).toBe('Active');
  });

  it('a termination is withdrawn while the licence still covers the site', async () => {
    const id = await siteIn('Active');
    expect((await requestTermination(id)).statusCode).toBe(200);
    const res = await withdraw(id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await getSite(id)).status).toBe('Active');
  });
});

describe('MLS decisions grant and end licences', () => {
  it('staff changing an Active site’s agent is the decision: a new licence for the new terms', async () => {
    const id = await siteIn('Active');
    const before = await currentLicence(id);
    const agent = t.agents.local[24]!;
    const res = await save(id, { memberNumber: agent }, t.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    const after = await currentLicence(id);
    expect(after).toMatchObject({ granted_by: 'staff edit', terms: { agent } });
    expect(before?.terms.agent).not.toBe(agent);
    const [ended] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM licences WHERE website_id = ${id} AND end_reason = 'replaced'`,
    );
    expect(ended!.n).toBe(1);
  });

  it('staff moving a site without a signed form straight to Pending Termination are refused (found by the model)', async () => {
    const id = await siteIn('Pending Activation');
    const res = await save(
      id,
      { status: 'Pending Termination', memberNumber: t.agents.local[25]!, termDate: dayFromToday(26) },
      t.tokens.admin,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(WebsiteMessages.activationNeedsSaf);
    expect(await currentLicence(id)).toBeUndefined();
    expect((await getSite(id)).status).toBe('Pending Activation');
  });

  it('a vendor cannot make a site Active, whatever it sends', async () => {
    const id = await siteIn('Pending Activation');
    const res = await save(id, { status: 'Active' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((await getSite(id)).status).toBe('Pending Activation');
  });
});

describe('the database holds the rule past every service', () => {
  /** Runs a write in a transaction of its own; the error it ends with, if any. */
  async function refusal(write: ReturnType<typeof sql>): Promise<unknown> {
    try {
      await t.db.transaction(async (tx) => {
        await tx.execute(write);
      });
      return null;
    } catch (err) {
      return err;
    }
  }
  const codeOf = (err: unknown): unknown => {
    for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string') return code;
    }
    return undefined;
  };

  it('refuses a site made Active without a licence', async () => {
    const id = await siteIn('Pending Activation');
    const err = await refusal(sql`UPDATE websites SET status = 'Active' WHERE id = ${id}`);
    expect(codeOf(err)).toBe('23514');
    expect((await getSite(id)).status).toBe('Pending Activation');
  });

  it('refuses a licensed site’s agent, product or domain changed under its licence', async () => {
    const id = await siteIn('Active');
    for (const write of [
      sql`UPDATE websites SET member_number = ${t.agents.local[25]!} WHERE id = ${id}`,
      sql`UPDATE websites SET products = '{3}' WHERE id = ${id}`,
      sql`UPDATE websites SET domain_name = ${`moved-${id}.example.com`} WHERE id = ${id}`,
      sql`UPDATE websites SET status = 'Pending Termination', reciprocal = NOT reciprocal WHERE id = ${id}`,
    ]) {
      expect(codeOf(await refusal(write))).toBe('23514');
    }
    // A field outside the terms is free.
    expect(await refusal(sql`UPDATE websites SET dba = 'Corner Office' WHERE id = ${id}`)).toBeNull();
  });

  it('refuses a team member added to a licensed team site', async () => {
    const id = await siteIn('Active', [2], t.agents.local[26]!);
    const err = await refusal(
      sql`INSERT INTO website_team_members (website_id, member_number) VALUES (${id}, ${t.agents.local[27]!})`,
    );
    expect(codeOf(err)).toBe('23514');
  });

  it('refuses a licence ended, rewritten or deleted while its site is Active', async () => {
    const id = await siteIn('Active');
    for (const write of [
      sql`UPDATE licences SET ended_at = now(), end_reason = 'terminated' WHERE website_id = ${id} AND ended_at IS NULL`,
      sql`UPDATE licences SET terms_hash = 'x' WHERE website_id = ${id}`,
      sql`DELETE FROM licences WHERE website_id = ${id}`,
    ]) {
      expect(codeOf(await refusal(write))).toBe('23514');
    }
    expect(await currentLicence(id)).toBeDefined();
  });

  it('lets a site leave Active with its licence ended in the same transaction', async () => {
    const id = await siteIn('Active');
    const err =
      await refusal(sql`WITH s AS (UPDATE websites SET status = 'Inactive' WHERE id = ${id} RETURNING id)
      UPDATE licences SET ended_at = now(), end_reason = 'terminated' WHERE website_id IN (SELECT id FROM s) AND ended_at IS NULL`);
    expect(err).toBeNull();
  });
});
