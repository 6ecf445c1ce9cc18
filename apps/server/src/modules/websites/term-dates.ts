import { countOf } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/sql.ts';
import { SYSTEM_ACTOR } from '../../platform/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { noticeBatch } from '../notifications/index.ts';
import { today } from './rules.ts';
import { terminateSite } from './staff-decisions.ts';

export const TERM_DATES_JOB = 'websites.term-dates';

/**
 * Sites in Pending Termination whose term date has come: terminated by the portal (TERM_DATE_ACTION
 * terminate, the default), or left for staff with a notice on the day it is reached (flag). A
 * site changed meanwhile is skipped and picked up by the next run.
 */
function dueSites(ctx: AppContext) {
  const day = today();
  // Flagging tells staff once, on the day; terminating catches up on days a run was missed.
  const reached =
    ctx.config.termDateAction === 'terminate'
      ? sql`term_date <= ${day}::date`
      : sql`term_date = ${day}::date`;
  return rowsOf<{ id: number; version: number; vendor_id: number; domain_name: string }>(
    ctx.db,
    sql`SELECT id, version, vendor_id, domain_name FROM websites
      WHERE status = 'Pending Termination' AND ${reached} ORDER BY term_date, id`,
  );
}

/** What a run now would do, asked of MLS staff before Run now. */
export async function previewTermDates(ctx: AppContext): Promise<string> {
  const n = (await dueSites(ctx)).length;
  if (n === 0)
    return 'No website in Pending Termination has reached its term date: a run now changes nothing.';
  return ctx.config.termDateAction === 'terminate'
    ? `This will terminate ${countOf(n, 'website')} whose term date has come, ending their licences.`
    : `This will tell MLS staff of ${countOf(n, 'website')} whose term date is today; none is terminated.`;
}

/** The run's line on the Jobs screen: what it changed. */
export function termDatesSummary({ terminated, flagged }: { terminated: number; flagged: number }): string {
  if (terminated > 0) return `Terminated ${countOf(terminated, 'website')} whose term date had come.`;
  if (flagged > 0) return `Told MLS staff of ${countOf(flagged, 'website')} whose term date is today.`;
  return 'No website had reached its term date.';
}

export async function runTermDates(ctx: AppContext): Promise<{ terminated: number; flagged: number }> {
  const due = await dueSites(ctx);
  let terminated = 0;
  let flagged = 0;
  for (const site of due) {
    const notices = noticeBatch(ctx);
    try {
      if (ctx.config.termDateAction === 'terminate') {
        await terminateSite(ctx.db, SYSTEM_ACTOR, site.id, { version: Number(site.version) }, notices);
        terminated++;
      } else {
        await ctx.db.transaction((tx) =>
          notices.add(tx, {
            vendorId: site.vendor_id,
            websiteId: site.id,
            topic: 'websites.modify',
            content: `The term date of ${site.domain_name} is reached: it waits for MLS staff to terminate it`,
            actor: SYSTEM_ACTOR,
            staffOnly: true,
          }),
        );
        flagged++;
      }
      await notices.announce();
      if (ctx.config.termDateAction === 'terminate')
        await ctx.live.publish(
          { vendorId: site.vendor_id },
          {
            type: 'website',
            context: 'website',
            siteId: site.id,
            username: SYSTEM_ACTOR.username,
            action: 'update',
          },
        );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      ctx.log.info({ site: site.id, reason: err.message }, 'term date reached; site left for the next run');
    }
  }
  return { terminated, flagged };
}

export function defineTermDates(ctx: AppContext): void {
  ctx.jobs.define(
    TERM_DATES_JOB,
    async () => {
      const done = await runTermDates(ctx);
      if (done.terminated + done.flagged > 0) ctx.log.info(done, 'term dates reached');
      return termDatesSummary(done);
    },
    {
      cron: '5 0 * * *',
      preview: () => previewTermDates(ctx),
      description:
        'Terminates the websites whose term date has come (or, when so configured, tells MLS staff).',
    },
  );
}
