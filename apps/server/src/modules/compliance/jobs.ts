import { countOf } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { checkSite, CHECKED_STATUSES, dropScreenshots } from './check-site.ts';
import { closeRenderers } from './render.ts';

/**
 * The daily checks, spread over the day: every ten minutes a run checks its share of the licensed
 * sites (those whose products have rules) that have gone a day without a check, the longest
 * waiting first. Old checks are pruned after a while; findings are kept for good.
 */

export const COMPLIANCE_CHECK_JOB = 'compliance.check-sites';
export const COMPLIANCE_PRUNE_JOB = 'compliance.prune';

/** Runs of the check job a day (one every ten minutes). */
const RUNS_PER_DAY = 144;
/** Sites checked at once by a run; the outbound rules still ask one host one thing at a time. */
const AT_ONCE = 8;
/**
 * The least time between the starts of two checks of a run. A check's own work (parsing, judging,
 * recording) takes about 10 ms of the server's thread; spaced this far apart, checks of sites that
 * answer at once take at most about a third of it, and every other user's requests keep the rest.
 * That is still some 1,500 sites a minute, far more than a run's share of the day needs.
 */
export const CHECK_GAP_MS = 40;
/** Checks older than this are pruned, but never a site's newest. */
export const CHECKS_KEPT_DAYS = 90;

const statuses = sql.join(
  CHECKED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The sites this run checks: its share of the day's, those waiting longest first. */
export async function dueSites(db: Db): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`WITH licensed AS (
        SELECT w.id FROM websites w
        WHERE w.status IN (${statuses})
          AND EXISTS (SELECT 1 FROM compliance_rule_sets s WHERE s.product_id = ANY(w.products))
      ), last AS (
        SELECT l.id, (SELECT c.started_at FROM compliance_checks c WHERE c.website_id = l.id
          ORDER BY c.started_at DESC, c.id DESC LIMIT 1) AS at
        FROM licensed l
      )
      SELECT id FROM last WHERE at IS NULL OR at < now() - interval '1 day'
      ORDER BY at NULLS FIRST, id
      LIMIT (SELECT ceil(count(*)::numeric / ${RUNS_PER_DAY})::int FROM licensed)`,
  );
  return rows.map((r) => Number(r.id));
}

export async function runDueChecks(
  ctx: AppContext,
): Promise<{ checked: number; passed: number; failed: number; unknown: number; opened: number }> {
  const queue = await dueSites(ctx.db);
  const tally = { checked: 0, passed: 0, failed: 0, unknown: 0, opened: 0 };
  let nextStart = 0;
  const turn = async () => {
    const wait = nextStart - Date.now();
    nextStart = Math.max(nextStart, Date.now()) + CHECK_GAP_MS;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      await turn();
      try {
        const outcome = await checkSite(ctx, id, 'schedule');
        if (!outcome) continue;
        tally.checked++;
        tally.opened += outcome.opened;
        if (outcome.decision === 'pass') tally.passed++;
        else if (outcome.decision === 'fail') tally.failed++;
        else tally.unknown++;
      } catch (err) {
        // One site's trouble never stops the others; it is due again on the next run.
        ctx.log.error({ err, siteId: id }, 'compliance check failed');
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return tally;
}

export function checksSummary(t: {
  checked: number;
  passed: number;
  failed: number;
  unknown: number;
  opened: number;
}): string {
  if (t.checked === 0) return 'No website was due for a compliance check.';
  return `Checked ${countOf(t.checked, 'website')}: ${t.passed} passed, ${t.failed} failed, ${t.unknown} could not be read; ${countOf(t.opened, 'finding')} opened.`;
}

/**
 * Removes checks older than CHECKS_KEPT_DAYS, keeping each site's newest; findings stay. With
 * `files`, the screenshots the removed checks kept are removed from the file storage too.
 */
export async function pruneChecks(db: Db, files?: Pick<AppContext, 'storage' | 'log'>): Promise<number> {
  const rows = await rowsOf<{ n: number; shots: unknown }>(
    db,
    sql`WITH gone AS (
        DELETE FROM compliance_checks c WHERE c.started_at < now() - make_interval(days => ${CHECKS_KEPT_DAYS})
          AND c.id <> (SELECT n.id FROM compliance_checks n WHERE n.website_id = c.website_id
            ORDER BY n.started_at DESC, n.id DESC LIMIT 1)
        RETURNING c.pages
      ) SELECT (SELECT count(*)::int FROM gone) AS n,
        (SELECT coalesce(jsonb_agg(k), '[]'::jsonb) FROM gone
          CROSS JOIN LATERAL jsonb_path_query(gone.pages, '$[*].screenshot') AS k) AS shots`,
  );
  const shots: unknown = typeof rows[0]?.shots === 'string' ? JSON.parse(rows[0].shots) : rows[0]?.shots;
  if (files && Array.isArray(shots))
    await dropScreenshots(
      files,
      shots.filter((k): k is string => typeof k === 'string'),
    );
  return Number(rows[0]?.n ?? 0);
}

export function complianceJobs(app: FastifyInstance, ctx: AppContext): void {
  ctx.jobs.define(COMPLIANCE_CHECK_JOB, async () => checksSummary(await runDueChecks(ctx)), {
    // Without the daily schedule (COMPLIANCE_DAILY off) staff can still run it from the Jobs screen.
    ...(ctx.config.complianceDaily ? { cron: '*/10 * * * *' } : {}),
    description:
      'Checks the licensed websites against their products’ display rules, each once a day, spread over the day.',
  });
  ctx.jobs.define(
    COMPLIANCE_PRUNE_JOB,
    async () => {
      const n = await pruneChecks(ctx.db, ctx);
      return n > 0 ? `Removed ${countOf(n, 'compliance check')} older than ${CHECKS_KEPT_DAYS} days.` : null;
    },
    {
      cron: '53 3 * * *',
      description: `Removes compliance checks older than ${CHECKS_KEPT_DAYS} days, with their screenshots; findings are kept.`,
    },
  );
  // The browser that draws pages (COMPLIANCE_RENDER=chromium) stops with the server.
  app.addHook('onClose', closeRenderers);
}
