import { TAB_HEADER, tabIdSchema, type LiveEvent } from '@vp/contract';
import type {
  FastifyInstance,
  FastifyRequest,
  onResponseAsyncHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
} from 'fastify';
import type { LiveHub } from './live.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A successful write of this route is announced on the live channel as this type of event. */
    live?: LiveEvent['type'];
  }
  interface FastifyRequest {
    /** The id a create answered with: the site a POST made. */
    liveCreatedId: number | null;
  }
}

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The site a write touched: in its path, its body (a save names its rowKey) or its answer (a create). */
function siteOf(request: FastifyRequest): number | null {
  const params = request.params as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  return idOf(params?.id) ?? idOf(body?.rowKey) ?? request.liveCreatedId;
}

/** The browser tab the write came from, when it named itself. */
function tabOf(request: FastifyRequest): string | undefined {
  const parsed = tabIdSchema.safeParse(request.headers[TAB_HEADER.toLowerCase()]);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Writes declared `config.live` announce themselves once answered with success: to the sockets of
 * the vendor they acted for, naming the site, who acted and from which browser tab. The event carries no content; clients
 * refetch what it names. It is published after the answer, so only a committed change is announced.
 */
export function registerLiveWrites(app: FastifyInstance, live: LiveHub): void {
  app.decorateRequest('liveCreatedId', null);

  const nameCreated: onSendHookHandler = (request, reply, payload, done) => {
    if (request.method === 'POST' && reply.statusCode === 201 && typeof payload === 'string') {
      try {
        request.liveCreatedId = idOf((JSON.parse(payload) as { id?: unknown }).id);
      } catch {
        // Not JSON: nothing to name.
      }
    }
    done(null, payload);
  };
  const announce: onResponseAsyncHookHandler = async (request, reply) => {
    const type = request.routeOptions.config.live;
    if (!type || reply.statusCode >= 300 || request.vendorId === null || !request.session) return;
    const siteId = siteOf(request);
    const deleted = request.method === 'DELETE';
    await live
      .publish(
        { vendorId: request.vendorId },
        {
          type,
          context: siteId === null ? 'vendor' : 'website',
          siteId,
          username: request.session.apiKey
            ? `API key ${request.session.apiKey.name}`
            : request.session.user.username,
          action: deleted ? 'delete' : 'update',
          tab: tabOf(request),
        },
      )
      .catch((err: unknown) => request.log.warn({ err }, 'live event not published'));
  };

  // Only the routes that announce carry the hooks: every other request goes without them.
  app.addHook('onRoute', (route) => {
    if (!route.config?.live) return;
    route.onSend = [...hooksOf(route.onSend), nameCreated as onSendHookHandler];
    route.onResponse = [...hooksOf(route.onResponse), announce as onResponseHookHandler];
  });
}

const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
