import { Messages } from '@vp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A request that reads much (list pages, searches, the export): limited per user at a time. */
    expensive?: boolean;
  }
}

/** How many expensive requests one user may have running at once; a browser needs two or three. */
export const EXPENSIVE_PER_USER = 4;

const running = Symbol('expensive');
type Counted = FastifyRequest & { [running]?: number };

/**
 * One user cannot occupy the server with parallel expensive requests: beyond the limit they are
 * answered 429 at once, before any work, so other tenants keep their share.
 */
export function registerExpensiveLimit(app: FastifyInstance): void {
  const perUser = new Map<number, number>();
  app.addHook('preHandler', async (request: Counted) => {
    if (!request.routeOptions.config?.expensive || !request.session) return;
    const userId = request.session.user.id;
    const now = perUser.get(userId) ?? 0;
    if (now >= EXPENSIVE_PER_USER) throw new TooManyRequestsError(Messages.tooManyAtOnce);
    perUser.set(userId, now + 1);
    request[running] = userId;
  });
  app.addHook('onResponse', async (request: Counted) => {
    const userId = request[running];
    if (userId === undefined) return;
    request[running] = undefined;
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left <= 0) perUser.delete(userId);
    else perUser.set(userId, left);
  });
}
