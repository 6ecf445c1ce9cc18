import { Messages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../test/helper.ts';
import { rowsOf } from '../db/sql.ts';

/**
 * Every API route, enumerated from the app itself, is sent input a hostile or careless client might
 * send. Whatever arrives, the answer is a 4xx (or a 2xx read) in the `{code, message}` shape, never a
 * 500, and a refused write leaves the data as it was.
 */

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await setup();
  token = await t.login('demo');
});
afterAll(async () => {
  await t.close();
});

/**
 * Writes that read no body, or whose every field is optional, so a malformed one is ignored rather
 * than refused (a passkey challenge with no ticket is a sign-in with a passkey alone).
 */
const BODYLESS = new Set([
  '/api/profile/tos',
  '/api/login/code/new',
  '/api/resources/seen',
  '/api/login/passkey/options',
  '/api/profile/factors/totp',
  '/api/profile/factors/passkey/options',
  '/api/profile/factors/recovery-codes',
]);

/** Reads sent as POST because their query is large (a Custom Export's picked sites); every field is optional. */
const READS_BY_POST = new Set(['/api/portal/websites/export.xlsx']);

/** Routes whose effect would end this test's own session or flood its outbox; covered elsewhere. */
const SKIPPED = new Set(['POST /api/logout']);

const PATH_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  '%00',
  "1'%20OR%20'1'%3D'1",
  '%F0%9F%98%80',
  '%E0%A4%A',
  'x'.repeat(3000),
];

const BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  {},
  { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
  {
    id: 'abc',
    rowKey: -1,
    domainName: 12,
    memberNumber: { $ne: null },
    status: 'Active',
    startDate: '2024-02-30',
    termDate: 'yesterday',
    products: ['1', null],
    memberIds: 'all',
    primary: [],
    username: ['demo'],
    password: 1,
    subject: 'x'.repeat(100_000),
  },
  { domainName: "x'); DROP TABLE websites; --", memberNumber: '\u0000', products: [1e308] },
  { username: 'demo\u0000', subject: 'a\u0000b', message: 'm', category: 'Other', dba: '\u0000' },
  { domainName: 'ok.example.com', memberNumber: 'x', dba: 'half \ud800', subject: '\udfff', products: [1] },
  {
    startDate: '2023-02-29',
    termDate: '2024-02-30',
    products: [2147483648],
    rowKey: 2147483648,
    id: 2 ** 53,
  },
  JSON.parse('{"a":'.repeat(200) + '1' + '}'.repeat(200)) as unknown,
];

const QUERIES = [
  '?page=-1&pageSize=1e9&sort=__proto__&order=sideways&status=Nope',
  '?page=abc&pageSize=abc',
  '?status=Active&status=Inactive&search[$ne]=1',
  `?search=${encodeURIComponent('%_\\'.repeat(50))}`,
  '?page=9007199254740991&pageSize=2147483648',
  '?search=%ED%A0%80',
];

function expectClean(res: { statusCode: number; body: string }, label: string): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as { code: unknown; message: unknown };
    expect(typeof body.code, label).toBe('number');
    expect(typeof body.message, label).toBe('string');
    expect((body.message as string).length, label).toBeGreaterThan(0);
  }
}

async function counts(): Promise<string> {
  const [row] = await rowsOf<Record<string, number>>(
    t.db,
    sql`SELECT (SELECT count(*) FROM websites)::int AS websites,
      (SELECT count(*) FROM website_changes)::int AS changes,
      (SELECT count(*) FROM website_teams)::int AS teams,
      (SELECT count(*) FROM users)::int AS users,
      (SELECT count(*) FROM vendors)::int AS vendors`,
  );
  return JSON.stringify(row);
}

function routes() {
  return t.app.routeAccess.filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !SKIPPED.has(`${r.method} ${r.url}`),
  );
}

describe('hostile input on every API route', () => {
  it('finds the routes to probe', () => {
    const names = routes().map((r) => `${r.method} ${r.url}`);
    expect(names).toContain('POST /api/portal/websites');
    expect(names).toContain('PUT /api/websites/:id/team');
    expect(names).toContain('POST /api/login');
    expect(names.length).toBeGreaterThan(20);
  });

  it('answers malformed path parameters and query strings without a server error', async () => {
    for (const route of routes()) {
      const params = route.url.match(/:[a-zA-Z]+/g) ?? [];
      const urls =
        params.length > 0
          ? PATH_VALUES.map((v) => route.url.replace(/:[a-zA-Z]+/g, v))
          : QUERIES.map((q) => route.url + q);
      for (const url of urls) {
        const res = await t.inject({
          method: route.method as InjectOptions['method'],
          url,
          headers: t.auth(token),
        });
        expectClean(res, `${route.method} ${url.slice(0, 80)}`);
      }
    }
  });

  it('refuses malformed bodies on every write without a server error or a change', async () => {
    const before = await counts();
    // DELETE takes no body: what it would delete is named by the path alone.
    for (const route of routes().filter((r) => r.method !== 'GET' && r.method !== 'DELETE')) {
      const url = route.url.replace(/:[a-zA-Z]+/g, '1');
      for (const body of BODIES) {
        const res = await t.inject({
          method: route.method as InjectOptions['method'],
          url,
          headers: { ...t.auth(token), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const label = `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 60)}`;
        expectClean(res, label);
        // Routes that read no body ignore whatever is sent: they record an acceptance of the
        // terms, issue a login code for the session or mark the resources seen, and nothing else.
        if (READS_BY_POST.has(route.url)) expect([200, 400], label).toContain(res.statusCode);
        else if (!BODYLESS.has(route.url)) expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await counts()).toBe(before);
  });

  it('answers bodies of the wrong content type, and malformed credentials, with a 4xx', async () => {
    for (const route of routes().filter((r) => r.method !== 'GET')) {
      const url = route.url.replace(/:[a-zA-Z]+/g, '1');
      for (const [type, payload] of [
        ['text/plain', 'hello'],
        ['application/x-www-form-urlencoded', 'a=1&b=2'],
        ['application/json', '{"unterminated": '],
      ] as const) {
        const res = await t.inject({
          method: route.method as InjectOptions['method'],
          url,
          headers: { ...t.auth(token), 'content-type': type },
          payload,
        });
        expectClean(res, `${route.method} ${url} as ${type}`);
      }
    }
    for (const authorization of [
      'Basic',
      'Basic !!!not-base64!!!',
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
      `Basic ${Buffer.from('demo\u0000:summit-sites-2026').toString('base64')}`,
      `Basic ${Buffer.from(`${'u'.repeat(5000)}:p`).toString('base64')}`,
      'Bearer',
      `Bearer ${'x'.repeat(5000)}`,
      'Digest abc',
    ]) {
      const login = await t.inject({ method: 'POST', url: '/api/login', headers: { authorization } });
      expectClean(login, `login with ${authorization.slice(0, 30)}`);
      expect(login.statusCode).toBeGreaterThanOrEqual(400);
      const profile = await t.inject({ method: 'GET', url: '/api/profile', headers: { authorization } });
      expect(profile.statusCode, `profile with ${authorization.slice(0, 30)}`).toBe(401);
    }
  });
});

it('names the NUL character as the reason it refuses text holding one', async () => {
  const res = await t.inject({ method: 'GET', url: '/api/searchagent/smi%00th', headers: t.auth(token) });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ code: 400, message: Messages.nulCharacter });
  const ticket = await t.inject({
    method: 'POST',
    url: '/api/ticket',
    headers: t.auth(token),
    payload: { subject: 'Hello', category: 'Other', message: 'line\u0000two' },
  });
  expect(ticket.json()).toEqual({ code: 400, message: Messages.nulCharacter });
});

it('names a lone surrogate as the reason it refuses text holding one, and stores nothing', async () => {
  const before = await counts();
  const res = await t.inject({
    method: 'POST',
    url: '/api/portal/websites',
    headers: { ...t.auth(token), 'content-type': 'application/json' },
    payload:
      '{"domainName":"lone-surrogate.example.com","memberNumber":"x","products":[1],"dba":"a\\ud800b"}',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ code: 400, message: Messages.loneSurrogate });
  const ticket = await t.inject({
    method: 'POST',
    url: '/api/ticket',
    headers: t.auth(token),
    payload: { subject: 'Hello', category: 'Other', message: 'tail \udc00' },
  });
  expect(ticket.json()).toEqual({ code: 400, message: Messages.loneSurrogate });
  expect(await counts()).toBe(before);
});
