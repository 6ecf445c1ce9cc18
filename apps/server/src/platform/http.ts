import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Messages } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import { BadRequestError, LARGE_BODY } from './errors.ts';

/**
 * Antd writes its styles inline at run time, hence 'unsafe-inline' for styles only; scripts come
 * from our own origin alone. frame-ancestors 'none' keeps the portal out of other sites' frames.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The spreadsheet export zips in workers that its library starts from blob: URLs.
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own policy, for pages that need another than the web app's (the API reference). */
    csp?: string;
  }
}

/** Browser features the portal never uses, refused to any page or frame it serves. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'display-capture=()',
].join(', ');

/** Once a browser has reached the portal over HTTPS, it uses nothing else for a year. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * What a JSON answer needs, and no more: it is data for the app's own scripts, never a page, so
 * it may load nothing and sit in no frame. The page-level policies (features, opener, referrer)
 * say nothing to a JSON body and would only add half a kilobyte to every call.
 */
export const DATA_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Security headers: pages, files and the API reference get the full set; JSON answers a short one. */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const secure = publicUrl.startsWith('https://');
  const forData: Record<string, string> = {
    'content-security-policy': DATA_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const forPages: Record<string, string> = {
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Mailed links carry one-off tokens in the query string; never pass them on as a referrer.
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (secure) {
    forData['strict-transport-security'] = STRICT_TRANSPORT_SECURITY;
    forPages['strict-transport-security'] = STRICT_TRANSPORT_SECURITY;
  }
  // A callback hook, set once per answer: it runs on every request, so it costs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const api = request.url.startsWith('/api');
    const type = reply.getHeader('content-type');
    if (api && typeof type === 'string' && type.startsWith('application/json')) {
      reply.headers(forData);
    } else {
      reply.headers(forPages);
      // A route that set its own policy (a stored picture's, say) keeps it.
      if (!reply.hasHeader('content-security-policy'))
        reply.header('content-security-policy', request.routeOptions.config?.csp ?? CONTENT_SECURITY_POLICY);
    }
    if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** JSON bodies; an empty body reads as no body (clients often send the header anyway). */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body.trim() : body.toString('utf8').trim();
    if (!text) {
      done(null, undefined);
      return;
    }
    try {
      // Prototype keys have no business in a request and could poison merged objects. A reviver
      // makes parsing several times slower, so it runs only on a body that could hold such a key
      // (written out, or with an escape in a name).
      const risky = text.includes('__proto__') || text.includes('\\u');
      const parsed: unknown = risky
        ? JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value))
        : JSON.parse(text);
      // A large body (an import's thousands of rows) goes on to its checks on a later turn of the
      // event loop: parsing, checking and validating it in one stretch would hold the main thread.
      if (text.length > LARGE_BODY) setImmediate(() => done(null, parsed));
      else done(null, parsed);
    } catch {
      done(new BadRequestError('The request body is not valid JSON.'), undefined);
    }
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A path with a part that begins with a dot (`/.vite/manifest.json`, `/.build-stamp`, `/.env`): the
 * build's own records, never a page or an asset, answered 404 like any unknown file.
 */
export function hasDotSegment(pathName: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    return true;
  }
  return decoded.split(/[\\/]/).some((part) => part.startsWith('.'));
}

/**
 * The built web app: hashed files under /assets cached for a year, everything else revalidated;
 * the .br/.gz files the build writes are served to clients that accept them. Any other GET that is
 * not a file is a client-side route and gets index.html.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      cacheControl: false,
      serveDotFiles: false,
      allowedPath: (pathName) => !hasDotSegment(pathName),
      setHeaders(reply, filePath) {
        const rel = path.relative(webDist, filePath).split(path.sep);
        reply.header('cache-control', rel[0] === 'assets' ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isPage =
      hasWeb &&
      !hasDotSegment(url.split('?')[0] ?? '') &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith('/assets/');
    if (isPage) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ code: 404, message: Messages.notFound });
  });
  return hasWeb;
}
