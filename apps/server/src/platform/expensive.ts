import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { withCancel, type Database, type Db } from '../db/client.ts';
import { ServiceUnavailableError } from './errors.ts';
import { SHED_AFTER_MS } from './overload.ts';
import { WorkGate } from './work-gate.ts';
import { workPlaces } from './work-places.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A request that reads much (list pages, searches, the export): limited per user at a time. */
    expensive?: boolean;
  }
  interface FastifyRequest {
    /**
     * Runs an expensive request's database work in its turn (see WorkGate), on a connection that
     * is cancelled when the client goes away. Only on routes declared `expensive`.
     */
    work<T>(task: (db: Db) => Promise<T>): Promise<T>;
    /** Keeps the request's place until `until` settles (a stream still reading when the handler returns). */
    holdPlaceUntil(until: Promise<unknown>): void;
    /** Aborted when the client leaves before the answer is complete. */
    abandoned: AbortSignal;
  }
}

/** How many expensive requests one user may have under way at once; a browser needs two or three. */
export const EXPENSIVE_PER_USER = 4;

/**
 * Expensive requests at once per database, all users together: the embedded database runs one
 * statement at a time anyway, so one turn keeps another tenant behind at most one statement of the
 * busiest user; PostgreSQL keeps some of its pool for everything else.
 */
export const gateCapacity = (database: Database): number =>
  database.kind === 'pglite' ? 1 : Math.max(1, Math.floor(database.pool.options.max / 2));

class AbandonedError extends Error {
  constructor() {
    super('The client went away before the answer was complete.');
    this.name = 'AbortError';
  }
}

/** Aborted when the response is closed before it was completely written. */
function abandonedSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const raw = reply.raw;
  const onClose = () => {
    if (!raw.writableFinished) controller.abort(new AbandonedError());
  };
  // A client can be gone before its request is reached: then nothing is left to hear.
  if (raw.destroyed || raw.socket?.destroyed === true) onClose();
  else raw.once('close', onClose);
  return controller.signal;
}

/**
 * One user cannot occupy the server with expensive requests: beyond EXPENSIVE_PER_USER under way
 * they are answered 429 at once, before any work. A request keeps its place until its work has
 * ended, not until its client leaves, so abandoning requests frees nothing early. Their database
 * work takes fair turns between users, and an abandoned request's query is cancelled. When more
 * of it is waiting for its turn than the database can serve within SHED_AFTER_MS, a new one is
 * answered 503 with Retry-After at once rather than left to time out.
 */
export function registerExpensiveLimit(app: FastifyInstance, database: Database): void {
  const gate = new WorkGate(gateCapacity(database));
  const places = workPlaces(database, EXPENSIVE_PER_USER, (err) =>
    app.log.warn({ err }, "an expensive request's place could not be given back; it expires"),
  );

  app.decorateRequest('work', function notExpensive(): never {
    throw new Error('request.work is only for routes declared expensive');
  });
  app.decorateRequest('holdPlaceUntil', function notExpensive(): never {
    throw new Error('request.holdPlaceUntil is only for routes declared expensive');
  });
  app.decorateRequest('abandoned', null as unknown as AbortSignal);

  app.addHook('onRoute', (route) => {
    if (!route.config?.expensive) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function expensive(this: FastifyInstance, request: FastifyRequest, reply) {
      // A key has places of its own, apart from its creator's.
      const session = request.session;
      const userId = session?.apiKey ? -session.apiKey.id : session?.user.id;
      if (userId === undefined) return handler.call(this, request, reply);
      // More reading waits for the database than it can serve in a few seconds: shed at once.
      if (gate.expectedWaitMs() > SHED_AFTER_MS) throw new ServiceUnavailableError();
      const release = await places.take(userId);
      const abandoned = abandonedSignal(reply);
      let held: Promise<unknown> | null = null;
      request.abandoned = abandoned;
      request.holdPlaceUntil = (until) => {
        held = until;
      };
      request.work = (task) => gate.turn(userId, abandoned, () => withCancel(database, abandoned, task));
      try {
        return await handler.call(this, request, reply);
      } finally {
        if (held) void (held as Promise<unknown>).catch(() => undefined).finally(release);
        // Given back before the answer goes out, so the user's next request finds it free.
        else await release();
      }
    };
  });
}

export { AbandonedError };
