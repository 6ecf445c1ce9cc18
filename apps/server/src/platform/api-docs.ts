import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_TITLE } from './openapi.ts';

/**
 * The published API: the OpenAPI document at /api/openapi.json and a readable reference at
 * /api/docs (Scalar, served from our own origin). The page loads its script and settings as files,
 * so it runs under a CSP without inline scripts or other origins.
 */

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // The reference writes its component styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  // The document, and "try it" calls to this API only.
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${API_TITLE}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/api/docs/theme.css" />
  </head>
  <body>
    <div id="app"></div>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const SETTINGS = {
  url: '/api/openapi.json',
  pageTitle: API_TITLE,
  // Fonts, the hosted client and telemetry would reach other origins.
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  defaultOpenAllTags: false,
};

const INIT = `Scalar.createApiReference('#app', ${JSON.stringify(SETTINGS)});\n`;

/** The portal's blue (#1890ff), a shade darker on light backgrounds for the contrast of text. */
const THEME = `html body.light-mode {
  --scalar-color-accent: #0958d9;
  --scalar-background-accent: #e6f4ff;
}
html body.dark-mode {
  --scalar-color-accent: #1890ff;
  --scalar-background-accent: #111d2c;
}
html body {
  --scalar-font: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
`;

/** The reference's browser bundle, shipped inside its Fastify package; read and compressed once. */
let bundle: { plain: Buffer; gzip: Buffer } | null = null;
function scalarBundle(): { plain: Buffer; gzip: Buffer } {
  if (!bundle) {
    const entry = createRequire(import.meta.url).resolve('@scalar/fastify-api-reference');
    const plain = fs.readFileSync(path.join(path.dirname(entry), 'js', 'standalone.js'));
    bundle = { plain, gzip: zlib.gzipSync(plain) };
  }
  return bundle;
}

const hidden = { schema: { hide: true }, config: { access: 'public' as const, csp: DOCS_CSP } };

export function registerApiDocs(app: FastifyInstance): void {
  let document: string | null = null;
  app.get(
    '/api/openapi.json',
    { schema: { hide: true }, config: { access: 'public' } },
    async (_r, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
    },
  );

  const text = (type: string, body: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type(type).header('cache-control', 'no-cache').send(body);
  app.get('/api/docs', hidden, text('text/html; charset=utf-8', PAGE));
  app.get('/api/docs/init.js', hidden, text('text/javascript; charset=utf-8', INIT));
  app.get('/api/docs/theme.css', hidden, text('text/css; charset=utf-8', THEME));
  app.get('/api/docs/scalar.js', hidden, async (request, reply) => {
    const { plain, gzip } = scalarBundle();
    const gzipped = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400');
    reply.header('vary', 'accept-encoding');
    if (gzipped) reply.header('content-encoding', 'gzip');
    return reply.send(gzipped ? gzip : plain);
  });
}
