import {
  ComplianceMessages,
  ComplianceRuleSetMessages,
  type ProductRuleSet,
  type RuleSetVersion,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/**
 * The console's rule sets: a save made from a version that is no longer current is refused, and a
 * product's saved versions are listed newest first.
 */

const URL = '/api/admin/compliance/rule-sets';
const ANSWERS = [{ id: 'answers', kind: 'answers' }];

let t: PortalTest;

beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => {
  await t.close();
});

async function currentVersion(productId: number): Promise<number> {
  const [row] = await t.rows<{ v: number }>(
    sql`SELECT coalesce(max(version), 0)::int AS v FROM compliance_rule_sets WHERE product_id = ${productId}`,
  );
  return row!.v;
}

describe('a save from a version', () => {
  it('is saved when it started from the current version', async () => {
    const base = await currentVersion(1);
    const res = await t.call(t.tokens.admin, 'PUT', `${URL}/1`, {
      rules: ANSWERS,
      graceDays: 10,
      baseVersion: base,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ProductRuleSet).current).toMatchObject({ version: base + 1, graceDays: 10 });
  });

  it('is refused with 409 and nothing saved when someone saved another version since', async () => {
    const base = await currentVersion(1);
    // Someone else saves first.
    const first = await t.call(t.tokens.admin, 'PUT', `${URL}/1`, { rules: ANSWERS, baseVersion: base });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await t.call(t.tokens.admin, 'PUT', `${URL}/1`, {
      rules: [{ id: 'licensee', kind: 'licensee' }],
      baseVersion: base,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 409, message: ComplianceRuleSetMessages.stale(base + 1) });
    expect(await currentVersion(1)).toBe(base + 1);
  });

  it('without a base version, saves whatever is current (as before)', async () => {
    const base = await currentVersion(1);
    const res = await t.call(t.tokens.admin, 'PUT', `${URL}/1`, { rules: ANSWERS });
    expect(res.statusCode, res.body).toBe(200);
    expect(await currentVersion(1)).toBe(base + 1);
  });

  it('a first rule set is set up from version 0, and refused from 0 once one exists', async () => {
    await t.db.execute(sql`DELETE FROM compliance_rule_sets WHERE product_id = 2`);
    const sets = (await t.call(t.tokens.admin, 'GET', URL)).json() as ProductRuleSet[];
    expect(sets.find((s) => s.productId === 2)?.current).toBeNull();
    const first = await t.call(t.tokens.admin, 'PUT', `${URL}/2`, { rules: ANSWERS, baseVersion: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as ProductRuleSet).current?.version).toBe(1);
    const again = await t.call(t.tokens.admin, 'PUT', `${URL}/2`, { rules: ANSWERS, baseVersion: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ComplianceRuleSetMessages.stale(1));
  });

  it('a number out of range is refused with the field’s own message', async () => {
    const res = await t.call(t.tokens.admin, 'PUT', `${URL}/1`, { rules: ANSWERS, graceDays: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ComplianceMessages.graceDays);
    const hours = await t.call(t.tokens.admin, 'PUT', `${URL}/1`, {
      rules: [{ id: 'fresh', kind: 'freshness', maxHours: 1000 }],
    });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().message).toBe(ComplianceMessages.maxHours);
  });
});

describe('a product’s versions', () => {
  it('are listed newest first, each with who saved it, its rules counted and its grace days', async () => {
    await t.call(t.tokens.admin, 'PUT', `${URL}/3`, {
      rules: [...ANSWERS, { id: 'licensee', kind: 'licensee' }],
      graceDays: 21,
    });
    const res = await t.call(t.tokens.admin, 'GET', `${URL}/3/versions`);
    expect(res.statusCode, res.body).toBe(200);
    const versions = res.json() as RuleSetVersion[];
    const current = await currentVersion(3);
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: current }, (_, i) => current - i));
    expect(versions[0]).toMatchObject({ version: current, ruleCount: 2, graceDays: 21 });
    expect(versions[0]!.createdBy).toBeTruthy();
    expect(Number.isNaN(Date.parse(versions[0]!.createdAt))).toBe(false);
  });

  it('a product without rules has none; an unknown product is 404', async () => {
    await t.db.execute(sql`DELETE FROM compliance_rule_sets WHERE product_id = 2`);
    const none = await t.call(t.tokens.admin, 'GET', `${URL}/2/versions`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual([]);
    const unknown = await t.call(t.tokens.admin, 'GET', `${URL}/999/versions`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ComplianceRuleSetMessages.productNotFound);
  });

  it('to a vendor or a read-only user the call does not exist', async () => {
    for (const token of [t.tokens.demo, t.tokens.viewer])
      expect((await t.call(token, 'GET', `${URL}/1/versions`)).statusCode).toBe(404);
  });

  it('is documented with the console’s calls', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.paths['/api/admin/compliance/rule-sets/{productId}/versions']?.get?.tags).toEqual(['console']);
  });
});
