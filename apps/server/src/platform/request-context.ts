import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * What a service may need from the request without being handed it (the client's address, for the
 * per-address limits), and work that must run only after the reply has gone out.
 */

interface RequestContext {
  address: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The client's address (from X-Forwarded-For when TRUST_PROXY is on); undefined outside a request. */
export function requestAddress(): string | undefined {
  return storage.getStore()?.address;
}

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

export function registerRequestContext(app: FastifyInstance): void {
  // preValidation runs after the body is read, and the handler continues from it, so the handler
  // sees this store (a store entered in onRequest is lost across the body's stream events).
  app.addHook('preValidation', (request, _reply, done) => {
    storage.run({ address: request.ip }, done);
  });
  // The database closes after the app: let mail already promised reach it first.
  app.addHook('onClose', async () => afterReplyIdle());
}
