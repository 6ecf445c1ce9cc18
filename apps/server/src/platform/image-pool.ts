import { Piscina } from 'piscina';
import { AppError } from './errors.ts';

/**
 * Pictures from outside are decoded on a worker thread, one at a time, each within a time budget:
 * the main thread, which answers every tenant, never decodes them. A decode that runs out of time
 * stops its thread (a fresh one takes the next); when too many wait, a new one is refused at once.
 */

/** Longest a decode may take before it is stopped and the picture refused. */
export const DECODE_BUDGET_MS = 2_000;
/** Decodes waiting beyond the one running; more are answered 503 at once. */
export const DECODES_WAITING = 8;

const WORKER_URL = new URL('./image-worker.mjs', import.meta.url);

export class ImageBusyError extends AppError {
  constructor() {
    super(503, 'The server is busy reading pictures. Please try again in a moment.');
  }
}

export class ImageUnreadableError extends Error {}

let pool: Piscina | null = null;

function started(): Piscina {
  pool ??= new Piscina({
    filename: WORKER_URL.href,
    minThreads: 0,
    maxThreads: 1,
    maxQueue: DECODES_WAITING,
    idleTimeout: 30_000,
    // A picture is decoded into a few megabytes at most (its pixels are budgeted before).
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  });
  return pool;
}

/** Decodes a PNG off the main thread within the budget; ImageUnreadableError when it cannot be read. */
export async function decodePng(
  bytes: Uint8Array,
  budgetMs = DECODE_BUDGET_MS,
): Promise<{ width: number; height: number }> {
  const workers = started();
  if (workers.queueSize >= DECODES_WAITING) throw new ImageBusyError();
  try {
    return (await workers.run({ bytes }, { signal: AbortSignal.timeout(budgetMs) })) as {
      width: number;
      height: number;
    };
  } catch (err) {
    if (err instanceof Error && /queue is at limit/i.test(err.message)) throw new ImageBusyError();
    throw new ImageUnreadableError(err instanceof Error ? err.message : String(err));
  }
}
