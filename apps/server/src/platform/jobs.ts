import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { runAfterReply } from './after-reply.ts';

/**
 * Background jobs on pg-boss, on both databases: with N instances on one PostgreSQL a scheduled
 * job runs once per tick, not N times; on the embedded database pg-boss runs through the same
 * single connection as everything else. Every job is idempotent, retried with backoff, and one
 * that fails for good stays in pg-boss's table with its error (state 'failed').
 */

export interface JobOptions {
  /** Cron in UTC (five fields). With it the job is scheduled; without, it runs when sent. */
  cron?: string;
  /** Tries after the first; each waits twice as long as the one before. */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobRunner {
  /** Declares a job before the runner starts: its handler, retries and schedule. */
  define(name: string, handler: JobHandler, options?: JobOptions): void;
  /** Queues one run; while one already waits, the two are one (the queue's policy is 'stately'). */
  send(name: string, data?: Record<string, unknown>, options?: { delaySeconds?: number }): Promise<void>;
  /** Runs the job's handler here and now, outside the queue: tests, and work wanted at once. */
  runNow(name: string, data?: Record<string, unknown>): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobTiming {
  /** Poll this often for queued work (seconds; pg-boss's floor is 0.5). Default 2. */
  pollSeconds?: number;
  /** Look at the schedules this often (seconds). Default 30: a per-minute job is at most 30 s late. */
  cronCheckSeconds?: number;
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
    await this.definition(name).handler(data);
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
        expireInSeconds: 15 * 60,
        // At most one run waiting and one running: nudges while one waits collapse into it.
        policy: 'stately',
      });
      await boss.work(name, { pollingIntervalSeconds: this.timing.pollSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler((job.data ?? {}) as Record<string, unknown>);
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
    return { cronMonitorIntervalSeconds: cron, clockMonitorIntervalSeconds: Math.max(cron, 60) };
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
export function createManualJobRunner(log: FastifyBaseLogger): JobRunner {
  const defs = new Map<string, JobHandler>();
  return {
    define(name, handler) {
      defs.set(name, handler);
    },
    async send(name, data = {}) {
      const handler = defs.get(name);
      if (!handler) throw new Error(`unknown job ${name}`);
      // Tracked like work after a reply, so tests can wait for it (afterReplyIdle).
      runAfterReply(log, `job ${name}`, () => handler(data));
    },
    async runNow(name, data = {}) {
      const handler = defs.get(name);
      if (!handler) throw new Error(`unknown job ${name}`);
      await handler(data);
    },
    async start() {},
    async stop() {},
  };
}
