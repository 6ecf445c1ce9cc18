import { deliveryFor, type NotificationTopic } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { withDefaults } from './settings.ts';

/**
 * Making notifications, in the transaction of the change they report: one row per recipient whose
 * settings want the topic pushed or mailed. Recipients are the vendor's active users (vendor and
 * read-only roles with an active link), plus MLS staff for what staff must hear of (a vendor's
 * comment), or MLS staff only (an internal note); never the one who made the change. Once the
 * change is committed, the recipients who want it pushed are told on the live channel.
 */

export interface NotifyInput {
  vendorId: number;
  websiteId: number | null;
  topic: NotificationTopic;
  /** Plain text (see texts.ts); the vendor's name is put before it. */
  content: string;
  /** Who made the change, never told of it; no user id for someone without an account (a signer). */
  actor: { userId: number | null; username: string };
  /** MLS staff hear of it as well as the vendor's users. */
  staffToo?: boolean;
  /** Only MLS staff hear of it: an internal note. */
  staffOnly?: boolean;
}

/** What the live channel is told after the commit. */
export interface Notice {
  vendorId: number;
  siteId: number | null;
  username: string;
  staffOnly: boolean;
  /** The recipients who want the topic pushed (the drawer); the others get it by mail only. */
  pushUserIds: number[];
}

const CONTENT_MAX = 500;

/** Where a notification leads: its website (the drawer's link opens it), Key Contacts, or the dashboard. */
export function notificationLink(websiteId: number | null, topic: NotificationTopic): string {
  if (topic === 'contacts.change') return '/team';
  return websiteId !== null && topic !== 'websites.delete'
    ? `/notifications?site=${websiteId}`
    : '/dashboard';
}

interface Recipient {
  id: number;
  email: string;
  settings: unknown;
}

async function recipients(tx: Db, input: NotifyInput): Promise<{ vendorName: string; people: Recipient[] }> {
  const vendorUsers = !input.staffOnly;
  const staff = !!(input.staffOnly || input.staffToo);
  const rows = await rowsOf<{ vendor_name: string; id: number | null; email: string; settings: unknown }>(
    tx,
    sql`SELECT v.name AS vendor_name, u.id, u.email, s.settings
      FROM vendors v
      LEFT JOIN users u ON u.active AND u.id IS DISTINCT FROM ${input.actor.userId} AND (
        (${vendorUsers} AND u.role IN ('vendor', 'viewer') AND v.active AND EXISTS (
          SELECT 1 FROM user_vendors uv WHERE uv.user_id = u.id AND uv.vendor_id = v.id AND uv.active))
        OR (${staff} AND u.role = 'admin'))
      LEFT JOIN notification_settings s ON s.user_id = u.id
      WHERE v.id = ${input.vendorId}
      ORDER BY u.id`,
  );
  return {
    vendorName: rows[0]?.vendor_name ?? '',
    people: rows.filter((r) => r.id !== null) as Recipient[],
  };
}

/** Writes one change's notifications; answers what to announce once the change is committed. */
export async function notify(tx: Db, input: NotifyInput): Promise<Notice> {
  const { vendorName, people } = await recipients(tx, input);
  const rows = people.flatMap((p) => {
    const delivery = deliveryFor(withDefaults(p.settings), input.topic);
    const wantsEmail = delivery.email && p.email.trim() !== '';
    if (!delivery.push && !wantsEmail) return [];
    return [{ user_id: p.id, push: delivery.push, wants_email: wantsEmail }];
  });
  const notice: Notice = {
    vendorId: input.vendorId,
    siteId: input.websiteId,
    username: input.actor.username,
    staffOnly: !!input.staffOnly,
    pushUserIds: rows.filter((r) => r.push).map((r) => r.user_id),
  };
  if (rows.length === 0) return notice;
  const full = vendorName ? `${vendorName}: ${input.content}` : input.content;
  const content = full.length > CONTENT_MAX ? `${full.slice(0, CONTENT_MAX - 1)}…` : full;
  // Mail-only rows are written dismissed: they wait for the digest and never show in the drawer.
  await tx.execute(sql`INSERT INTO notifications
      (user_id, vendor_id, website_id, topic, content, link, wants_email, dismissed_at)
    SELECT r.user_id, ${input.vendorId}, ${input.websiteId}, ${input.topic}, ${content},
      ${notificationLink(input.websiteId, input.topic)}, r.wants_email, CASE WHEN r.push THEN NULL ELSE now() END
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(user_id integer, push boolean, wants_email boolean)`);
  return notice;
}

/** Tells the recipients' sockets; after the commit, so nobody refetches before the rows are there. */
export async function announce(
  ctx: Pick<AppContext, 'live' | 'log'>,
  notices: readonly Notice[],
): Promise<void> {
  for (const n of notices) {
    if (n.pushUserIds.length === 0) continue;
    await ctx.live
      .publish(
        { vendorId: n.vendorId, userIds: n.pushUserIds, ...(n.staffOnly ? { staffOnly: true } : {}) },
        { type: 'notification', context: 'vendor', siteId: n.siteId, username: n.username, action: 'update' },
      )
      // The rows are stored; a lost event only delays the bell until the next refetch.
      .catch((err: unknown) => ctx.log.warn({ err }, 'notification event not published'));
  }
}

/**
 * The notifications of one write: `add` in its transaction (as often as it reports changes), then
 * `announce` once it has committed. A write that fails never announces.
 */
export interface NoticeBatch {
  add(tx: Db, input: NotifyInput): Promise<void>;
  announce(): Promise<void>;
}

export function noticeBatch(ctx: Pick<AppContext, 'live' | 'log'>): NoticeBatch {
  const notices: Notice[] = [];
  return {
    async add(tx, input) {
      notices.push(await notify(tx, input));
    },
    async announce() {
      await announce(ctx, notices.splice(0));
    },
  };
}

/** Runs `work` in a transaction with a batch, and announces the batch once it has committed. */
export async function withNotices<T>(
  ctx: Pick<AppContext, 'db' | 'live' | 'log'>,
  work: (tx: Db, notices: NoticeBatch) => Promise<T>,
): Promise<T> {
  const notices = noticeBatch(ctx);
  const result = await ctx.db.transaction((tx) => work(tx, notices));
  await notices.announce();
  return result;
}
