import {
  COMMENT_MAX,
  CommentMessages,
  CommentServerMessages,
  Messages,
  commentListSchema,
  commentSchema,
  type Comment,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusEvents } from '../../platform/events.ts';
import { createSite, setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/** The conversation on a website and on the account: who reads, who writes, who deletes. */

let t: PortalTest;
let site: number;
let harborSite: number;
let events: BusEvents['live.event'][];
beforeAll(async () => {
  t = await setupPortal();
  site = await createSite(t, t.agents.local[0]!, [1], 'talk');
  const [h] = await t.rows<{ id: number }>(
    sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.harbor} ORDER BY id LIMIT 1`,
  );
  harborSite = h!.id;
  events = [];
  // The comment events; the notifications a comment makes are told on their own (notifications tests).
  t.app.ctx.bus.subscribe('live.event', (e) => {
    if (e.event.type === 'comment') events.push(e);
  });
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const siteUrl = (id = site) => `/api/website/${id}/comments`;
type Who = 'demo' | 'viewer' | 'admin' | 'other';
const vendorFor = (who: Who) => (who === 'admin' ? t.vendors.summit : undefined);

async function post(who: Who, url: string, payload: unknown) {
  return t.call(t.tokens[who], 'POST', url, payload, vendorFor(who));
}
async function list(who: Who, url: string): Promise<Comment[]> {
  const res = await t.call(t.tokens[who], 'GET', url, undefined, vendorFor(who));
  expect(res.statusCode, res.body).toBe(200);
  return commentListSchema.parse(res.json());
}
async function write(who: Who, url: string, text: string, extra: object = {}): Promise<Comment> {
  const res = await post(who, url, { comment: text, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return commentSchema.parse(res.json());
}

describe('a website’s conversation', () => {
  it('takes a message and answers it with its author; everyone acting for the vendor reads it, oldest first', async () => {
    const first = await write('demo', siteUrl(), '  Is the new domain live yet?  ');
    expect(first).toMatchObject({
      comment: 'Is the new domain live yet?',
      public: true,
      siteId: site,
      user: { username: 'demo' },
    });
    const second = await write('admin', siteUrl(), 'It is, since this morning.');
    for (const who of ['demo', 'viewer', 'admin'] as const) {
      const ids = (await list(who, siteUrl())).map((c) => c.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    }
    // The account's own conversation is another one.
    expect((await list('demo', '/api/comments')).map((c) => c.id)).not.toContain(first.id);
  });

  it('stores markup and script as the text it is, and answers the same text', async () => {
    const texts = ['<script>alert("x")</script>', '<img src=x onerror="alert(1)"> & <b>bold</b> &amp;'];
    for (const text of texts) {
      const made = await write('demo', siteUrl(), text);
      expect(made.comment).toBe(text);
      expect((await list('viewer', siteUrl())).find((c) => c.id === made.id)?.comment).toBe(text);
    }
    const [row] = await t.rows<{ body: string }>(sql`SELECT body FROM comments WHERE body LIKE '<script>%'`);
    expect(row!.body).toBe(texts[0]);
  });

  it('refuses an empty message, one of only spaces and one too long, with the contract’s messages', async () => {
    const before = await list('admin', siteUrl());
    for (const [payload, message] of [
      [{ comment: '' }, CommentMessages.empty],
      [{ comment: ' \n\t ' }, CommentMessages.empty],
      [{}, CommentMessages.empty],
      [{ comment: 'x'.repeat(COMMENT_MAX + 1) }, CommentMessages.tooLong],
    ] as const) {
      const res = await post('demo', siteUrl(), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message });
    }
    expect((await post('demo', siteUrl(), { comment: 'y'.repeat(COMMENT_MAX) })).statusCode).toBe(201);
    expect(await list('admin', siteUrl())).toHaveLength(before.length + 1);
  });

  it('lets only the author delete a message (403 otherwise), and says who may not', async () => {
    const mine = await write('demo', siteUrl(), 'Mine to delete');
    const staffs = await write('admin', siteUrl(), 'Written by staff');
    const refused = await t.call(
      t.tokens.admin,
      'DELETE',
      `${siteUrl()}/${mine.id}`,
      undefined,
      t.vendors.summit,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: CommentMessages.cannotDelete });
    expect((await t.call(t.tokens.demo, 'DELETE', `${siteUrl()}/${staffs.id}`)).statusCode).toBe(403);
    const ids = (await list('demo', siteUrl())).map((c) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(staffs.id);

    const done = await t.call(t.tokens.demo, 'DELETE', `${siteUrl()}/${mine.id}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: CommentMessages.deleted });
    expect((await list('demo', siteUrl())).map((c) => c.id)).not.toContain(mine.id);
    const again = await t.call(t.tokens.demo, 'DELETE', `${siteUrl()}/${mine.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CommentServerMessages.notFound);
  });

  it('does not delete a comment through another website’s address', async () => {
    const other = await createSite(t, t.agents.local[1]!, [1], 'talk-other');
    const made = await write('demo', siteUrl(), 'On the first site');
    expect((await t.call(t.tokens.demo, 'DELETE', `${siteUrl(other)}/${made.id}`)).statusCode).toBe(404);
    expect((await t.call(t.tokens.demo, 'DELETE', `/api/comments/${made.id}`)).statusCode).toBe(404);
    expect((await list('demo', siteUrl())).map((c) => c.id)).toContain(made.id);
  });
});

describe('internal notes', () => {
  it('are written by MLS staff only; vendors and viewers never read them', async () => {
    const note = await write('admin', siteUrl(), 'Broker called about this one.', { public: false });
    expect(note.public).toBe(false);
    expect((await list('admin', siteUrl())).map((c) => c.id)).toContain(note.id);
    for (const who of ['demo', 'viewer'] as const)
      expect((await list(who, siteUrl())).map((c) => c.id)).not.toContain(note.id);

    const refused = await post('demo', siteUrl(), { comment: 'Sneaky', public: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: CommentMessages.internalOnlyStaff });
    const account = await post('demo', '/api/comments', { comment: 'Sneaky', public: false });
    expect(account.json()).toEqual({ code: 403, message: CommentMessages.internalOnlyStaff });
    // A vendor cannot even learn an internal note is there.
    const probe = await t.call(t.tokens.demo, 'DELETE', `${siteUrl()}/${note.id}`);
    expect(probe.statusCode).toBe(404);
  });

  it('are announced to staff only; public messages to everyone acting for the vendor', async () => {
    events.length = 0;
    const note = await write('admin', '/api/comments', 'Internal', { public: false });
    const open = await write('demo', siteUrl(), 'Public');
    expect(events).toEqual([
      {
        target: { vendorId: t.vendors.summit, staffOnly: true },
        event: { type: 'comment', context: 'vendor', siteId: null, username: 'admin', action: 'update' },
      },
      {
        target: { vendorId: t.vendors.summit, staffOnly: false },
        event: { type: 'comment', context: 'website', siteId: site, username: 'demo', action: 'update' },
      },
    ]);
    events.length = 0;
    await t.call(t.tokens.admin, 'DELETE', `/api/comments/${note.id}`, undefined, t.vendors.summit);
    await t.call(t.tokens.demo, 'DELETE', `${siteUrl()}/${open.id}`);
    expect(events.map((e) => [e.target.staffOnly, e.event.action, e.event.context])).toEqual([
      [true, 'delete', 'vendor'],
      [false, 'delete', 'website'],
    ]);
    // A refused write announces nothing.
    events.length = 0;
    await post('demo', siteUrl(), { comment: '' });
    expect(events).toEqual([]);
  });
});

describe('the account’s own conversation', () => {
  it('is the vendor’s: read by its users, not by another vendor’s', async () => {
    const made = await write('demo', '/api/comments', 'About our invoice');
    expect(made.siteId).toBeNull();
    expect((await list('viewer', '/api/comments')).map((c) => c.id)).toContain(made.id);
    expect((await list('admin', '/api/comments')).map((c) => c.id)).toContain(made.id);
    expect((await list('other', '/api/comments')).map((c) => c.id)).not.toContain(made.id);
    // Nor is it among a website's.
    expect((await list('demo', siteUrl())).map((c) => c.id)).not.toContain(made.id);
  });

  it('shows a removed author as no user (the client shows Deleted User)', async () => {
    const [user] = await t.rows<{ id: number }>(
      sql`INSERT INTO users (username, role) VALUES ('leaver', 'vendor') RETURNING id`,
    );
    const [row] = await t.rows<{ id: number }>(
      sql`INSERT INTO comments (vendor_id, user_id, body) VALUES (${t.vendors.summit}, ${user!.id}, 'Bye') RETURNING id`,
    );
    expect((await list('demo', '/api/comments')).find((c) => c.id === row!.id)?.user?.username).toBe(
      'leaver',
    );
    await t.rows(sql`DELETE FROM users WHERE id = ${user!.id}`);
    expect((await list('demo', '/api/comments')).find((c) => c.id === row!.id)?.user).toBeNull();
  });
});

describe('access', () => {
  it('another vendor gets 404 for a website’s conversation and for a comment of the account', async () => {
    const made = await write('demo', siteUrl(), 'Private to Summit');
    const account = await write('demo', '/api/comments', 'Also private');
    expect((await t.call(t.tokens.other, 'GET', siteUrl())).statusCode).toBe(404);
    expect((await post('other', siteUrl(), { comment: 'Hi' })).statusCode).toBe(404);
    expect((await t.call(t.tokens.other, 'DELETE', `${siteUrl()}/${made.id}`)).statusCode).toBe(404);
    expect((await t.call(t.tokens.other, 'DELETE', `/api/comments/${account.id}`)).statusCode).toBe(404);
    // And the other way round, with the other vendor's site.
    expect((await t.call(t.tokens.demo, 'GET', siteUrl(harborSite))).statusCode).toBe(404);
    expect((await post('demo', siteUrl(harborSite), { comment: 'Hi' })).statusCode).toBe(404);
    const [harborCount] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM comments WHERE vendor_id = ${t.vendors.harbor}`,
    );
    expect(harborCount!.n).toBe(0);
  });

  it('the read-only role reads but may not write or delete (403)', async () => {
    const made = await write('demo', siteUrl(), 'For the viewer to read');
    for (const [method, url, payload] of [
      ['POST', siteUrl(), { comment: 'x' }],
      ['POST', '/api/comments', { comment: 'x' }],
      ['DELETE', `${siteUrl()}/${made.id}`, undefined],
      ['DELETE', `/api/comments/${made.id}`, undefined],
    ] as const) {
      const res = await t.call(t.tokens.viewer, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(Messages.readOnly);
    }
    expect((await list('viewer', siteUrl())).map((c) => c.id)).toContain(made.id);
  });

  it('anonymous callers get 401 on every call', async () => {
    for (const [method, url] of [
      ['GET', siteUrl()],
      ['POST', siteUrl()],
      ['DELETE', `${siteUrl()}/1`],
      ['GET', '/api/comments'],
      ['POST', '/api/comments'],
      ['DELETE', '/api/comments/1'],
    ] as const) {
      const res = await t.inject({ method, url, payload: method === 'POST' ? { comment: 'x' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('limits how many messages one user sends in a minute (429), others still write', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The start of a minute no other test wrote in, so the count starts from nothing.
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
    const limit = t.config.commentsPerMinute;
    for (let i = 0; i < limit; i++)
      expect((await post('demo', '/api/comments', { comment: `burst ${i}` })).statusCode).toBe(201);
    const refused = await post('demo', '/api/comments', { comment: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(CommentServerMessages.rate);
    expect((await post('admin', '/api/comments', { comment: 'staff still writes' })).statusCode).toBe(201);
  });
});
