import { DEFAULT_NOTIFICATION_SETTINGS, PRODUCT_NAME } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../../../test/helper.ts';
import { afterReplyIdle } from '../../platform/after-reply.ts';
import { createSite, setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { DIGEST_JOB, PURGE_JOB } from './digest.ts';

/** Mail goes out as one digest per user once the oldest waiting is old enough; a burst is one mail. */

let t: PortalTest;
const VIEWER = 'viewer@summitweb.example';
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await afterReplyIdle();
  await t.rows(sql`DELETE FROM notifications`);
  await t.rows(sql`DELETE FROM outbox`);
  await t.rows(sql`DELETE FROM notification_settings`);
});

const mailsTo = (to: string) =>
  t.rows<{ subject: string; text: string; html: string | null }>(
    sql`SELECT subject, text, html FROM outbox WHERE "to" = ${to} ORDER BY id`,
  );
/** As if every notification had waited `seconds`. */
const age = (seconds: number) =>
  t.rows(sql`UPDATE notifications SET created_at = created_at - make_interval(secs => ${seconds})`);
const digest = () => t.app.ctx.jobs.runNow(DIGEST_JOB);

describe('the digest', () => {
  it('makes one mail of fifty changes, listing each, and marks them mailed', async () => {
    for (let i = 0; i < 50; i++) await createSite(t, t.agents.local[i % 10]!, [1], `burst${i}`);
    await age(t.config.notificationDigestSeconds + 1);
    await digest();
    const mails = await mailsTo(VIEWER);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${PRODUCT_NAME}: 50 updates`);
    for (let i = 0; i < 50; i++)
      expect(mails[0]!.text).toMatch(new RegExp(`burst${i}-\\S+ was created by demo`));
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/notifications?site=`);
    const [left] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE wants_email AND emailed_at IS NULL`,
    );
    expect(left!.n).toBe(0);
    // The drawer is untouched: mail and push are separate.
    expect((await t.call(t.tokens.viewer, 'GET', '/api/notifications')).json().unread).toBe(50);

    // Run again, or twice at once: nothing is mailed twice.
    await Promise.all([digest(), digest()]);
    expect(await mailsTo(VIEWER)).toHaveLength(1);
  });

  it('waits until the oldest is old enough, then takes the younger ones with it', async () => {
    await createSite(t, t.agents.local[0]!, [1], 'early');
    await digest();
    expect(await mailsTo(VIEWER)).toEqual([]);
    await age(t.config.notificationDigestSeconds + 1);
    await createSite(t, t.agents.local[1]!, [1], 'late');
    await digest();
    const mails = await mailsTo(VIEWER);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${PRODUCT_NAME}: 2 updates`);
    expect(mails[0]!.text).toMatch(/late-\S+ was created/);
  });

  it('mails only topics whose email is on, and nothing to a user who turned it off since', async () => {
    // Modifications are pushed only, by default: the viewer hears of them in the drawer, not by mail.
    const id = await createSite(t, t.agents.local[0]!, [1], 'modify');
    const site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json();
    expect(
      (await t.call(t.tokens.demo, 'PUT', '/api/portal/websites', { ...site, dba: 'New' })).statusCode,
    ).toBe(200);
    await age(t.config.notificationDigestSeconds + 1);
    // Creation mail turned off after the fact: the waiting one is settled, unmailed.
    const off = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      websites: { ...DEFAULT_NOTIFICATION_SETTINGS.websites, create: { email: false, push: true } },
    };
    expect(
      (await t.call(t.tokens.viewer, 'PUT', '/api/profile/preferences/notifications', off)).statusCode,
    ).toBe(200);
    await digest();
    expect(await mailsTo(VIEWER)).toEqual([]);
    // Newbie kept the defaults: one mail, of the creation only.
    const newbie = await mailsTo('newbie@summitweb.example');
    expect(newbie).toHaveLength(1);
    expect(newbie[0]!.subject).toBe(`${PRODUCT_NAME}: 1 update`);
    expect(newbie[0]!.text).not.toContain('modified');
  });

  it('with email and push off, makes no row and no mail', async () => {
    const none = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      websites: { ...DEFAULT_NOTIFICATION_SETTINGS.websites, create: { email: false, push: false } },
    };
    expect(
      (await t.call(t.tokens.viewer, 'PUT', '/api/profile/preferences/notifications', none)).statusCode,
    ).toBe(200);
    await createSite(t, t.agents.local[0]!, [1], 'silent');
    const [viewer] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.username = 'viewer'`,
    );
    expect(viewer!.n).toBe(0);
    await age(t.config.notificationDigestSeconds + 1);
    await digest();
    expect(await mailsTo(VIEWER)).toEqual([]);
  });

  it('writes content as text: markup in a comment reaches the mail’s HTML escaped', async () => {
    const res = await t.call(
      t.tokens.admin,
      'POST',
      '/api/comments',
      { comment: '<img src=x onerror=alert(1)>' },
      t.vendors.summit,
    );
    expect(res.statusCode).toBe(201);
    await age(t.config.notificationDigestSeconds + 1);
    await digest();
    const [mail] = await mailsTo(VIEWER);
    expect(mail!.text).toContain('<img src=x onerror=alert(1)>');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('the purge', () => {
  it('deletes notifications dismissed more than 90 days ago, and keeps the others', async () => {
    await createSite(t, t.agents.local[0]!, [1], 'old');
    await createSite(t, t.agents.local[1]!, [1], 'recent');
    await createSite(t, t.agents.local[2]!, [1], 'open');
    await t.rows(
      sql`UPDATE notifications SET dismissed_at = now() - interval '91 days' WHERE content LIKE '%old-%'`,
    );
    await t.rows(
      sql`UPDATE notifications SET dismissed_at = now() - interval '89 days' WHERE content LIKE '%recent-%'`,
    );
    await t.rows(sql`UPDATE notifications SET created_at = now() - interval '200 days'`);
    await t.app.ctx.jobs.runNow(PURGE_JOB);
    const left = await t.rows<{ content: string }>(sql`SELECT content FROM notifications`);
    expect(left.some((r) => r.content.includes('old-'))).toBe(false);
    expect(left.filter((r) => r.content.includes('recent-'))).toHaveLength(2);
    expect(left.filter((r) => r.content.includes('open-'))).toHaveLength(2);
  });
});
