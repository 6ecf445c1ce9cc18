import type { AddressInfo } from 'node:net';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, TAB_HEADER, type LiveEvent } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { latestMailTo, PUBLIC_URL, tokenFromLink } from '../../test/helper.ts';
import { openLive, quietFor, subscribeLive } from '../../test/live-client.ts';
import { LIVE_PLAIN_REQUEST } from './live-server.ts';
import { createSite, setupPortal, type PortalTest } from '../modules/websites/test-fixture.ts';
import { forceStatus } from '../../test/licence.ts';

const event = (siteId: number | null = 7): LiveEvent => ({
  type: 'website',
  context: 'website',
  siteId,
  username: 'someone',
  action: 'update',
});

describe('the live channel', () => {
  let t: PortalTest;
  let base: string;
  beforeAll(async () => {
    t = await setupPortal();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('subscribes with a token and vendor, and delivers that vendor’s events to its sockets only', async () => {
    const demo = await subscribeLive(base, t.tokens.demo, t.vendors.summit);
    const viewer = await subscribeLive(base, t.tokens.viewer, t.vendors.summit);
    const other = await subscribeLive(base, t.tokens.other, t.vendors.harbor);
    const anonymous = await openLive(base);
    expect(demo.texts).toEqual(['Subscribed Successfully']);

    await t.app.ctx.live.publish({ vendorId: t.vendors.summit }, event());
    expect(await demo.nextEvent()).toEqual(event());
    expect(await viewer.nextEvent()).toEqual(event());
    expect(await quietFor(other)).toBe(true);
    expect(anonymous.texts).toEqual([]);

    // An internal note reaches staff only; a notification only its recipients.
    const admin = await subscribeLive(base, t.tokens.admin, t.vendors.summit);
    await t.app.ctx.live.publish({ vendorId: t.vendors.summit, staffOnly: true }, event(8));
    expect((await admin.nextEvent()).siteId).toBe(8);
    const [viewerUser] = await t.rows<{ id: number }>(sql`SELECT id FROM users WHERE username = 'viewer'`);
    await t.app.ctx.live.publish({ vendorId: t.vendors.summit, userIds: [viewerUser!.id] }, event(9));
    expect((await viewer.nextEvent()).siteId).toBe(9);
    expect(await quietFor(demo)).toBe(true);
    expect(demo.events.map((e) => e.siteId)).toEqual([7]);
    for (const c of [demo, viewer, other, anonymous, admin]) c.close();
  });

  it('staff hear every vendor’s site changes, and a staff decision reaches the vendor’s sockets', async () => {
    const staff = await subscribeLive(base, t.tokens.admin, t.vendors.harbor);
    const demo = await subscribeLive(base, t.tokens.demo, t.vendors.summit);
    const id = await createSite(t, t.agents.local[1]!);
    expect(await staff.nextEvent()).toMatchObject({ type: 'website', siteId: id, username: 'demo' });
    expect(await demo.nextEvent()).toMatchObject({ siteId: id });
    // Notifications are for their recipients only.
    const [demoUser] = await t.rows<{ id: number }>(sql`SELECT id FROM users WHERE username = 'demo'`);
    await t.app.ctx.live.publish(
      { vendorId: t.vendors.summit, userIds: [demoUser!.id] },
      { ...event(id), type: 'notification' },
    );
    expect((await demo.nextEvent()).type).toBe('notification');
    expect(await quietFor(staff)).toBe(true);

    const [version] = await t.rows<{ version: number }>(sql`SELECT version FROM websites WHERE id = ${id}`);
    const declined = await t.call(t.tokens.admin, 'POST', `/api/admin/websites/${id}/terminate`, {
      version: version!.version,
    });
    expect(declined.statusCode).toBe(409);
    expect(await quietFor(demo)).toBe(true);
    await forceStatus(t.db, id, 'Pending Termination');
    await t.db.execute(sql`UPDATE websites SET term_date = current_date WHERE id = ${id}`);
    const [again] = await t.rows<{ version: number }>(sql`SELECT version FROM websites WHERE id = ${id}`);
    const done = await t.call(t.tokens.admin, 'POST', `/api/admin/websites/${id}/terminate`, {
      version: again!.version,
    });
    expect(done.statusCode).toBe(200);
    // The vendor's users hear of it twice: their notification, and the site's change.
    const heard = [await demo.nextEvent(), await demo.nextEvent()];
    expect(heard.map((e) => e.type).sort()).toEqual(['notification', 'website']);
    expect(heard.find((e) => e.type === 'website')).toMatchObject({ siteId: id, username: 'admin' });
    staff.close();
    demo.close();
  });

  it('announces each successful website write to the vendor’s sockets, and nothing for a refused one', async () => {
    const demo = await subscribeLive(base, t.tokens.demo, t.vendors.summit);
    const other = await subscribeLive(base, t.tokens.other, t.vendors.harbor);
    const id = await createSite(t, t.agents.local[0]!);
    expect(await demo.nextEvent()).toEqual({
      type: 'website',
      context: 'website',
      siteId: id,
      username: 'demo',
      action: 'update',
    });
    const site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json();
    const save = { ...site, dba: 'Live Realty' };
    expect((await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', save)).statusCode).toBe(200);
    expect(await demo.nextEvent()).toMatchObject({ siteId: id, action: 'update' });
    // A stale save changes nothing and announces nothing.
    expect((await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', save)).statusCode).toBe(409);
    expect(await quietFor(demo)).toBe(true);
    expect((await t.call(t.tokens.demo, 'DELETE', `/api/portal/websites/${id}`)).statusCode).toBe(200);
    expect(await demo.nextEvent()).toMatchObject({ siteId: id, action: 'delete' });
    expect(other.events).toEqual([]);
    demo.close();
    other.close();
  });

  it('names the browser tab a write came from, when the call names a valid one', async () => {
    const demo = await subscribeLive(base, t.tokens.demo, t.vendors.summit);
    const id = await createSite(t, t.agents.local[0]!);
    await demo.nextEvent();
    const saveFrom = async (tab: string) => {
      const site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json();
      const res = await t.inject({
        method: 'PUT',
        url: '/api/portal/websites',
        headers: { ...t.auth(t.tokens.demo), [TAB_HEADER]: tab },
        payload: { ...site, dba: `From ${tab.slice(0, 8)}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return demo.nextEvent();
    };
    expect(await saveFrom('a1b2c3d4e5f6a7b8c9d0e1f2')).toMatchObject({
      siteId: id,
      tab: 'a1b2c3d4e5f6a7b8c9d0e1f2',
    });
    // A name that is not one (too long, or with other characters) is left out.
    expect(await saveFrom('x'.repeat(41))).not.toHaveProperty('tab');
    expect(await saveFrom('<script>alert(1)</script>')).not.toHaveProperty('tab');
    demo.close();
  });

  it('closes with 1011 on a bad token or a vendor the user may not act for', async () => {
    const bad = await openLive(base);
    bad.socket.send(
      JSON.stringify({ action: 'AUTHENTICATE', token: 'not-a-token', vendorId: t.vendors.summit }),
    );
    expect((await bad.closed).code).toBe(1011);

    const foreign = await openLive(base);
    foreign.socket.send(
      JSON.stringify({ action: 'AUTHENTICATE', token: t.tokens.demo, vendorId: t.vendors.harbor }),
    );
    expect((await foreign.closed).code).toBe(1011);

    const missing = await openLive(base);
    missing.socket.send(JSON.stringify({ action: 'AUTHENTICATE', token: t.tokens.admin, vendorId: 999_999 }));
    expect((await missing.closed).code).toBe(1011);
  });

  it('closes a socket that sends garbage, a huge frame or a flood, and stays up', async () => {
    const garbage = await openLive(base);
    garbage.socket.send('{"action":');
    expect((await garbage.closed).code).toBe(1008);

    const binary = await openLive(base);
    binary.socket.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(1008);

    const huge = await openLive(base);
    huge.socket.send('x'.repeat(1024 * 1024));
    expect((await huge.closed).code).toBe(1009);

    const flood = await subscribeLive(base, t.tokens.demo, t.vendors.summit);
    const auth = JSON.stringify({ action: 'AUTHENTICATE', token: t.tokens.demo, vendorId: t.vendors.summit });
    for (let i = 0; i < 50; i++) if (flood.socket.readyState === WebSocket.OPEN) flood.socket.send(auth);
    expect((await flood.closed).code).toBe(1008);

    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  });

  it('answers a plain request with 426 and what the address is', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/websocket' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({ code: 426, message: LIVE_PLAIN_REQUEST });
  });

  it("closes at once a socket from another site's page, naming the portal's address", async () => {
    const evil = await openLive(base, 'https://evil.example');
    expect(await evil.closed).toEqual({ code: 4403, reason: PUBLIC_URL });
    const lookalike = await openLive(base, `https://evil.example/${base.replace(/^http:\/\//, '')}`);
    expect((await lookalike.closed).code).toBe(4403);
  });

  it('accepts the page of the host the socket asks for, though not the public address', async () => {
    // The portal opened at http://127.0.0.1:PORT while its public address is another name.
    const client = await openLive(base, base);
    client.socket.send(
      JSON.stringify({ action: 'AUTHENTICATE', token: t.tokens.demo, vendorId: t.vendors.summit }),
    );
    await expect.poll(() => client.texts).toEqual(['Subscribed Successfully']);
    client.close();
  });

  it('closes the sockets of a session that ends, as it ends', async () => {
    const token = await t.login('demo');
    const client = await subscribeLive(base, token, t.vendors.summit);
    const out = await t.inject({ method: 'POST', url: '/api/logout', headers: t.auth(token) });
    expect(out.statusCode).toBe(200);
    expect((await client.closed).code).toBe(1011);
  });

  it('closes the sockets of a user who may no longer act for the vendor', async () => {
    const token = await t.login('viewer');
    const client = await subscribeLive(base, token, t.vendors.summit);
    const [user] = await t.rows<{ id: number }>(sql`SELECT id FROM users WHERE username = 'viewer'`);
    await t.db.execute(sql`UPDATE users SET active = false WHERE id = ${user!.id}`);
    try {
      await t.app.sessions.userChanged(user!.id);
      expect((await client.closed).code).toBe(1011);
    } finally {
      await t.db.execute(sql`UPDATE users SET active = true WHERE id = ${user!.id}`);
      await t.app.sessions.userChanged(user!.id);
    }
  });

  it('closes the sockets of a vendor that MLS staff suspend', async () => {
    const token = await t.login('other');
    const client = await subscribeLive(base, token, t.vendors.harbor);
    const suspend = await t.call(t.tokens.admin, 'POST', `/api/admin/vendors/${t.vendors.harbor}/suspend`);
    try {
      expect(suspend.statusCode, suspend.body).toBe(200);
      expect((await client.closed).code).toBe(1011);
    } finally {
      await t.call(t.tokens.admin, 'POST', `/api/admin/vendors/${t.vendors.harbor}/reinstate`);
    }
  });

  it('closes a socket that never authenticates', async () => {
    const silent = await openLive(base);
    // The server's wait is 10 s; a socket that says nothing is not kept.
    expect((await silent.closed).code).toBe(1011);
  }, 15_000);

  // Last: it changes demo's password.
  it('closes the sockets of a user whose password is reset through a mailed link', async () => {
    const token = await t.login('demo');
    const client = await subscribeLive(base, token, t.vendors.summit);
    await t.inject({ method: 'POST', url: '/api/forgotpassword', payload: { username: 'demo' } });
    const mail = await latestMailTo(t, 'demo@summitweb.example');
    const reset = await t.inject({
      method: 'PUT',
      url: '/api/profile/resetpassword',
      payload: { token: tokenFromLink(mail!.text, '/password'), password: 'a-brand-new-secret' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await client.closed).code).toBe(1011);
  });
});

describe('a live socket and its session’s limits', () => {
  const MINUTE = 60_000;
  let offset = 0;
  let t: PortalTest;
  let base: string;
  beforeAll(async () => {
    t = await setupPortal({
      sessionOptions: { now: () => Date.now() + offset, cacheTtlMs: 0 },
      // Sessions are checked often; the pings keep their own pace, so a loaded machine that is
      // slow to answer one does not drop the socket this test watches.
      liveSessionCheckMs: 100,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('closes a socket when its session has been idle past the limit', async () => {
    offset = 0;
    const token = await t.login('viewer');
    const client = await subscribeLive(base, token, t.vendors.summit);
    offset = SESSION_IDLE_MS + MINUTE;
    expect(await client.closed).toEqual({ code: 1011, reason: 'Session expired' });
  });

  it('keeps a socket open while the user is active elsewhere, and closes it at the absolute limit', async () => {
    offset = 0;
    const token = await t.login('other');
    const client = await subscribeLive(base, token, t.vendors.harbor);
    // Requests every 50 minutes keep the session from idling out, until its twelve hours are up.
    for (let at = 50 * MINUTE; at < SESSION_ABSOLUTE_MS; at += 50 * MINUTE) {
      offset = at;
      const profile = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(token) });
      expect(profile.statusCode, `at ${at / MINUTE} min`).toBe(200);
      offset = at + 15 * MINUTE;
      await new Promise((r) => setTimeout(r, 250));
      expect(client.socket.readyState, `at ${at / MINUTE + 15} min`).toBe(WebSocket.OPEN);
    }
    offset = SESSION_ABSOLUTE_MS + MINUTE;
    expect(await client.closed).toEqual({ code: 1011, reason: 'Session expired' });
  });
});
