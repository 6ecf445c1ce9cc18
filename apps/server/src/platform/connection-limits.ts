import http from 'node:http';
import net, { type Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerFactory } from 'fastify';

/**
 * What a client may hold of the server, so that no anonymous client can exhaust it: how long it
 * may take to send a request, how slowly it may send a body, how long an idle connection stays
 * open, and how many connections one address may have at once.
 */
export interface ConnectionLimits {
  /** Time for a request's headers to arrive. */
  headersTimeoutMs: number;
  /** Time for a request with a small body (headers and body) to arrive in full. */
  requestGraceMs: number;
  /** Slowest accepted body transfer, in bytes per second: a large upload gets grace + size / rate. */
  minBodyBytesPerSecond: number;
  /** A connection with nothing happening on it is closed after this long. */
  idleTimeoutMs: number;
  /** An idle kept-alive connection waits this long for its next request. */
  keepAliveTimeoutMs: number;
  /** Open connections per client address (0: no cap, e.g. behind a proxy that caps them). */
  maxConnectionsPerAddress: number;
  /** Open connections in all. */
  maxConnections: number;
  /** The largest body any route accepts (the largest upload): bounds the server-wide request timeout. */
  largestBodyBytes: number;
}

/** The body limit of a route that does not set its own. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Bodies of the routes that take more than a few KB. */
export const BODY_LIMITS = {
  /** A drawn signature is a PNG data URL of up to 400,000 characters. */
  signature: 512 * 1024,
  /** A team of many members. */
  team: 256 * 1024,
  /** A support message of up to 5,000 characters. */
  ticket: 64 * 1024,
  /** A comment of up to 4,000 characters, however many bytes each takes once escaped. */
  comment: 64 * 1024,
  /** A bulk import of up to 5,000 rows of five cells. */
  websiteImport: 8 * 1024 * 1024,
  /** A spreadsheet export of up to 50,000 picked websites' keys. */
  websiteExport: 1024 * 1024,
} as const;

const REQUEST_TIMEOUT_TEXT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** The longest any request may take to arrive: the largest body at the slowest accepted rate. */
export const longestRequestMs = (limits: ConnectionLimits): number =>
  limits.requestGraceMs + Math.ceil((limits.largestBodyBytes / limits.minBodyBytesPerSecond) * 1000);

/**
 * The HTTP server, with Node's own limits set from the start (its checks of slow requests run
 * every second rather than every 30 s) and the per-address connection cap.
 */
export function serverFactory(limits: ConnectionLimits): FastifyServerFactory {
  return (handler) => {
    const server = http.createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: longestRequestMs(limits),
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: 1000,
      },
      handler,
    );
    server.setTimeout(limits.idleTimeoutMs, (socket: Socket) => socket.destroy());
    server.maxConnections = limits.maxConnections;
    if (limits.maxConnectionsPerAddress > 0) capPerAddress(server, limits.maxConnectionsPerAddress);
    return server;
  };
}

function capPerAddress(server: http.Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const now = open.get(address) ?? 0;
    if (now >= max) {
      socket.destroy();
      return;
    }
    open.set(address, now + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * A request's body must arrive at the slowest accepted rate: it has the grace time plus its
 * declared length (or, when it does not declare one, the route's limit) at that rate. A client
 * still sending when the time is up is answered 408 and its connection closed.
 */
export function registerBodyDeadline(app: FastifyInstance, limits: ConnectionLimits): void {
  // A callback hook: it runs on every request, so it costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    armBodyDeadline(request, reply, limits);
    done();
  });
}

function armBodyDeadline(request: FastifyRequest, reply: FastifyReply, limits: ConnectionLimits): void {
  const raw = request.raw;
  // Injected requests (tests, in-process calls) have no connection to cut.
  if (raw.complete || !(raw.socket instanceof net.Socket)) return;
  const declared = Number(request.headers['content-length']);
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if (!chunked && !(declared > 0)) return;
  const size =
    declared > 0 ? declared : Math.min(request.routeOptions.bodyLimit ?? 0, limits.largestBodyBytes);
  const allowed = limits.requestGraceMs + Math.ceil((size / limits.minBodyBytesPerSecond) * 1000);
  const timer = setTimeout(() => {
    if (raw.complete) return;
    const socket = raw.socket;
    if (!reply.raw.headersSent && socket.writable) socket.end(REQUEST_TIMEOUT_TEXT);
    else socket.destroy();
    setTimeout(() => socket.destroy(), 1000).unref();
  }, allowed);
  timer.unref();
  reply.raw.once('close', () => clearTimeout(timer));
}
