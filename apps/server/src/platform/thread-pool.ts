import { Piscina } from 'piscina';
import type { AppError } from './errors.ts';

/**
 * Work that grows with what a caller sends (decoding a picture, reading or sealing a PDF) runs on a
 * worker thread, never on the main thread that answers every tenant. Each task has a time budget:
 * one that runs out stops its thread (a fresh one takes the next task). When too many tasks wait,
 * a new one is refused at once with the pool's busy error.
 *
 * A worker module's default export takes `{ task, input }` and runs the task of that name. One
 * written in TypeScript is loaded through tsx (ts-worker.mjs) when the server runs from source
 * (tests, `npm run dev`); the build bundles it beside the server as JavaScript (build.mjs).
 */
export interface ThreadPoolOptions {
  /** The worker module (see workerFile). */
  file: URL;
  threads: number;
  /** Tasks waiting beyond those running; more are refused with `busy()`. */
  waiting: number;
  /** The default time budget of a task. */
  budgetMs: number;
  /** The heap a thread may grow to. */
  memoryMb: number;
  busy: () => AppError;
}

/** A task that failed, ran out of time, or whose thread was stopped: never the pool being busy. */
export class TaskFailedError extends Error {}

export interface ThreadPool {
  run<T>(task: string, input: unknown, options?: { budgetMs?: number; transfer?: ArrayBuffer[] }): Promise<T>;
  close(): Promise<void>;
}

/** The worker file as the running server finds it: `./x.ts` from source, `./x.js` once bundled. */
export function workerFile(sourceUrl: string, name: string): URL {
  return new URL(`./${name}${sourceUrl.endsWith('.ts') ? '.ts' : '.js'}`, sourceUrl);
}

const TS_WORKER = new URL('./ts-worker.mjs', import.meta.url);

/**
 * The task every worker module answers at once (true): run first on a thread that is still
 * starting, so loading the thread's code never spends a task's budget.
 */
export const READY_TASK = 'ready';
/** Longest a new thread may take to load its code, on a loaded machine. */
const STARTUP_LIMIT_MS = 60_000;

/** A worker module's default export, from its tasks by name. */
export function dispatcher<T extends Record<string, (input: never) => unknown>>(tasks: T) {
  return (job: { task: keyof T & string; input: unknown }): unknown => {
    if (job.task === READY_TASK) return true;
    const run = Object.hasOwn(tasks, job.task) ? tasks[job.task] : undefined;
    if (!run) throw new Error(`no task ${job.task}`);
    return run(job.input as never);
  };
}

export function threadPool(options: ThreadPoolOptions): ThreadPool {
  let pool: Piscina | null = null;
  let warming: Promise<unknown> | null = null;
  const fromSource = options.file.pathname.endsWith('.ts');
  const started = () =>
    (pool ??= new Piscina({
      filename: fromSource ? TS_WORKER.href : options.file.href,
      workerData: fromSource ? { file: options.file.href } : undefined,
      minThreads: 0,
      maxThreads: options.threads,
      maxQueue: options.waiting,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    }));
  return {
    async run<T>(
      task: string,
      input: unknown,
      runOptions: { budgetMs?: number; transfer?: ArrayBuffer[] } = {},
    ) {
      const workers = started();
      if (workers.queueSize >= options.waiting) throw options.busy();
      try {
        if (workers.threads.length === 0) {
          warming ??= workers
            .run({ task: READY_TASK, input: null }, { signal: AbortSignal.timeout(STARTUP_LIMIT_MS) })
            .finally(() => (warming = null));
          await warming;
        }
        return (await workers.run(
          { task, input },
          {
            signal: AbortSignal.timeout(runOptions.budgetMs ?? options.budgetMs),
            transferList: runOptions.transfer,
          },
        )) as T;
      } catch (err) {
        if (err instanceof Error && /queue is at limit/i.test(err.message)) throw options.busy();
        throw new TaskFailedError(err instanceof Error ? err.message : String(err));
      }
    },
    async close() {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
