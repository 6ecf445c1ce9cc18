import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, type Website } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusEvents } from '../../platform/events.ts';
import { multipart, samples } from '../documents/test-fixture.ts';
import { notify } from './notify.ts';
import { createSite, setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/**
 * Which changes make notifications, for whom: the vendor's users but never the one who acted; MLS
 * staff for what a vendor writes; an internal note for staff only. Each user's settings decide.
 */

let t: PortalTest;
let ids: Record<string, number>;
let events: BusEvents['live.event'][];
beforeAll(async () => {
  t = await setupPortal();
  // A second member of MLS staff, who hears of another's internal notes (no login needed).
  await t.rows(
    sql`INSERT INTO users (username, role, email, first_name) VALUES ('staff2', 'admin', 'staff2@mls.example', 'Sam')`,
  );
  const rows = await t.rows<{ id: number; username: string }>(sql`SELECT id, username FROM users`);
  ids = Object.fromEntries(rows.map((r) => [r.username, r.id]));
  events = [];
  t.app.ctx.bus.subscribe('live.event', (e) => events.push(e));
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.rows(sql`DELETE FROM notifications`);
  await t.rows(sql`DELETE FROM notification_settings`);
  events.length = 0;
});

interface Row {
  user: string;
  topic: string;
  content: string;
  link: string;
  shown: boolean;
  wants_email: boolean;
}
async function made(): Promise<Row[]> {
  return t.rows<Row>(
    sql`SELECT u.username AS user, n.topic, n.content, n.link, n.dismissed_at IS NULL AS shown, n.wants_email
      FROM notifications n JOIN users u ON u.id = n.user_id ORDER BY n.id`,
  );
}
const whoHeard = async () => [...new Set((await made()).map((r) => r.user))].sort();
const notificationEvents = () => events.filter((e) => e.event.type === 'notification');

async function setSettings(who: 'demo' | 'viewer', settings: NotificationSettings) {
  const res = await t.call(t.tokens[who], 'PUT', '/api/profile/preferences/notifications', settings);
  expect(res.statusCode, res.body).toBe(200);
}

describe('websites', () => {
  it('a vendor’s new site: the vendor’s other users hear of it, the creator and staff do not', async () => {
    const id = await createSite(t, t.agents.local[0]!, [1], 'heard');
    expect(await whoHeard()).toEqual(['newbie', 'viewer']);
    const [row] = await made();
    expect(row).toMatchObject({ topic: 'websites.create', link: `/notifications?site=${id}`, shown: true });
    expect(row!.content).toMatch(/^Summit Web Solutions: heard-.* was created by demo$/);
    expect(notificationEvents()).toEqual([
      {
        target: { vendorId: t.vendors.summit, userIds: [ids.viewer, ids.newbie] },
        event: { type: 'notification', context: 'vendor', siteId: id, username: 'demo', action: 'update' },
      },
    ]);
  });

  it('a change by MLS staff says so, and reaches every user of the vendor', async () => {
    const id = await createSite(t, t.agents.local[0]!, [1], 'staffed');
    await t.rows(sql`DELETE FROM notifications`);
    const site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json() as Website;
    const res = await t.call(
      t.tokens.admin,
      'PUT',
      '/api/portal/websites',
      { ...site, dba: 'Renamed by the MLS' },
      t.vendors.summit,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await whoHeard()).toEqual(['demo', 'newbie', 'viewer']);
    const [row] = await made();
    expect(row!.topic).toBe('websites.modify');
    expect(row!.content).toBe(`Summit Web Solutions: MLS staff (admin) changed ${site.domainName}`);
  });

  it('requests and deletes are told too; a deleted site links to the dashboard', async () => {
    const id = await createSite(t, t.agents.local[0]!, [1], 'gone');
    await t.rows(sql`DELETE FROM notifications`);
    expect((await t.call(t.tokens.demo, 'DELETE', `/api/portal/websites/${id}`)).statusCode).toBe(200);
    const rows = await made();
    expect(rows.map((r) => [r.user, r.topic, r.link])).toEqual([
      ['viewer', 'websites.delete', '/dashboard'],
      ['newbie', 'websites.delete', '/dashboard'],
    ]);
  });

  it('a refused change tells nobody', async () => {
    const id = await createSite(t, t.agents.local[0]!, [1], 'refused');
    await t.rows(sql`DELETE FROM notifications`);
    events.length = 0;
    const site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json() as Website;
    const stale = await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', {
      ...site,
      dba: 'x',
      version: site.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(await made()).toEqual([]);
    expect(notificationEvents()).toEqual([]);
  });
});

describe('settings', () => {
  it('off for a topic: no row and no event for that user', async () => {
    await setSettings('viewer', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      websites: { ...DEFAULT_NOTIFICATION_SETTINGS.websites, create: { email: false, push: false } },
    });
    await createSite(t, t.agents.local[0]!, [1], 'quiet');
    expect(await whoHeard()).toEqual(['newbie']);
    expect(notificationEvents()[0]!.target.userIds).toEqual([ids.newbie]);
  });

  it('email only: a row that never shows in the drawer and waits for the digest, and no event', async () => {
    await setSettings('viewer', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      websites: { ...DEFAULT_NOTIFICATION_SETTINGS.websites, create: { email: true, push: false } },
    });
    await createSite(t, t.agents.local[0]!, [1], 'mailed');
    const viewerRow = (await made()).find((r) => r.user === 'viewer');
    expect(viewerRow).toMatchObject({ shown: false, wants_email: true });
    expect((await t.call(t.tokens.viewer, 'GET', '/api/notifications')).json().unread).toBe(0);
    expect(notificationEvents()[0]!.target.userIds).toEqual([ids.newbie]);
  });

  it('stored choices that do not read as one fall back to the default, item by item', async () => {
    // Rows as an older build may have left them: the topic's item malformed for one user, and for
    // the other a valid "off" beside junk elsewhere.
    await t.rows(sql`INSERT INTO notification_settings (user_id, settings) VALUES
      (${ids.viewer}, ${JSON.stringify({ websites: { create: { email: 'yes', push: true } } })}::jsonb),
      (${ids.newbie}, ${JSON.stringify({ websites: { create: { email: false, push: false }, modify: 7 }, files: [] })}::jsonb)`);
    await createSite(t, t.agents.local[0]!, [1], 'fallback');
    const fallback = DEFAULT_NOTIFICATION_SETTINGS.websites.create;
    const viewerRow = (await made()).find((r) => r.user === 'viewer');
    expect(viewerRow).toMatchObject({ shown: fallback.push, wants_email: fallback.email });
    expect(await whoHeard()).toEqual(['viewer']);
  });

  it('a long change is cut to 500 characters, vendor name first', async () => {
    const notice = await notify(t.app.ctx.db, {
      vendorId: t.vendors.summit,
      websiteId: null,
      topic: 'comments.vendorCreate',
      content: 'x'.repeat(600),
      actor: { userId: ids.admin!, username: 'admin' },
    });
    expect(notice.pushUserIds).toEqual([ids.demo, ids.newbie, ids.viewer].sort((a, b) => a! - b!));
    const [row] = await made();
    expect(row).toBeDefined();
    expect(row!.content.length).toBe(500);
    expect(row!.content.startsWith('Summit Web Solutions: ')).toBe(true);
    expect(row!.content.endsWith('…')).toBe(true);
  });
});

describe('comments', () => {
  it('a vendor’s comment on a website reaches the vendor’s other users and MLS staff', async () => {
    const id = await createSite(t, t.agents.local[0]!, [1], 'talked');
    await t.rows(sql`DELETE FROM notifications`);
    events.length = 0;
    const res = await t.call(t.tokens.demo, 'POST', `/api/website/${id}/comments`, {
      comment: '<b>Live?</b>',
    });
    expect(res.statusCode).toBe(201);
    expect(await whoHeard()).toEqual(['admin', 'newbie', 'staff2', 'viewer']);
    const rows = await made();
    expect(new Set(rows.map((r) => r.topic))).toEqual(new Set(['comments.websiteCreate']));
    expect(rows[0]!.content).toMatch(/^Summit Web Solutions: demo wrote on talked-.*: <b>Live\?<\/b>$/);
  });

  it('a vendor-level comment of MLS staff reaches the vendor’s users only', async () => {
    const res = await t.call(
      t.tokens.admin,
      'POST',
      '/api/comments',
      { comment: 'Renewal is due' },
      t.vendors.summit,
    );
    expect(res.statusCode).toBe(201);
    expect(await whoHeard()).toEqual(['demo', 'newbie', 'viewer']);
    expect((await made())[0]!.topic).toBe('comments.vendorCreate');
  });

  it('an internal note reaches other staff only: no vendor row, no event for a vendor user', async () => {
    const res = await t.call(
      t.tokens.admin,
      'POST',
      '/api/comments',
      { comment: 'Check their insurance', public: false },
      t.vendors.summit,
    );
    expect(res.statusCode).toBe(201);
    expect(await whoHeard()).toEqual(['staff2']);
    expect((await made())[0]!.content).toBe(
      'Summit Web Solutions: Internal note by admin: Check their insurance',
    );
    const sent = notificationEvents();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.target).toEqual({ vendorId: t.vendors.summit, userIds: [ids.staff2], staffOnly: true });
    for (const e of events) expect(e.target.staffOnly, JSON.stringify(e)).toBe(true);
  });
});

describe('files', () => {
  async function upload(website?: number) {
    // Type 3 is the W-9 (vendor-level), 5 the Website Screenshot (migration 0012).
    const { payload, headers } = multipart([
      { name: 'documentType', value: website ? '5' : '3' },
      ...(website ? [{ name: 'website', value: String(website) }] : []),
      {
        name: 'file',
        file: website
          ? { filename: 'shot.png', data: samples.png() }
          : { filename: 'w9.pdf', data: samples.pdf() },
      },
    ]);
    const res = await t.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...t.auth(t.tokens.demo), ...headers },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { document: { rowKey: number } }).document.rowKey;
  }

  it('an upload and a delete, on the account and on a website, each under its own topic', async () => {
    const site = await createSite(t, t.agents.local[0]!, [1], 'filed');
    await t.rows(sql`DELETE FROM notifications`);
    const account = await upload();
    const shot = await upload(site);
    for (const id of [account, shot])
      expect((await t.call(t.tokens.demo, 'DELETE', `/api/document/${id}`)).statusCode).toBe(200);
    const rows = (await made()).filter((r) => r.user === 'viewer');
    expect(rows.map((r) => r.topic)).toEqual([
      'files.vendorCreate',
      'files.websiteCreate',
      'files.vendorDelete',
      'files.websiteDelete',
    ]);
    expect(rows[0]!.content).toBe('Summit Web Solutions: w9.pdf was uploaded to the account by demo');
    expect(rows[3]!.content).toMatch(/^Summit Web Solutions: shot\.png was deleted from filed-.* by demo$/);
    expect(rows.map((r) => r.link)).toEqual([
      '/dashboard',
      `/notifications?site=${site}`,
      '/dashboard',
      `/notifications?site=${site}`,
    ]);
    expect(await whoHeard()).toEqual(['newbie', 'viewer']);
  });
});
