import {
  DEFAULT_NOTIFICATION_SETTINGS,
  deliveryFor,
  WEBSITE_LIST_IDS_MAX,
  type NotificationTopic,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf, textArray } from '../../db/sql.ts';

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
  /** A notice about several sites (websiteId null): it opens the list of these. */
  websiteIds?: readonly number[];
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

/**
 * Where a notification leads: its website (the drawer's link opens it), the list of the websites it
 * is about (up to the most a list can be narrowed to; past that, the whole list), Key Contacts, or
 * the dashboard.
 */
export function notificationLink(
  websiteId: number | null,
  topic: NotificationTopic,
  websiteIds: readonly number[] = [],
): string {
  if (topic === 'contacts.change') return '/team';
  if (topic === 'websites.delete') return '/dashboard';
  if (websiteId !== null) return `/notifications?site=${websiteId}`;
  if (websiteIds.length > WEBSITE_LIST_IDS_MAX) return '/websites';
  if (websiteIds.length > 0) return `/notifications?sites=${websiteIds.join(',')}`;
  return '/dashboard';
}

/**
 * Writes one change's notifications in one statement; answers what to announce once the change is
 * committed. A recipient's delivery is their stored choice for the topic where it reads as one
 * (both flags true or false), else the contract's default, as `withDefaults` lays them.
 */
export async function notify(tx: Db, input: NotifyInput): Promise<Notice> {
  const vendorUsers = !input.staffOnly;
  const staff = !!(input.staffOnly || input.staffToo);
  const fallback = deliveryFor(DEFAULT_NOTIFICATION_SETTINGS, input.topic);
  const stored = sql`s.settings #> ${textArray(input.topic.split('.'))}`;
  // Mail-only rows are written dismissed: they wait for the digest and never show in the drawer.
  const rows = await rowsOf<{ user_id: number }>(
    tx,
    sql`WITH people AS (
        SELECT u.id, btrim(u.email) <> '' AS has_email, ${stored} AS d
        FROM vendors v
        JOIN users u ON u.active AND u.id IS DISTINCT FROM ${input.actor.userId} AND (
          (${vendorUsers} AND u.role IN ('vendor', 'viewer') AND v.active AND EXISTS (
            SELECT 1 FROM user_vendors uv WHERE uv.user_id = u.id AND uv.vendor_id = v.id AND uv.active))
          OR (${staff} AND u.role = 'admin'))
        LEFT JOIN notification_settings s ON s.user_id = u.id
        WHERE v.id = ${input.vendorId}
      ), wants AS (
        SELECT id,
          CASE WHEN jsonb_typeof(d -> 'push') = 'boolean' AND jsonb_typeof(d -> 'email') = 'boolean'
            THEN (d ->> 'push')::boolean ELSE ${fallback.push} END AS push,
          has_email AND CASE WHEN jsonb_typeof(d -> 'push') = 'boolean' AND jsonb_typeof(d -> 'email') = 'boolean'
            THEN (d ->> 'email')::boolean ELSE ${fallback.email} END AS wants_email
        FROM people
      ), message AS (
        SELECT coalesce((SELECT CASE WHEN name <> '' THEN name || ': ' ELSE '' END
          FROM vendors WHERE id = ${input.vendorId}), '') || ${input.content} AS full
      ), made AS (
        INSERT INTO notifications (user_id, vendor_id, website_id, topic, content, link, wants_email, dismissed_at)
        SELECT w.id, ${input.vendorId}, ${input.websiteId}, ${input.topic},
          CASE WHEN char_length(m.full) > ${CONTENT_MAX} THEN left(m.full, ${CONTENT_MAX - 1}) || '…' ELSE m.full END,
          ${notificationLink(input.websiteId, input.topic, input.websiteIds)}, w.wants_email,
          CASE WHEN w.push THEN NULL ELSE now() END
        FROM wants w, message m
        WHERE w.push OR w.wants_email
        RETURNING user_id, dismissed_at IS NULL AS push
      )
      SELECT user_id FROM made WHERE push ORDER BY user_id`,
  );
  return {
    vendorId: input.vendorId,
    siteId: input.websiteId,
    username: input.actor.username,
    staffOnly: !!input.staffOnly,
    pushUserIds: rows.map((r) => r.user_id),
  };
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
