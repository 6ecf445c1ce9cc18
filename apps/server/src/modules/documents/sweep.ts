import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sweepOrphans } from '../../platform/storage.ts';
import { storageKeysInUse } from './queries.ts';

/**
 * What a crash can leave behind (a staged upload, an object stored before its row was written) is
 * removed at start and then every hour, once older than the configured grace, so an upload still
 * running is never touched.
 */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export async function runOrphanSweep(ctx: AppContext): Promise<{ staged: number; objects: number }> {
  const result = await sweepOrphans(
    ctx.storage,
    (keys) => storageKeysInUse(ctx.db, keys),
    ctx.config.orphanGraceMs,
  );
  ctx.log.info(result, 'orphan sweep done');
  return result;
}

export function scheduleOrphanSweep(app: FastifyInstance, ctx: AppContext): void {
  let running: Promise<unknown> | null = null;
  let closed = false;
  const tick = () => {
    if (running || closed) return;
    running = runOrphanSweep(ctx)
      .catch((err: unknown) => ctx.log.warn({ err }, 'orphan sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    tick();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
