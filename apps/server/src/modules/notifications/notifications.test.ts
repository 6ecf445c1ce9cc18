import {
  DEFAULT_NOTIFICATION_SETTINGS,
  Messages,
  NotificationMessages,
  NotificationServerMessages,
  notificationListSchema,
  type NotificationList,
  type NotificationSettings,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { notificationLink } from './notify.ts';

/** The drawer's calls and the preferences: each user reads and dismisses their own, for the vendor acted for. */

let t: PortalTest;
let ids: Record<'demo' | 'viewer' | 'admin' | 'other', number>;
beforeAll(async () => {
  t = await setupPortal();
  const rows = await t.rows<{ id: number; username: string }>(sql`SELECT id, username FROM users`);
  const id = (u: string) => rows.find((r) => r.username === u)!.id;
  ids = { demo: id('demo'), viewer: id('viewer'), admin: id('admin'), other: id('other') };
});
afterAll(async () => t?.close());

type Who = keyof typeof ids;

/** MLS staff write to Summit: every Summit user is notified (staff never of their own). */
async function staffWrites(text = 'A word from the MLS'): Promise<void> {
  const res = await t.call(t.tokens.admin, 'POST', '/api/comments', { comment: text }, t.vendors.summit);
  expect(res.statusCode, res.body).toBe(201);
}

async function list(who: Who, query = '', vendor?: number): Promise<NotificationList> {
  const res = await t.call(t.tokens[who], 'GET', `/api/notifications${query}`, undefined, vendor);
  expect(res.statusCode, res.body).toBe(200);
  return notificationListSchema.parse(res.json());
}

const newestOf = async (who: Who) => (await list(who)).items[0]!;

describe('GET /api/notifications', () => {
  it('lists the caller’s notifications newest first, paged, with the unread count', async () => {
    const before = (await list('demo')).unread;
    await staffWrites('first');
    await staffWrites('second');
    await staffWrites('third');
    const all = await list('demo');
    expect(all.unread).toBe(before + 3);
    expect(all.total).toBe(all.unread);
    // The drawer is one vendor's: its name is not repeated before each (the stored text, which a
    // digest of several accounts mails, keeps it).
    expect(all.items.slice(0, 3).map((n) => n.content)).toEqual([
      'MLS staff (admin) wrote: third',
      'MLS staff (admin) wrote: second',
      'MLS staff (admin) wrote: first',
    ]);
    const [stored] = await t.rows<{ content: string }>(
      sql`SELECT content FROM notifications WHERE id = ${all.items[0]!.rowKey}`,
    );
    expect(stored!.content).toBe('Summit Web Solutions: MLS staff (admin) wrote: third');
    expect(all.items[0]).toMatchObject({ link: '/dashboard', siteId: null });
    const page2 = await list('demo', '?page=2&pageSize=1');
    expect(page2.items.map((n) => n.rowKey)).toEqual([all.items[1]!.rowKey]);
    expect(page2.unread).toBe(all.unread);
  });

  it('refuses a page size past the largest with 400', async () => {
    expect((await t.call(t.tokens.demo, 'GET', '/api/notifications?pageSize=101')).statusCode).toBe(400);
  });

  it('is the caller’s alone, for the vendor acted for', async () => {
    await staffWrites('for Summit');
    const mine = await newestOf('viewer');
    expect(mine.content).toContain('for Summit');
    // Harbor's user, and demo acting for West, see none of Summit's.
    const harbor = await list('other');
    expect(harbor.items.map((n) => n.rowKey)).not.toContain(mine.rowKey);
    const west = await list('demo', '', t.vendors.west);
    const summitIds = (await list('demo')).items.map((n) => n.rowKey);
    expect(west.items.some((n) => summitIds.includes(n.rowKey))).toBe(false);
    // Staff are not told of what they wrote themselves.
    expect(
      (await list('admin', '', t.vendors.summit)).items.some((n) => n.content.includes('for Summit')),
    ).toBe(false);
  });
});

describe('PUT /api/notifications/:id/read', () => {
  it('an opened notification stays listed, marked read, and no longer counts as unread', async () => {
    await staffWrites('to open');
    for (const who of ['demo', 'viewer'] as const) {
      const n = await newestOf(who);
      expect(n.read).toBe(false);
      const before = await list(who);
      const res = await t.call(t.tokens[who], 'PUT', `/api/notifications/${n.rowKey}/read`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: NotificationServerMessages.read });
      const after = await list(who);
      expect(after.unread).toBe(before.unread - 1);
      expect(after.total).toBe(before.total);
      expect(after.items.find((i) => i.rowKey === n.rowKey)!.read).toBe(true);
      // Again: nothing more to count.
      expect((await t.call(t.tokens[who], 'PUT', `/api/notifications/${n.rowKey}/read`)).statusCode).toBe(
        200,
      );
      expect((await list(who)).unread).toBe(after.unread);
    }
  });

  it('answers 404 for another user’s or another vendor’s, and leaves it unread', async () => {
    await staffWrites('not yours to open');
    const viewers = await newestOf('viewer');
    for (const [who, vendor] of [
      ['demo', undefined],
      ['other', undefined],
      ['admin', t.vendors.summit],
    ] as const) {
      const res = await t.call(
        t.tokens[who],
        'PUT',
        `/api/notifications/${viewers.rowKey}/read`,
        undefined,
        vendor,
      );
      expect(res.statusCode, who).toBe(404);
    }
    expect((await list('viewer')).items.find((n) => n.rowKey === viewers.rowKey)!.read).toBe(false);
    expect(
      (await t.inject({ method: 'PUT', url: `/api/notifications/${viewers.rowKey}/read` })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/notifications/:id/dismiss', () => {
  it('dismisses one of the caller’s own; the read-only role may too', async () => {
    await staffWrites('to dismiss');
    for (const who of ['demo', 'viewer'] as const) {
      const n = await newestOf(who);
      const before = (await list(who)).unread;
      const res = await t.call(t.tokens[who], 'PUT', `/api/notifications/${n.rowKey}/dismiss`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: NotificationMessages.dismissed });
      const after = await list(who);
      expect(after.unread).toBe(before - 1);
      expect(after.items.map((i) => i.rowKey)).not.toContain(n.rowKey);
      // Again: still the caller's, nothing more to do.
      expect((await t.call(t.tokens[who], 'PUT', `/api/notifications/${n.rowKey}/dismiss`)).statusCode).toBe(
        200,
      );
    }
  });

  it('answers 404 for another user’s, another vendor’s, or none; and leaves it as it was', async () => {
    await staffWrites('not yours');
    const viewers = await newestOf('viewer');
    for (const [who, vendor] of [
      ['demo', undefined],
      ['other', undefined],
      ['admin', t.vendors.summit],
    ] as const) {
      const res = await t.call(
        t.tokens[who],
        'PUT',
        `/api/notifications/${viewers.rowKey}/dismiss`,
        undefined,
        vendor,
      );
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: NotificationServerMessages.notFound });
    }
    // The viewer's own, asked for while acting for another vendor, is not found either.
    const demos = await newestOf('demo');
    const west = await t.call(
      t.tokens.demo,
      'PUT',
      `/api/notifications/${demos.rowKey}/dismiss`,
      undefined,
      t.vendors.west,
    );
    expect(west.statusCode).toBe(404);
    expect((await list('viewer')).items.map((n) => n.rowKey)).toContain(viewers.rowKey);
    expect((await list('demo')).items.map((n) => n.rowKey)).toContain(demos.rowKey);
    expect((await t.call(t.tokens.demo, 'PUT', '/api/notifications/2000000000/dismiss')).statusCode).toBe(
      404,
    );
  });
});

describe('PUT /api/notifications/dismiss', () => {
  it('dismisses the caller’s among the ids and ignores the others', async () => {
    await staffWrites('many one');
    await staffWrites('many two');
    const demos = (await list('demo')).items.slice(0, 2).map((n) => n.rowKey);
    const viewers = (await list('viewer')).items.slice(0, 2).map((n) => n.rowKey);
    const res = await t.call(t.tokens.demo, 'PUT', '/api/notifications/dismiss', [
      ...demos,
      ...viewers,
      2_000_000_000,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: NotificationMessages.selectedDismissed });
    const left = (await list('demo')).items.map((n) => n.rowKey);
    for (const id of demos) expect(left).not.toContain(id);
    const viewerLeft = (await list('viewer')).items.map((n) => n.rowKey);
    for (const id of viewers) expect(viewerLeft).toContain(id);
    // The read-only role dismisses its own.
    expect((await t.call(t.tokens.viewer, 'PUT', '/api/notifications/dismiss', viewers)).statusCode).toBe(
      200,
    );
    expect((await list('viewer')).items.map((n) => n.rowKey)).not.toContain(viewers[0]);
  });

  it('refuses a body that is not a list of ids with 400', async () => {
    for (const body of [[], {}, ['a'], [0], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const res = await t.call(t.tokens.demo, 'PUT', '/api/notifications/dismiss', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });

  it('another vendor’s user dismisses none of Summit’s', async () => {
    await staffWrites('Harbor cannot');
    const viewers = (await list('viewer')).items.map((n) => n.rowKey);
    expect((await t.call(t.tokens.other, 'PUT', '/api/notifications/dismiss', viewers)).statusCode).toBe(200);
    expect((await list('viewer')).items.map((n) => n.rowKey)).toEqual(viewers);
  });
});

describe('GET and PUT /api/profile/preferences/notifications', () => {
  const url = '/api/profile/preferences/notifications';

  it('answers the defaults until the user stores their own, then theirs; each user their own', async () => {
    const read = await t.call(t.tokens.viewer, 'GET', url);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const mine: NotificationSettings = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      websites: { ...DEFAULT_NOTIFICATION_SETTINGS.websites, modify: { email: true, push: false } },
    };
    // The read-only role sets its own preferences.
    const saved = await t.call(t.tokens.viewer, 'PUT', url, mine);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(mine);
    expect((await t.call(t.tokens.viewer, 'GET', url)).json()).toEqual(mine);
    expect((await t.call(t.tokens.demo, 'GET', url)).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    await t.call(t.tokens.viewer, 'PUT', url, DEFAULT_NOTIFICATION_SETTINGS);
  });

  it("takes the spec's three groups alone, and the groups left out keep their choices", async () => {
    const custom = { ...DEFAULT_NOTIFICATION_SETTINGS, forms: { progress: { email: false, push: false } } };
    expect((await t.call(t.tokens.viewer, 'PUT', url, custom)).statusCode).toBe(200);
    const { websites, comments, files } = DEFAULT_NOTIFICATION_SETTINGS;
    const three = { websites: { ...websites, delete: { email: false, push: true } }, comments, files };
    const saved = await t.call(t.tokens.viewer, 'PUT', url, three);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...custom, websites: three.websites });
    await t.call(t.tokens.viewer, 'PUT', url, DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('refuses a group missing an item or a flag that is not a boolean (400), naming no field, storing nothing', async () => {
    const { delete: _delete, ...websites } = DEFAULT_NOTIFICATION_SETTINGS.websites;
    const missing = { ...DEFAULT_NOTIFICATION_SETTINGS, websites };
    const wrong = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      files: { ...DEFAULT_NOTIFICATION_SETTINGS.files, vendorCreate: { email: 'yes', push: true } },
    };
    for (const body of [missing, wrong, [], null]) {
      const res = await t.call(t.tokens.demo, 'PUT', url, body);
      expect(res.statusCode).toBe(400);
      expect([
        NotificationServerMessages.settingsInvalid,
        'The request body is missing or not valid.',
      ]).toContain(res.json().message);
    }
    expect((await t.call(t.tokens.demo, 'GET', url)).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});

describe('access', () => {
  it('anonymous callers get 401 on every call', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/notifications', undefined],
      ['PUT', '/api/notifications/1/dismiss', undefined],
      ['PUT', '/api/notifications/dismiss', [1]],
      ['GET', '/api/profile/preferences/notifications', undefined],
      ['PUT', '/api/profile/preferences/notifications', DEFAULT_NOTIFICATION_SETTINGS],
    ] as const) {
      const res = await t.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(Messages.sessionInvalid);
    }
  });

  it('the read-only role is refused none of them', async () => {
    await staffWrites('viewer reads');
    const n = await newestOf('viewer');
    for (const [method, url, payload] of [
      ['GET', '/api/notifications', undefined],
      ['PUT', `/api/notifications/${n.rowKey}/dismiss`, undefined],
      ['PUT', '/api/notifications/dismiss', [n.rowKey]],
      ['GET', '/api/profile/preferences/notifications', undefined],
      ['PUT', '/api/profile/preferences/notifications', DEFAULT_NOTIFICATION_SETTINGS],
    ] as const) {
      const res = await t.call(t.tokens.viewer, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
  });

  it('keeps another user’s rows out of reach in the database too', async () => {
    const [row] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${ids.other}`,
    );
    // Harbor heard of nothing Summit did.
    expect(row!.n).toBe(0);
  });
});

describe('where a notification leads', () => {
  it.each([
    [7, 'websites.modify', [], '/notifications?site=7'],
    [null, 'websites.modify', [4, 5, 6], '/notifications?sites=4,5,6'],
    [null, 'websites.create', Array.from({ length: 201 }, (_, i) => i + 1), '/websites'],
    [null, 'websites.modify', [], '/dashboard'],
    [7, 'websites.delete', [], '/dashboard'],
    [null, 'contacts.change', [], '/team'],
  ] as const)('site %s, %s, %j sites: %s', (site, topic, sites, link) => {
    expect(notificationLink(site, topic, sites)).toBe(link);
  });
});
