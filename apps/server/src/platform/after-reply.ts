import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Jobs handed to runAfterReply that have not finished yet. */
const pending = new Set<Promise<void>>();

/**
 * Runs `job` after the current reply has been written, so neither the answer nor its timing
 * depends on what the job finds. A failure is logged; nobody is waiting for the result.
 */
export function runAfterReply(log: FastifyBaseLogger, name: string, job: () => Promise<void>): void {
  // setImmediate comes after the reply: Fastify writes it in the microtasks that follow the handler.
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(job)
    .catch((err: unknown) => log.error({ err }, `${name} failed`))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every job handed to runAfterReply (including any they start) has finished. */
export async function afterReplyIdle(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

export function registerAfterReply(app: FastifyInstance): void {
  // The database closes after the app: let mail already promised reach it first.
  app.addHook('onClose', async () => afterReplyIdle());
}
