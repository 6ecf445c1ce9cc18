import { Messages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/**
 * The console's account calls exist for the admin role only: every one of them, tried as a vendor,
 * a read-only user and one who has not accepted the terms, answers 404, and without a session 401.
 */

const PREFIXES = [
  '/api/admin/vendors',
  '/api/admin/users',
  '/api/admin/invitations',
  '/api/admin/document-types',
];

let t: PortalTest;
let newbie: string;
beforeAll(async () => {
  t = await setupPortal();
  newbie = await t.login('newbie');
});
afterAll(async () => t?.close());

function routes() {
  return t.app.routeAccess
    .filter((r) => r.method !== 'HEAD' && PREFIXES.some((p) => r.url === p || r.url.startsWith(`${p}/`)))
    .map((r) => ({ ...r, path: r.url.replace(/:id/g, String(t.vendors.summit)) }));
}

describe('the console account calls', () => {
  it('are all declared staff-only', () => {
    const found = routes();
    expect(found.length).toBeGreaterThanOrEqual(20);
    for (const r of found) expect(r.access, `${r.method} ${r.url}`).toBe('staff');
  });

  it('answer 404 to a vendor, a read-only user and one who has not accepted the terms, and change nothing', async () => {
    for (const r of routes()) {
      for (const token of [t.tokens.demo, t.tokens.viewer, t.tokens.other, newbie]) {
        const res = await t.call(token, r.method as 'GET', r.path, r.method === 'GET' ? undefined : {});
        expect(res.statusCode, `${r.method} ${r.path}`).toBe(404);
        expect(res.json()).toEqual({ code: 404, message: Messages.notFound });
      }
    }
    const [vendor] = await t.rows<{ active: boolean }>(
      sql`SELECT active FROM vendors WHERE id = ${t.vendors.summit}`,
    );
    expect(vendor!.active).toBe(true);
    const [changes] = await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM account_changes`);
    expect(changes!.n).toBe(0);
  });

  it('answer 401 without a session', async () => {
    for (const r of routes()) {
      const res = await t.inject({
        method: r.method as 'GET',
        url: r.path,
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${r.method} ${r.path}`).toBe(401);
    }
  });

  it('answer the admin role', async () => {
    for (const r of routes().filter((x) => x.method === 'GET')) {
      const res = await t.call(t.tokens.admin, 'GET', r.path);
      expect(res.statusCode, `${r.method} ${r.path}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('are in the API document under their own tag', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.tags.map((x: { name: string }) => x.name)).toContain('staff-accounts');
    for (const r of routes()) {
      const path = r.url.replace(/:id/g, '{id}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${path}`).toBeDefined();
      // A vendor's keys and endpoints are listed with their own modules' calls.
      const tag = /\/(api-keys|webhooks)$/.exec(r.url)?.[1] ?? 'staff-accounts';
      expect(op.tags).toEqual([tag]);
    }
  });
});
