import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/**
 * The embedded database has no autovacuum: left alone, its planner statistics describe the tables as
 * they were at the last migration, and its visibility map never marks new pages all-visible, so the
 * list's index-only scans visit the heap for every row. PostgreSQL's own autovacuum does this there.
 * Here the same thresholds as autovacuum's defaults are checked now and then, off the request path,
 * and one table at a time is analysed or vacuumed (each a short statement: PGlite runs one statement
 * at a time, so a long one would hold up requests).
 */

const TABLES = [
  'websites',
  'website_counts',
  'vendor_site_totals',
  'members',
  'offices',
  'compliance_checks',
  'compliance_findings',
] as const;
export const UPKEEP_INTERVAL_MS = 30_000;

interface TableStats {
  relname: string;
  live: number;
  dead: number;
  modified: number;
  inserted: number;
}

/** What a table needs, by autovacuum's default scale factors and thresholds. */
export function upkeepNeeded(s: TableStats): { vacuum: boolean; analyze: boolean } {
  return {
    vacuum: s.dead > 50 + 0.2 * s.live || s.inserted > 1000 + 0.2 * s.live,
    analyze: s.modified > 50 + 0.1 * s.live,
  };
}

/** Analyses and vacuums the tables that need it; answers the statements it ran. */
export async function runWebsiteUpkeep(ctx: AppContext): Promise<string[]> {
  if (ctx.database.kind !== 'pglite') return [];
  const client = ctx.database.client;
  // The embedded backend publishes its table counters only when asked to: at the next statement.
  await client.query('SELECT pg_stat_force_next_flush()');
  await client.query('SELECT 1');
  const { rows } = await client.query<TableStats>(
    `SELECT relname, n_live_tup::int AS live, n_dead_tup::int AS dead,
       n_mod_since_analyze::int AS modified, n_ins_since_vacuum::int AS inserted
     FROM pg_stat_user_tables WHERE relname = ANY($1)`,
    [TABLES],
  );
  const ran: string[] = [];
  for (const s of rows) {
    const need = upkeepNeeded(s);
    const statement = need.vacuum ? 'VACUUM (ANALYZE)' : need.analyze ? 'ANALYZE' : null;
    if (!statement) continue;
    await client.exec(`${statement} "${s.relname}"`);
    ran.push(`${statement} ${s.relname}`);
  }
  return ran;
}

export function scheduleWebsiteUpkeep(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.database.kind !== 'pglite') return;
  let running = false;
  let closed = false;
  const tick = () => {
    if (running || closed) return;
    running = true;
    runWebsiteUpkeep(ctx)
      .catch((err: unknown) => ctx.log.warn({ err }, 'database upkeep failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, UPKEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
  });
}
