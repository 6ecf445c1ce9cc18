import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';
import { runAfterReply } from './after-reply.ts';

/**
 * Background jobs on pg-boss, on both databases: with N instances on one PostgreSQL a scheduled
 * job runs once per tick, not N times; on the embedded database pg-boss runs through the same
 * single connection as everything else. Every job is idempotent, retried with backoff, and one
 * that fails for good stays in pg-boss's table with its error (state 'failed').
 */

export interface JobOptions {
  /** What the job does, as the console's Jobs screen says it. */
  description?: string;
  /** Cron in UTC (five fields). With it the job is scheduled; without, it runs when sent. */
  cron?: string;
  /** Tries after the first; each waits twice as long as the one before. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run not finished after this long is taken for lost (its instance died) and retried. Default 15 min. */
  expireInSeconds?: number;
  /**
   * For a job that changes data: what a run now would do, in a sentence ("This will terminate 15
   * websites whose term date has passed."). MLS staff are asked with it before Run now.
   */
  preview?: () => Promise<string>;
}

/** A job's work; what it answers is the run's summary of what it changed (null: nothing to say). */
export type JobHandler = (data: Record<string, unknown>) => Promise<string | null | void>;

export interface JobRunner {
  /** Declares a job before the runner starts: its handler, retries and schedule. */
  define(name: string, handler: JobHandler, options?: JobOptions): void;
  /** Queues one run; while one already waits, the two are one (the queue's policy is 'stately'). */
  send(name: string, data?: Record<string, unknown>, options?: { delaySeconds?: number }): Promise<void>;
  /** Runs the job's handler here and now, outside the queue: tests, and work wanted at once. */
  runNow(name: string, data?: Record<string, unknown>): Promise<void>;
  /** Runs a job once, right after the current request, as MLS staff asked ("Run now"); recorded as manual. */
  runManually(name: string): void;
  /** The jobs declared, with their schedules, in the order they were declared. */
  list(): JobInfo[];
  /** What Run now would do, for a job that asks first; null for one that does not. */
  preview(name: string): Promise<string | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobInfo {
  name: string;
  description: string;
  cron: string | null;
  /** It changes data: Run now asks first, with its preview. */
  asksFirst: boolean;
}

/** Runs that old are forgotten (the limits purge removes them). */
export const JOB_RUNS_KEPT_DAYS = 14;

/** A run's summary as kept: a sentence, cut to a length the screen can show. */
const SUMMARY_MAX = 500;

/**
 * Runs a handler and records the run, its end, its error and its summary of what it changed, for
 * the console's Jobs screen.
 */
async function recorded(
  db: Db,
  name: string,
  manual: boolean,
  run: () => Promise<string | null | void>,
): Promise<void> {
  const [row] = await db.insert(jobRuns).values({ name, manual }).returning({ id: jobRuns.id });
  const finish = (ok: boolean, error: string | null, summary: string | null = null) =>
    db.update(jobRuns).set({ finishedAt: new Date(), ok, error, summary }).where(eq(jobRuns.id, row!.id));
  let summary: string | null | void;
  try {
    summary = await run();
  } catch (err) {
    await finish(false, (err instanceof Error ? err.message : String(err)).slice(0, 2000)).catch(
      () => undefined,
    );
    throw err;
  }
  await finish(true, null, summary ? summary.slice(0, SUMMARY_MAX) : null);
}

async function previewOf(defs: Map<string, { options: JobOptions }>, name: string): Promise<string | null> {
  const def = defs.get(name);
  if (!def) throw new Error(`unknown job ${name}`);
  return def.options.preview ? def.options.preview() : null;
}

export async function purgeJobRuns(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM job_runs WHERE started_at < now() - ${`${JOB_RUNS_KEPT_DAYS} days`}::interval`,
  );
}

const infoOf = (defs: Map<string, { options: JobOptions }>): JobInfo[] =>
  [...defs].map(([name, { options }]) => ({
    name,
    description: options.description ?? '',
    cron: options.cron ?? null,
    asksFirst: !!options.preview,
  }));

export interface JobTiming {
  /** Poll this often for queued work (seconds; pg-boss's floor is 0.5). Default 2. */
  pollSeconds?: number;
  /** Look at the schedules this often (seconds). Default 30: a per-minute job is at most 30 s late. */
  cronCheckSeconds?: number;
  /** Look for lost runs (and prune) this often (seconds). Default 120. */
  maintenanceSeconds?: number;
}

interface Definition {
  handler: JobHandler;
  options: JobOptions;
}

/** pg-boss's own tables live in this schema, apart from the product's. */
export const JOBS_SCHEMA = 'pgboss';

/** An adapter that runs pg-boss's statements on the embedded database's one connection. */
function pgliteAdapter(client: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      // Parameterless calls may hold several statements (its migrations and locked plans).
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      }
      return client.query(text, values as never[]);
    },
  };
}

class BossRunner implements JobRunner {
  private readonly defs = new Map<string, Definition>();
  private boss: PgBoss | null = null;
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly timing: JobTiming,
  ) {}

  define(name: string, handler: JobHandler, options: JobOptions = {}): void {
    if (this.started) throw new Error(`job ${name} defined after the runner started`);
    this.defs.set(name, { handler, options });
  }

  private definition(name: string): Definition {
    const def = this.defs.get(name);
    if (!def) throw new Error(`unknown job ${name}`);
    return def;
  }

  async send(
    name: string,
    data: Record<string, unknown> = {},
    options: { delaySeconds?: number } = {},
  ): Promise<void> {
    this.definition(name);
    if (!this.boss) return;
    await this.boss.send(name, data, options.delaySeconds ? { startAfter: options.delaySeconds } : {});
  }

  async runNow(name: string, data: Record<string, unknown> = {}): Promise<void> {
    const { handler } = this.definition(name);
    await recorded(this.database.db, name, false, () => handler(data));
  }

  runManually(name: string): void {
    const { handler } = this.definition(name);
    runAfterReply(this.log, `job ${name}`, () => recorded(this.database.db, name, true, () => handler({})));
  }

  list(): JobInfo[] {
    return infoOf(this.defs);
  }

  preview(name: string): Promise<string | null> {
    return previewOf(this.defs, name);
  }

  async start(): Promise<void> {
    this.started = true;
    const db = this.database;
    const boss =
      db.kind === 'pglite'
        ? new PgBoss({ db: pgliteAdapter(db.client), schema: JOBS_SCHEMA, ...this.bossTiming() })
        : new PgBoss({ connectionString: db.url, schema: JOBS_SCHEMA, max: 3, ...this.bossTiming() });
    boss.on('error', (err) => this.log.warn({ err }, 'job runner error'));
    await boss.start();
    for (const [name, { handler, options }] of this.defs) {
      const retryLimit = options.retryLimit ?? 5;
      await boss.createQueue(name, {
        name,
        retryLimit,
        retryDelay: options.retryDelaySeconds ?? 10,
        retryBackoff: true,
        // A run left by a crashed instance is given up after this long and retried.
        expireInSeconds: options.expireInSeconds ?? 15 * 60,
        // At most one run waiting and one running: nudges while one waits collapse into it.
        policy: 'stately',
      });
      await boss.work(name, { pollingIntervalSeconds: this.timing.pollSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await recorded(this.database.db, name, false, () =>
              handler((job.data ?? {}) as Record<string, unknown>),
            );
          } catch (err) {
            this.log.warn({ err, job: name }, 'job failed; pg-boss retries it with backoff');
            throw err;
          }
        }
      });
      if (options.cron) await boss.schedule(name, options.cron, {}, { tz: 'UTC' });
      else await boss.unschedule(name).catch(() => undefined);
    }
    this.boss = boss;
  }

  private bossTiming() {
    const cron = this.timing.cronCheckSeconds ?? 30;
    return {
      cronMonitorIntervalSeconds: cron,
      clockMonitorIntervalSeconds: Math.max(cron, 60),
      maintenanceIntervalSeconds: this.timing.maintenanceSeconds ?? 120,
    };
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
}

export function createJobRunner(
  database: Database,
  log: FastifyBaseLogger,
  timing: JobTiming = {},
): JobRunner {
  return new BossRunner(database, log, timing);
}

/**
 * A runner that never polls nor schedules: `runNow` runs a handler and `send` runs it after the
 * current work (so a nudge still happens). Most tests use it, so that no background work interleaves
 * with what they check; the runner's own tests and the instances' tests use pg-boss.
 */
export function createManualJobRunner(log: FastifyBaseLogger, db: Db): JobRunner {
  const defs = new Map<string, { handler: JobHandler; options: JobOptions }>();
  const handlerOf = (name: string) => {
    const def = defs.get(name);
    if (!def) throw new Error(`unknown job ${name}`);
    return def.handler;
  };
  return {
    define(name, handler, options = {}) {
      defs.set(name, { handler, options });
    },
    async send(name, data = {}) {
      const handler = handlerOf(name);
      // Tracked like work after a reply, so tests can wait for it (afterReplyIdle).
      runAfterReply(log, `job ${name}`, async () => {
        await handler(data);
      });
    },
    async runNow(name, data = {}) {
      const handler = handlerOf(name);
      await recorded(db, name, false, () => handler(data));
    },
    runManually(name) {
      const handler = handlerOf(name);
      runAfterReply(log, `job ${name}`, () => recorded(db, name, true, () => handler({})));
    },
    list: () => infoOf(defs),
    preview: (name) => previewOf(defs, name),
    async start() {},
    async stop() {},
  };
}
