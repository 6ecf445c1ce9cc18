import { ApiKeyMessages, isApiKeySecret, Messages, type ApiKeyScope } from '@vp/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { vendors } from '../db/schema.ts';
import { ForbiddenError, NotFoundError, sessionErrors } from './errors.ts';
import type { ApiKeyService } from './api-keys.ts';
import type { Session, SessionService, SessionUser } from './sessions.ts';

/**
 * The one place that decides who may call what. Every route declares `config.access`:
 * - public: no session;
 * - session: a live session; own-account actions (profile, terms, logout), allowed to viewers;
 * - vendor-read: a session acting for a vendor (request.vendorId);
 * - vendor-write: as vendor-read, and the role may change vendor data (viewers may not);
 * - staff: the MLS staff console, for the admin role only; to anyone else the route does not exist
 *   (404), so its calls cannot even be discovered by a vendor.
 * API routes that forget to declare it are treated as `session`, never as public.
 */
export const ACCESS_LEVELS = ['public', 'session', 'vendor-read', 'vendor-write', 'staff'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The scope an API key needs, or null when keys may not call it. */
  keyScope: ApiKeyScope | null;
}

/** The scope an API key needs for a route, or null when the route is closed to keys. */
export function keyScopeOf(access: Access, declared: ApiKeyScope | false | undefined): ApiKeyScope | null {
  if (declared === false) return null;
  if (access === 'vendor-read') return declared ?? 'read';
  if (access === 'vendor-write') return declared ?? null;
  return null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The scope an API key needs for this call. A `vendor-read` route needs `read` unless it says
     * otherwise; any other route is closed to keys unless it names a scope. `false` closes a
     * vendor route to keys (the keys themselves, the webhooks).
     */
    keyScope?: ApiKeyScope | false;
  }
  interface FastifyRequest {
    session: Session | null;
    vendorId: number | null;
  }
  interface FastifyInstance {
    /** Every route with its access level, for tests that must cover each write route. */
    routeAccess: RouteAccess[];
  }
}

/** Judged by the route, not the request path: the web app's catch-all file route is public. */
const defaultAccess = (routeUrl: string): Access => (routeUrl.startsWith('/api') ? 'session' : 'public');

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}

/** The session of a route declared `session` or stricter. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw sessionErrors.invalid();
  return request.session;
}

/** The acting vendor of a route declared `vendor-read` or `vendor-write`. */
export function vendorOf(request: FastifyRequest): number {
  if (request.vendorId === null) throw new ForbiddenError(Messages.vendorNotLinked);
  return request.vendorId;
}

async function vendorExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, id)).limit(1);
  return !!row;
}

async function firstVendor(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).orderBy(vendors.id).limit(1);
  return row?.id ?? null;
}

/** Primary vendor, or the `Vendor` header when it names an active linked account (admin: any vendor). */
export async function resolveVendor(db: Db, user: SessionUser, header: string | undefined): Promise<number> {
  const raw = header?.trim();
  if (raw) {
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id)) throw new ForbiddenError(Messages.vendorNotLinked);
    if (user.role === 'admin') {
      if (await vendorExists(db, id)) return id;
      throw new ForbiddenError(Messages.vendorNotLinked);
    }
    const link = user.links.find((l) => l.vendorId === id);
    if (link?.active) return id;
    throw new ForbiddenError(link?.suspended ? Messages.vendorSuspended : Messages.vendorNotLinked);
  }
  if (user.primaryVendorId !== null) return user.primaryVendorId;
  if (user.role === 'admin') {
    const id = await firstVendor(db);
    if (id !== null) return id;
  }
  // A suspended vendor's users keep their session (profile, logout) but act for no vendor.
  throw new ForbiddenError(
    user.links.some((l) => l.suspended) ? Messages.vendorSuspended : Messages.vendorNotLinked,
  );
}

export function registerScope(
  app: FastifyInstance,
  deps: { db: Db; sessions: SessionService; apiKeys: ApiKeyService },
): void {
  app.decorateRequest('session', null);
  app.decorateRequest('vendorId', null);
  app.decorate('routeAccess', [] as RouteAccess[]);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access ?? defaultAccess(route.url);
    const keyScope = keyScopeOf(access, route.config?.keyScope);
    for (const method of methods) app.routeAccess.push({ method, url: route.url, access, keyScope });
  });

  app.addHook('onRequest', async (request) => {
    // Unknown paths answer 404 whoever asks.
    if (request.is404) return;
    const access = request.routeOptions.config.access ?? defaultAccess(request.routeOptions.url ?? '');
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw sessionErrors.invalid();
    if (isApiKeySecret(token)) {
      const session = await deps.apiKeys.resolve(token, request.ip);
      request.session = session;
      // A key never reaches the console, whose calls do not exist to it.
      if (access === 'staff') throw new NotFoundError();
      const scope = keyScopeOf(access, request.routeOptions.config.keyScope);
      if (!scope) throw new ForbiddenError(ApiKeyMessages.notForKeys);
      if (!session.apiKey?.scopes.includes(scope))
        throw new ForbiddenError(ApiKeyMessages.scopeMissing(scope));
      const header = request.headers.vendor;
      request.vendorId = await resolveVendor(
        deps.db,
        session.user,
        Array.isArray(header) ? header[0] : header,
      );
      if (access === 'vendor-write' && session.user.role === 'viewer')
        throw new ForbiddenError(Messages.readOnly);
      return;
    }
    const session = await deps.sessions.resolve(token);
    request.session = session;
    if (access === 'session') return;
    // Before anything else is said about it: to anyone but staff the route does not exist.
    if (access === 'staff' && session.user.role !== 'admin') throw new NotFoundError();
    // The client sends such users to /tos; the server holds the same line for any other caller.
    if (!session.user.acceptedTOS) throw new ForbiddenError(Messages.tosRequired);
    if (access === 'staff') return;
    const header = request.headers.vendor;
    request.vendorId = await resolveVendor(deps.db, session.user, Array.isArray(header) ? header[0] : header);
    if (access === 'vendor-write' && session.user.role === 'viewer')
      throw new ForbiddenError(Messages.readOnly);
  });
}
