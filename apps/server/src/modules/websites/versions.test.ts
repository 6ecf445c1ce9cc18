import { StaleMessages, type Website, type WebsiteDetail } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, setupPortal, type PortalTest } from './test-fixture.ts';
import { forceStatus } from '../../../test/licence.ts';

/** No silent overwrite: a save names the version it was made from; one made from a stale copy is refused. */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const read = async (id: number) =>
  (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json() as WebsiteDetail;

function saveOf(site: Website, changes: Partial<Website> = {}) {
  const next = { ...site, ...changes };
  return {
    rowKey: next.rowKey,
    domainName: next.domainName,
    memberNumber: next.memberNumber,
    status: next.status,
    startDate: next.startDate,
    termDate: next.termDate,
    dba: next.dba,
    products: next.products,
    version: next.version,
  };
}

async function stored(id: number) {
  const [row] = await t.rows<{ dba: string; version: number; entries: number }>(
    sql`SELECT dba, version, (SELECT count(*)::int FROM website_changes WHERE website_id = ${id}) AS entries
      FROM websites WHERE id = ${id}`,
  );
  return row!;
}

describe('website versions', () => {
  it('answers the version on every read, starting at 1', async () => {
    const id = await createSite(t, t.agents.local[0]!);
    expect((await read(id)).version).toBe(1);
    const list = await t.call(
      t.tokens.demo,
      'GET',
      '/api/portal/websites?pageSize=200&sort=startDate&order=desc',
    );
    const listed = (list.json() as { items: Website[] }).items.find((s) => s.rowKey === id);
    expect(listed?.version).toBe(1);
  });

  it('refuses the second of two saves made from the same version (409); the row holds the first', async () => {
    const id = await createSite(t, t.agents.local[0]!);
    const loaded = await read(id);
    const first = await t.call(
      t.tokens.demo,
      'PUT',
      '/api/portal/websites',
      saveOf(loaded, { dba: 'First' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as Website).version).toBe(loaded.version + 1);
    const before = await stored(id);

    const second = await t.call(
      t.tokens.admin,
      'PUT',
      '/api/portal/websites',
      saveOf(loaded, { dba: 'Second' }),
      t.vendors.summit,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 409, message: StaleMessages.website });
    expect(await stored(id)).toEqual(before);
    expect(before.dba).toBe('First');

    // Saved again from the version it now has, it goes through.
    const again = await t.call(
      t.tokens.demo,
      'PUT',
      '/api/portal/websites',
      saveOf(await read(id), { dba: 'Second' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await stored(id)).dba).toBe('Second');
  });

  it('refuses a stale save even when it changes nothing, and one from a version never reached', async () => {
    const id = await createSite(t, t.agents.local[0]!);
    const loaded = await read(id);
    expect(
      (await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', saveOf(loaded, { dba: 'x' }))).statusCode,
    ).toBe(200);
    expect((await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', saveOf(loaded))).statusCode).toBe(409);
    const ahead = saveOf(await read(id), { dba: 'y' });
    expect(
      (await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', { ...ahead, version: ahead.version + 5 }))
        .statusCode,
    ).toBe(409);
  });

  it('requires the version on a save (400)', async () => {
    const id = await createSite(t, t.agents.local[0]!);
    const { version: _v, ...body } = saveOf(await read(id), { dba: 'z' });
    const res = await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', body);
    expect(res.statusCode).toBe(400);
    expect((await stored(id)).dba).not.toBe('z');
  });

  it('is raised by a change that is not a save (a termination request), which makes an open form stale', async () => {
    const id = await createSite(t, t.agents.local[0]!);
    await forceStatus(t.db, id, 'Active');
    const loaded = await read(id);
    const ended = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/termination`, {
      termDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((ended.json() as Website).version).toBe(loaded.version + 1);
    const stale = await t.call(
      t.tokens.demo,
      'PUT',
      '/api/portal/websites',
      saveOf(loaded, { dba: 'stale' }),
    );
    expect(stale.statusCode).toBe(409);
  });

  it('is not raised by a roster change that only refreshes the sort keys', async () => {
    const id = await createSite(t, t.agents.local[0]!);
    const before = (await read(id)).version;
    await t.rows(
      sql`UPDATE members SET member_first_name = member_first_name || 'x' WHERE member_mls_id = ${t.agents.local[0]!}`,
    );
    expect((await read(id)).version).toBe(before);
  });
});
