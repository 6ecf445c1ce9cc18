import { countOf } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/sql.ts';
import { mailLinks } from './send.ts';
import * as q from './queries.ts';
import { newSigningToken } from './tokens.ts';

export const SAF_REMINDERS_JOB = 'signatures.reminders';

/**
 * Signatories of a form out for signature who have not signed get a reminder every
 * SAF_REMINDER_DAYS, at most SAF_REMINDER_LIMIT times: a new link (the earlier one stops working)
 * by mail, written in the same transaction that replaces the link, and an entry in the form's trail.
 */
export async function runSafReminders(ctx: AppContext): Promise<number> {
  const { safReminderDays: days, safReminderLimit: limit } = ctx.config;
  if (limit === 0) return 0;
  const due = await rowsOf<{ request_id: number }>(
    ctx.db,
    sql`SELECT DISTINCT s.request_id FROM signers s JOIN signature_requests r ON r.id = s.request_id
      WHERE r.status = 'pending' AND s.status IN ('waiting', 'opened') AND s.reminders_sent < ${limit}
        AND s.link_sent_at <= now() - ${`${days} days`}::interval
      ORDER BY s.request_id`,
  );
  let reminded = 0;
  for (const { request_id: requestId } of due) {
    reminded += await ctx.db.transaction(async (tx) => {
      // Locked and checked again: a signature, a void or a resend may have come in between.
      const open = await rowsOf<{
        id: number;
        name: string;
        email: string;
        reminders_sent: number;
        website_id: number;
      }>(
        tx,
        sql`SELECT s.id, s.name, s.email, s.reminders_sent, r.website_id FROM signers s
          JOIN signature_requests r ON r.id = s.request_id
          WHERE s.request_id = ${requestId} AND r.status = 'pending' AND s.status IN ('waiting', 'opened')
            AND s.reminders_sent < ${limit} AND s.link_sent_at <= now() - ${`${days} days`}::interval
          ORDER BY s.position FOR UPDATE OF s`,
      );
      if (open.length === 0) return 0;
      const links = [];
      for (const s of open) {
        const t = newSigningToken();
        await tx.execute(
          sql`UPDATE signers SET token_hash = ${t.hash}, token_expires_at = ${t.expiresAt},
              reminders_sent = reminders_sent + 1, link_sent_at = now() WHERE id = ${s.id}`,
        );
        links.push({ to: s.email, name: s.name, token: t.token });
      }
      await q.insertEvent(tx, {
        requestId,
        kind: 'resent',
        detail: `Reminder sent to ${open.map((s) => `${s.name} (${s.reminders_sent + 1} of ${limit})`).join(', ')}`,
        ip: '',
        userAgent: 'Vendor Portal',
      });
      const site = await q.siteLabel(tx, open[0]!.website_id);
      await mailLinks(ctx, tx, links, site?.domainName ?? '', site?.vendorName ?? '', true);
      return open.length;
    });
  }
  return reminded;
}

export function defineSafReminders(ctx: AppContext): void {
  ctx.jobs.define(
    SAF_REMINDERS_JOB,
    async () => {
      const reminded = await runSafReminders(ctx);
      if (reminded > 0) ctx.log.info({ reminded }, 'Site Access Form reminders sent');
      return reminded > 0
        ? `Reminded ${countOf(reminded, 'signatory', 'signatories')}.`
        : 'No signatory was due a reminder.';
    },
    {
      cron: '15 14 * * *',
      description:
        'Reminds signatories who have not signed a Site Access Form, with a new link, every few days up to a limit.',
    },
  );
}
