import websocket from '@fastify/websocket';
import {
  LIVE_CLOSE_ORIGIN,
  LIVE_CLOSE_REFUSED,
  LIVE_PATH,
  LIVE_SUBSCRIBED,
  liveAuthenticateSchema,
  type LiveEvent,
} from '@vp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { EventBus } from './events.ts';
import type { LiveTarget } from './live.ts';
import { errorResponses } from './openapi.ts';
import { resolveVendor } from './scope.ts';
import { loadSessionUser, type SessionService } from './sessions.ts';

/**
 * The live channel's server (spec §7): a socket authenticates with its session token and the vendor
 * it acts for, then receives that vendor's events. Events come from the bus, so one published on
 * any instance reaches the sockets of every instance. A socket is closed with 1011 (the client
 * does not come back) when its token or vendor is refused, when its session ends, or when its user
 * or vendor may no longer act; with 1008 when it misbehaves.
 */

export interface LiveServerOptions {
  db: Db;
  bus: EventBus;
  sessions: SessionService;
  /** The portal's own origin; a handshake from any other is refused. */
  publicUrl: string;
  /** Extra origins allowed (e.g. the dev server). */
  allowedOrigins?: string[];
  /** A socket must authenticate within this time (default 10 s). */
  authTimeoutMs?: number;
  /** Heartbeat: a socket that answers no ping within this is dropped (default 30 s). */
  heartbeatMs?: number;
  /** How often the sockets' sessions are checked against their limits (default: the heartbeat). */
  sessionCheckMs?: number;
}

export const LIVE_PLAIN_REQUEST = 'This address is the live channel: open it as a WebSocket.';

/** A frame is at most this big: an AUTHENTICATE message is about 150 bytes. */
export const LIVE_MAX_FRAME_BYTES = 1_024;
/** Messages a client may send per window before it is closed (it normally sends one). */
const MESSAGES_PER_WINDOW = 10;
const WINDOW_MS = 10_000;

export const LIVE_CLOSE = {
  refused: LIVE_CLOSE_REFUSED,
  origin: LIVE_CLOSE_ORIGIN,
  policy: 1008,
  /** Sent to every socket when this instance may have missed events: the client comes back and refetches. */
  catchUp: 1012,
} as const;

interface Subscriber {
  socket: WebSocket;
  userId: number;
  staff: boolean;
  vendorId: number;
  tokenHash: string;
  /** The session's start and its last activity as last read: the socket ends when either limit passes. */
  createdAt: number;
  lastSeenAt: number;
}

interface SocketState {
  socket: WebSocket;
  sub: Subscriber | null;
  messages: number;
  windowStart: number;
  alive: boolean;
}

export interface LiveServerStats {
  sockets: number;
  subscribed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveStats(): LiveServerStats;
  }
}

export async function registerLiveServer(app: FastifyInstance, options: LiveServerOptions): Promise<void> {
  const { db, bus, sessions } = options;
  const origins = new Set([new URL(options.publicUrl).origin, ...(options.allowedOrigins ?? [])]);
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const sessionCheckMs = options.sessionCheckMs ?? heartbeatMs;

  const states = new Set<SocketState>();
  const byVendor = new Map<number, Set<Subscriber>>();
  /** MLS staff's sockets: the console hears every vendor's changes, not only those of the vendor it acts for. */
  const staffSubs = new Set<Subscriber>();

  const index = (sub: Subscriber) => {
    let set = byVendor.get(sub.vendorId);
    if (!set) byVendor.set(sub.vendorId, (set = new Set()));
    set.add(sub);
    if (sub.staff) staffSubs.add(sub);
  };
  const unindex = (sub: Subscriber) => {
    const set = byVendor.get(sub.vendorId);
    set?.delete(sub);
    if (set?.size === 0) byVendor.delete(sub.vendorId);
    staffSubs.delete(sub);
  };
  const subscribers = function* () {
    for (const set of byVendor.values()) yield* set;
  };
  const close = (state: SocketState | Subscriber, code: number, reason: string) => {
    const socket = state.socket;
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(code, reason);
  };

  const deliver = (target: LiveTarget, event: LiveEvent) => {
    const set = byVendor.get(target.vendorId);
    const users = target.userIds ? new Set(target.userIds) : null;
    const frame = JSON.stringify(event);
    for (const sub of set ?? []) {
      if (target.staffOnly && !sub.staff) continue;
      if (users && !users.has(sub.userId)) continue;
      if (sub.socket.readyState === sub.socket.OPEN) sub.socket.send(frame);
    }
    // A change of a site or file of any vendor reaches staff acting for another (the approval queue
    // refreshes); what is addressed to named users (their notifications) does not.
    if (users || (event.type !== 'website' && event.type !== 'document')) return;
    for (const sub of staffSubs) {
      if (sub.vendorId === target.vendorId) continue;
      if (sub.socket.readyState === sub.socket.OPEN) sub.socket.send(frame);
    }
  };

  /** Whether a subscriber's user may still act for its vendor; closes it when not. */
  const recheck = async (subs: Subscriber[]) => {
    const users = new Map<number, Awaited<ReturnType<typeof loadSessionUser>>>();
    for (const sub of subs) {
      if (!users.has(sub.userId)) users.set(sub.userId, await loadSessionUser(db, sub.userId));
      const user = users.get(sub.userId);
      const allowed =
        !!user?.active &&
        user.acceptedTOS &&
        (await resolveVendor(db, user, String(sub.vendorId)).then(
          () => true,
          () => false,
        ));
      if (!allowed) close(sub, LIVE_CLOSE.refused, 'Access ended');
    }
  };

  const offs = [
    bus.subscribe('live.event', ({ target, event }) => deliver(target, event)),
    // Documents announce their changes on the bus already; each instance tells its own sockets.
    bus.subscribe('document.changed', (d) =>
      deliver(
        { vendorId: d.vendorId },
        {
          type: 'document',
          context: d.websiteId === null ? 'vendor' : 'website',
          siteId: d.websiteId,
          username: d.username,
          action: d.action === 'deleted' ? 'delete' : 'update',
        },
      ),
    ),
    bus.subscribe('session.ended', ({ tokenHashes, userId }) => {
      const hashes = new Set(tokenHashes ?? []);
      for (const sub of subscribers())
        if (hashes.has(sub.tokenHash) || sub.userId === userId)
          close(sub, LIVE_CLOSE.refused, 'Session ended');
    }),
    bus.subscribe('user.changed', ({ userId }) => {
      const subs = [...subscribers()].filter((s) => s.userId === userId);
      if (subs.length)
        void recheck(subs).catch((err: unknown) => app.log.warn({ err }, 'live recheck failed'));
    }),
    bus.subscribe('vendor.changed', ({ vendorId }) => {
      const subs = [...(byVendor.get(vendorId) ?? [])];
      if (subs.length)
        void recheck(subs).catch((err: unknown) => app.log.warn({ err }, 'live recheck failed'));
    }),
    bus.onGap(() => {
      for (const state of states) close(state, LIVE_CLOSE.catchUp, 'Reconnect to catch up');
    }),
  ];

  const authenticate = async (state: SocketState, raw: string) => {
    let message;
    try {
      message = liveAuthenticateSchema.parse(JSON.parse(raw));
    } catch {
      close(state, LIVE_CLOSE.policy, 'Unsupported message');
      return;
    }
    try {
      const session = await sessions.resolve(message.token);
      if (!session.user.acceptedTOS) throw new Error('terms not accepted');
      const vendorId = await resolveVendor(db, session.user, String(message.vendorId));
      if (state.socket.readyState !== state.socket.OPEN) return;
      if (state.sub) unindex(state.sub);
      state.sub = {
        socket: state.socket,
        userId: session.user.id,
        staff: session.user.role === 'admin',
        vendorId,
        tokenHash: session.tokenHash,
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
      };
      index(state.sub);
      state.socket.send(LIVE_SUBSCRIBED);
    } catch {
      close(state, LIVE_CLOSE.refused, 'Unauthorized');
    }
  };

  app.decorate('liveStats', () => ({
    sockets: states.size,
    subscribed: [...byVendor.values()].reduce((n, s) => n + s.size, 0),
  }));

  /**
   * A socket lives no longer than its session: past the absolute limit it closes; past the idle
   * limit as last read, the session is read again (the user's requests elsewhere keep it alive).
   */
  const expire = async () => {
    for (const state of states) {
      const sub = state.sub;
      if (!sub || sessions.withinLimits(sub)) continue;
      const session = await sessions.live(sub.tokenHash);
      if (session) sub.lastSeenAt = session.lastSeenAt;
      else close(sub, LIVE_CLOSE.refused, 'Session expired');
    }
  };

  const sessionCheck = setInterval(() => {
    void expire().catch((err: unknown) => app.log.warn({ err }, 'live session check failed'));
  }, sessionCheckMs);
  sessionCheck.unref();

  const heartbeat = setInterval(() => {
    for (const state of states) {
      if (!state.alive) {
        state.socket.terminate();
        continue;
      }
      state.alive = false;
      state.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    for (const off of offs) off();
    for (const state of states) state.socket.terminate();
  });

  const portal = new URL(options.publicUrl).origin;
  /**
   * The portal's own origin, or the origin the page was served from (the same host the socket
   * asks for: the portal reached by another of its names). A page of another site cannot pass:
   * browsers set Origin themselves. Browsers always send it on a WebSocket handshake; other
   * clients (monitoring, benches) may leave it out, and gain nothing by it: the token decides.
   */
  const originAllowed = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined || origins.has(origin)) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  };

  // The WebSocket plugin hooks every request of the scope it is registered in: only the live
  // channel's route is in that scope, so other requests skip its hooks.
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: { maxPayload: LIVE_MAX_FRAME_BYTES, perMessageDeflate: false },
    });
    scope.route({
      method: 'GET',
      url: LIVE_PATH,
      config: { access: 'public' },
      schema: {
        tags: ['live'],
        summary: 'The live channel: a WebSocket that receives the events of one vendor',
        description:
          "Open as a WebSocket (from the portal's own origin), then send " +
          '`{"action":"AUTHENTICATE","token":"<session token>","vendorId":<id>}` within 10 s. The answer is the text ' +
          '`Subscribed Successfully`, then one JSON event per change: `{type, context, siteId, username, action}` ' +
          '(type comment, website, document, notification or contact; action update or delete). The socket is ' +
          'closed with 1011 when the token or vendor is refused or the session ends (do not reconnect), with 4403 ' +
          "when the page's origin is neither the portal's nor the host asked for (the reason is the portal's address), with 1008 " +
          'when a frame is not an AUTHENTICATE message, is larger than 1 KB, or more than 10 arrive in 10 s, and ' +
          'with 1012 when the server may have missed events (reconnect and refetch).',
        response: {
          101: z.null().describe('Switching Protocols: the WebSocket is open.'),
          ...errorResponses,
        },
      },
      // A plain request (no upgrade) is told what this address is.
      handler: async (_request, reply) =>
        reply.status(426).header('upgrade', 'websocket').send({ code: 426, message: LIVE_PLAIN_REQUEST }),
      wsHandler: (socket, request) => {
        // A refused handshake reaches a page only as a lost connection; a close with a code and
        // the portal's address lets the page say why live updates are off. Nothing is read first.
        if (!originAllowed(request)) {
          socket.close(LIVE_CLOSE.origin, portal);
          return;
        }
        const state: SocketState = { socket, sub: null, messages: 0, windowStart: Date.now(), alive: true };
        states.add(state);
        const timer = setTimeout(() => {
          if (!state.sub) close(state, LIVE_CLOSE.refused, 'Authenticate first');
        }, authTimeoutMs);
        timer.unref();
        socket.on('pong', () => {
          state.alive = true;
        });
        socket.on('message', (data, isBinary) => {
          const now = Date.now();
          if (now - state.windowStart > WINDOW_MS) {
            state.windowStart = now;
            state.messages = 0;
          }
          if (++state.messages > MESSAGES_PER_WINDOW) {
            close(state, LIVE_CLOSE.policy, 'Too many messages');
            return;
          }
          if (isBinary) {
            close(state, LIVE_CLOSE.policy, 'Unsupported message');
            return;
          }
          void authenticate(state, String(data));
        });
        socket.on('error', () => socket.terminate());
        socket.on('close', () => {
          clearTimeout(timer);
          states.delete(state);
          if (state.sub) unindex(state.sub);
        });
      },
    });
  });
}
