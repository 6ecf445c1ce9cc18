import { countOf, PRODUCT_NAME, deliveryFor, type NotificationTopic } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { settingsOf } from './settings.ts';

/**
 * Notifications reach the mailbox as a digest: once the oldest of a user's notifications waiting
 * for mail is `notificationDigestSeconds` old, all of them go out as one mail, so a burst of changes
 * makes one mail, not one each. The job runs every minute; each user's notifications are claimed
 * (UPDATE … RETURNING over rows locked with SKIP LOCKED) and their mail queued in one transaction,
 * so a second run, here or on another instance, finds nothing left to send twice.
 * Dismissed notifications are purged after 90 days.
 */

export const DIGEST_JOB = 'notifications.digest';
export const PURGE_JOB = 'notifications.purge';
export const KEEP_DISMISSED_DAYS = 90;
/** Users served per run; the next run, a minute later, takes the rest. */
const USERS_PER_RUN = 500;
/** Lines a digest lists; the rest are counted, and shown in the portal. */
const LINES_MAX = 100;

interface Claimed {
  id: number;
  topic: NotificationTopic;
  content: string;
  link: string;
}

export function digestText(firstName: string, items: readonly Claimed[], publicUrl: string): string {
  const shown = items.slice(0, LINES_MAX);
  const lines = shown.map((n) => `- ${n.content}\n  ${publicUrl}${n.link}`);
  if (items.length > shown.length) lines.push(`… and ${items.length - shown.length} more in the portal.`);
  const count = items.length === 1 ? 'one update' : `${items.length} updates`;
  return `Hello ${firstName.trim() || 'there'},\n\nThere ${items.length === 1 ? 'is' : 'are'} ${count} for you in the ${PRODUCT_NAME}:\n\n${lines.join('\n')}\n\nYou can choose what you are mailed about under Notification Settings in the portal.`;
}

export const digestSubject = (n: number) => `${PRODUCT_NAME}: ${n} ${n === 1 ? 'update' : 'updates'}`;

/** Claims one user's notifications waiting for mail and queues their digest, in one transaction. */
async function digestFor(ctx: AppContext, tx: Db, userId: number): Promise<boolean> {
  const claimed = await rowsOf<Claimed>(
    tx,
    sql`UPDATE notifications n SET emailed_at = now()
      FROM (SELECT id FROM notifications
        WHERE user_id = ${userId} AND wants_email AND emailed_at IS NULL
        ORDER BY id FOR UPDATE SKIP LOCKED) due
      WHERE n.id = due.id
      RETURNING n.id, n.topic, n.content, n.link`,
  );
  if (claimed.length === 0) return false;
  const [user] = await rowsOf<{ email: string; first_name: string; active: boolean }>(
    tx,
    sql`SELECT email, first_name, active FROM users WHERE id = ${userId}`,
  );
  // The settings are asked again: a topic whose mail was turned off since is settled unmailed.
  const settings = await settingsOf(tx, userId);
  const wanted = claimed.filter((n) => deliveryFor(settings, n.topic).email).sort((a, b) => b.id - a.id);
  if (!user?.active || !user.email.trim() || wanted.length === 0) return false;
  await ctx.mailer.send(
    {
      to: user.email,
      subject: digestSubject(wanted.length),
      text: digestText(user.first_name, wanted, ctx.config.publicUrl),
      link: `${ctx.config.publicUrl}/dashboard`,
    },
    tx,
  );
  return true;
}

/** One run of the digest; answers how many mails it queued. */
export async function runDigest(ctx: AppContext): Promise<number> {
  const due = await rowsOf<{ user_id: number }>(
    ctx.db,
    sql`SELECT user_id FROM notifications WHERE wants_email AND emailed_at IS NULL
      GROUP BY user_id
      HAVING min(created_at) <= now() - make_interval(secs => ${ctx.config.notificationDigestSeconds})
      ORDER BY min(created_at) LIMIT ${USERS_PER_RUN}`,
  );
  let mailed = 0;
  for (const { user_id } of due) {
    if (await ctx.db.transaction((tx) => digestFor(ctx, tx, user_id))) mailed += 1;
  }
  return mailed;
}

/** Deletes notifications dismissed more than 90 days ago; answers how many. */
export async function purgeDismissed(db: Db): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`DELETE FROM notifications
      WHERE dismissed_at < now() - make_interval(days => ${KEEP_DISMISSED_DAYS}) RETURNING id`,
  );
  return rows.length;
}

export function defineNotificationJobs(ctx: AppContext): void {
  ctx.jobs.define(
    DIGEST_JOB,
    async () => {
      const mailed = await runDigest(ctx);
      if (mailed > 0) ctx.log.info({ mailed }, 'notification digests queued');
      return mailed > 0 ? `Mailed ${countOf(mailed, 'digest')}.` : null;
    },
    {
      cron: '* * * * *',
      retryLimit: 2,
      description: 'Mails each user the notifications they asked to get by mail, gathered.',
    },
  );
  ctx.jobs.define(
    PURGE_JOB,
    async () => {
      const purged = await purgeDismissed(ctx.db);
      ctx.log.info({ purged }, 'dismissed notifications purged');
      return `Removed ${countOf(purged, 'dismissed notification')}.`;
    },
    {
      cron: '41 3 * * *',
      description: 'Removes notifications dismissed more than 90 days ago.',
    },
  );
}
