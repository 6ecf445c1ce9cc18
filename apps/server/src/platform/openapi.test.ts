import { WEBHOOK_EVENT_TYPES, NDJSON_TYPE, XLSX_TYPE, apiErrorSchema } from '@vp/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setup, type TestContext } from '../../test/helper.ts';
import { registerApiSchemas } from './openapi.ts';

/** The published document covers every API route the app serves, with its access and error shape. */

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown; examples?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  openapi: string;
  info: { title: string };
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const PROBE = '/api/test-probe/wrong-shape';
const EXTRA_FIELDS = '/api/test-probe/extra-fields';

let t: TestContext;
let doc: Document;
beforeAll(async () => {
  t = await setup({
    extend(app) {
      // An answer that breaks its own schema: the serializer must refuse to send it.
      app.get(
        PROBE,
        {
          config: { access: 'public' },
          schema: { hide: true, response: { 200: z.object({ id: z.number().int() }) } },
        },
        async () => ({ id: 'not a number' }),
      );
      app.get(
        EXTRA_FIELDS,
        {
          config: { access: 'public' },
          schema: { hide: true, response: { 200: z.object({ id: z.number().int() }) } },
        },
        async () => ({ id: 7, passwordHash: 'secret' }),
      );
    },
  });
  const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
});
afterAll(async () => t?.close());

const DOCS_ROUTES = [
  '/api/openapi.json',
  '/api/docs',
  '/api/docs/init.js',
  '/api/docs/theme.css',
  '/api/docs/scalar.js',
];

function apiRoutes() {
  return t.app.routeAccess.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      r.method !== 'HEAD' &&
      !DOCS_ROUTES.includes(r.url) &&
      r.url !== PROBE &&
      r.url !== EXTRA_FIELDS,
  );
}

const openapiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
const operation = (method: string, url: string) => doc.paths[openapiPath(url)]?.[method.toLowerCase()];

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the Vendor Portal API', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Vendor Portal API');
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists every API route the app serves, and no other', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((r) => !operation(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${openapiPath(r.url)}`).sort());
  });

  it('gives each route a summary, its module tag, and the answer and error shapes', () => {
    for (const r of apiRoutes()) {
      const op = operation(r.method, r.url)!;
      const label = `${r.method} ${r.url}`;
      expect(op.summary, label).toBeTruthy();
      expect(op.tags, label).toHaveLength(1);
      if (r.url === '/api/websocket') {
        // The live channel answers by switching to a WebSocket.
        expect(op.responses['101'], label).toBeTruthy();
        expect(op.description, label).toContain('AUTHENTICATE');
        continue;
      }
      if (r.url === '/api/login/sso/start' || r.url === '/api/login/sso/callback') {
        // Single sign-on's two legs answer the browser with a redirect.
        expect(op.description, label).toContain('302');
        continue;
      }
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(success.length, label).toBe(1);
      // The exports stream NDJSON or the spreadsheet, a download the file itself, the signing page's
      // document and a signer's sealed copy the PDF, a profile picture and a check's screenshot the image; the rest is JSON.
      const type =
        r.url === '/api/portal/websites/export'
          ? NDJSON_TYPE
          : r.url === '/api/portal/websites/export.xlsx'
            ? XLSX_TYPE
            : (r.url === '/api/document/:id' || r.url === '/api/resources/:id/file') && r.method === 'GET'
              ? 'application/octet-stream'
              : r.url === '/api/sign/:token/document' || r.url === '/api/signed/:token'
                ? 'application/pdf'
                : r.url === '/api/avatars/:token'
                  ? 'image/webp'
                  : r.url === '/api/portal/websites/:id/compliance/checks/:checkId/screenshot'
                    ? 'image/png'
                    : 'application/json';
      expect(op.responses[success[0]!]!.content?.[type]?.schema, label).toBeTruthy();
      // Health never refuses a request; it answers 503 in the same shape when the database is down.
      const refusal = r.url === '/api/health' ? '503' : '4XX';
      const refused = op.responses[refusal]?.content?.['application/json']?.schema;
      expect(refused, label).toMatchObject({
        type: 'object',
        properties: { code: { type: 'integer' }, message: { type: 'string' } },
        required: ['code', 'message'],
      });
    }
  });

  it('marks public routes public, the others bearer, and vendor routes with the Vendor header', () => {
    for (const r of apiRoutes()) {
      const op = operation(r.method, r.url)!;
      const label = `${r.method} ${r.url}`;
      const vendorHeader = (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'vendor');
      if (r.access === 'public') {
        // Login and registration name the credentials they read; the rest need none.
        if (r.url === '/api/login') expect(op.security, label).toEqual([{ basic: [] }]);
        else if (r.url === '/api/profile/register') expect(op.security, label).toEqual([{ session: [] }]);
        else expect(op.security, label).toEqual([]);
      } else {
        // A route open to API keys names the scope a key needs.
        expect(op.security, label).toEqual([
          { session: [] },
          ...(r.keyScope ? [{ apiKey: [r.keyScope] }] : []),
        ]);
      }
      expect(vendorHeader, label).toBe(r.access === 'vendor-read' || r.access === 'vendor-write');
    }
  });

  it('declares the API key scheme and the scope of each operation open to keys', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const scopeOf = (method: string, url: string) =>
      (operation(method, url)!.security as Record<string, string[]>[]).find((s) => s.apiKey)?.apiKey ?? null;
    expect(scopeOf('GET', '/api/portal/websites')).toEqual(['read']);
    expect(scopeOf('POST', '/api/portal/websites')).toEqual(['websites']);
    expect(scopeOf('POST', '/api/documents')).toEqual(['documents']);
    expect(scopeOf('PUT', '/api/document/:id/signatures/void')).toEqual(['forms']);
    expect(scopeOf('POST', '/api/comments')).toEqual(['comments']);
    for (const closed of [
      '/api/api-keys',
      '/api/webhooks',
      '/api/notifications',
      '/api/profile',
      '/api/admin/queue',
    ])
      expect(scopeOf('GET', closed), closed).toBeNull();
  });

  it('describes what each webhook event delivers, and how it is signed', () => {
    const hooks = (doc as unknown as { webhooks: Record<string, { post: Record<string, unknown> }> })
      .webhooks;
    expect(Object.keys(hooks)).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test']);
    const post = hooks['website.activated']!.post as {
      parameters: { name: string }[];
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(post.parameters.map((p) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(post.requestBody.content['application/json']!.schema.properties.type).toEqual({
      const: 'website.activated',
    });
  });

  it('carries examples on the main request bodies', () => {
    for (const [method, url] of [
      ['POST', '/api/portal/websites'],
      ['PUT', '/api/portal/websites'],
      ['POST', '/api/portal/websites/:id/termination'],
      ['POST', '/api/portal/websites/:id/domain-change'],
      ['POST', '/api/websites/:id/team'],
      ['POST', '/api/ticket'],
    ] as const) {
      const media = operation(method, url)?.requestBody?.content['application/json'];
      expect(media?.example ?? media?.examples, `${method} ${url}`).toBeTruthy();
    }
  });
});

describe('answers are checked against their schema', () => {
  it('refuses to send an answer that breaks it, as a server error in the error shape', async () => {
    const res = await t.inject({ method: 'GET', url: PROBE });
    expect(res.statusCode).toBe(500);
    expect(apiErrorSchema.parse(res.json())).toEqual({ code: 500, message: 'Internal server error' });
  });

  it('keeps only the fields the schema names', async () => {
    const res = await t.inject({ method: 'GET', url: EXTRA_FIELDS });
    expect(res.json()).toEqual({ id: 7 });
  });

  it('refuses, when the route is added, an answer schema with a transform', async () => {
    const app = Fastify();
    await registerApiSchemas(app);
    app.get(
      '/api/transformed',
      { schema: { response: { 200: z.object({ at: z.string().transform((s) => s.length) }) } } },
      async () => ({ at: 'x' }),
    );
    await expect(app.ready()).rejects.toThrow('The answer schema of GET /api/transformed cannot be checked');
    await app.close();
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page with a CSP that lets its own scripts run and nothing else', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Vendor Portal API</title>');
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1);
    expect(directive('default-src')).toEqual(["'none'"]);
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('connect-src')).toEqual(["'self'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);

    // Every script is a same-origin file (no inline code, which the CSP would block) that answers.
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src).toMatch(/^\/api\/docs\//);
      const file = await t.inject({ method: 'GET', url: src!, headers: { 'accept-encoding': 'gzip' } });
      expect(file.statusCode, src).toBe(200);
      expect(file.headers['content-type'], src).toMatch(/^text\/javascript/);
      expect(file.rawPayload.length, src).toBeGreaterThan(20);
    }
    const init = await t.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain('"url":"/api/openapi.json"');
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(res.body)?.[1];
    const css = await t.inject({ method: 'GET', url: stylesheet! });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toMatch(/#1890ff/i);
  });

  it('keeps the web app’s policy on pages, and the data policy on JSON answers', async () => {
    const page = await t.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const json = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
