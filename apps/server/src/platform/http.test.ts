import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../test/helper.ts';
import { CONTENT_SECURITY_POLICY, DATA_SECURITY_POLICY, PERMISSIONS_POLICY } from './http.ts';

let t: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Vendor Portal</title>');
  const js = 'console.log("app");'.repeat(50);
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), js);
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(js));
  // What a build leaves beside the app: its manifest and stamp, never to be served.
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(
    path.join(webDist, '.vite', 'manifest.json'),
    '{"src/main.tsx":{"file":"assets/app-abc123.js"}}',
  );
  fs.writeFileSync(path.join(webDist, '.build-stamp'), 'sources 1234');
  fs.writeFileSync(path.join(webDist, 'assets', '.hidden.js'), 'secret');
  t = await setup({
    env: { WEB_DIST: webDist },
    extend(app) {
      app.get('/api/test-probe/crash', { config: { access: 'public' } }, async () => {
        throw new Error('connection string postgres://secret@db');
      });
      // What a route sees of a JSON body: its own keys, and whether its prototype is the plain one.
      app.post('/api/test-probe/keys', { config: { access: 'public' } }, async (request) => {
        const body = request.body as Record<string, unknown>;
        const nested = body.rows as Record<string, unknown>[] | undefined;
        return {
          keys: Object.getOwnPropertyNames(body),
          plain: Object.getPrototypeOf(body) === Object.prototype,
          nestedKeys: nested ? Object.getOwnPropertyNames(nested[0]) : [],
          polluted: ({} as Record<string, unknown>).admin !== undefined,
        };
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('API basics', () => {
  it('GET /api/health answers ok', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with the 404 shape, with or without a session', async () => {
    const token = await t.login('demo');
    for (const [method, url, headers] of [
      ['GET', '/api/no-such-thing', {}],
      ['POST', '/api/no-such-thing', {}],
      ['GET', '/api/portal/nothing', t.auth(token)],
      ['DELETE', '/api/profile', t.auth(token)],
    ] as const) {
      const res = await t.inject({ method, url, headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Not found' });
    }
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/forgotpassword',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'The request body is not valid JSON.' });
  });

  it('hides the details of a server error', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/test-probe/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: 'Internal server error' });
  });

  it('answers an unsupported body type with 415 in the error shape', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/forgotpassword',
      headers: { 'content-type': 'application/xml' },
      payload: '<username>demo</username>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 415, message: 'Unsupported content type.' });
  });

  it('names a field of the wrong type', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: '/api/profile/resetpassword',
      payload: { password: 'long-enough-pass' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Please provide a valid token.' });
  });

  it('treats an empty JSON body as no body', async () => {
    const token = await t.login('viewer');
    const res = await t.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...t.auth(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('sets a JSON answer the short data policy and keeps it out of caches', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe(DATA_SECURITY_POLICY);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cache-control'], url).toBe('no-store');
      // Page-level policies say nothing to a JSON body.
      expect(res.headers['permissions-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('sets pages the full policy set', async () => {
    const res = await t.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // The spreadsheet export's zip workers start from blob: URLs; without this, large exports fail.
    expect(res.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['permissions-policy']).toContain('camera=()');
    // Served over plain HTTP (this app's public URL), HSTS would be ignored at best: it is not sent.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('tells browsers to keep to HTTPS when the public URL is https', async () => {
    const secure = await setup({ env: { PUBLIC_URL: 'https://portal.example' } });
    try {
      for (const url of ['/api/health', '/login', '/api/nope']) {
        const res = await secure.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await secure.close();
    }
  });
});

describe('web app', () => {
  it('serves client routes with index.html, not cached', async () => {
    for (const url of ['/', '/dashboard', '/login?redirect=%2Fprofile']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Vendor Portal</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long immutable cache, pre-compressed when accepted', async () => {
    const plain = await t.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toContain('immutable');
    const br = await t.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const res = await t.inject({ method: 'GET', url: '/assets/missing-1.js' });
    expect(res.statusCode).toBe(404);
  });

  it('serves no dot-file, however its path is written, and no page in its place', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/.build-stamp',
      '/assets/.hidden.js',
      '/%2Ebuild-stamp',
      '/assets/%2e%2e/.build-stamp',
      '/.vite/',
      '/.env',
    ]) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sources 1234');
      expect(res.body, url).not.toContain('src/main.tsx');
      expect(res.body, url).not.toContain('<title>');
    }
  });
});

describe('JSON bodies', () => {
  const send = (payload: string) =>
    t.inject({
      method: 'POST',
      url: '/api/test-probe/keys',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('lose every __proto__ key, written out or escaped, at any depth', async () => {
    for (const payload of [
      '{"__proto__":{"admin":true},"a":1,"rows":[{"__proto__":{"admin":true},"b":2}]}',
      '{"\\u005f_proto__":{"admin":true},"a":1,"rows":[{"_\\u005fproto\\u005f_":{"admin":true},"b":2}]}',
    ]) {
      const answer = await send(payload);
      expect(answer.statusCode, payload).toBe(200);
      expect(answer.json(), payload).toEqual({
        keys: ['a', 'rows'],
        plain: true,
        nestedKeys: ['b'],
        polluted: false,
      });
    }
  });

  it('keep everything else of a body as sent', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ b: i, name: `Site ${i} – ünïcode` }));
    const answer = await send(JSON.stringify({ a: 1, rows }));
    expect(answer.json()).toEqual({
      keys: ['a', 'rows'],
      plain: true,
      nestedKeys: ['b', 'name'],
      polluted: false,
    });
  });
});
