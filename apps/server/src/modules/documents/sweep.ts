import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sweepOrphans } from '../../platform/storage.ts';
import { screenshotKeysInUse } from '../compliance/index.ts';
import { storageKeysInUse } from './queries.ts';

/**
 * What a crash can leave behind (a staged upload, an object stored before its row was written) is
 * removed by a job at start and then every hour, once older than the configured grace, so an upload
 * still running is never touched. With several instances the hourly run happens once, on one of them.
 */
export const SWEEP_JOB = 'documents.orphan-sweep';

export async function runOrphanSweep(ctx: AppContext): Promise<{ staged: number; objects: number }> {
  const result = await sweepOrphans(
    ctx.storage,
    // Compliance checks keep their screenshots in the same storage.
    async (keys) => {
      const [files, screenshots] = await Promise.all([
        storageKeysInUse(ctx.db, keys),
        screenshotKeysInUse(ctx.db, keys),
      ]);
      return new Set([...files, ...screenshots]);
    },
    ctx.config.orphanGraceMs,
  );
  ctx.log.info(result, 'orphan sweep done');
  return result;
}

export function scheduleOrphanSweep(app: FastifyInstance, ctx: AppContext): void {
  ctx.jobs.define(
    SWEEP_JOB,
    async () => {
      await runOrphanSweep(ctx);
    },
    {
      cron: '7 * * * *',
      retryLimit: 2,
      description: 'Removes stored files no document names (left by an upload cut short).',
    },
  );
  // The runner starts on ready, before this hook: a crash's leftovers go at once, not within the hour.
  app.addHook('onReady', async () => ctx.jobs.send(SWEEP_JOB));
}
