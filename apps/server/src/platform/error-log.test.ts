import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setup, type TestContext } from '../../test/helper.ts';

/** A server error is logged by route and error class; the values a user sent never reach the log. */

const SECRET = 'card-4111-1111-1111-1111';
const lines: string[] = [];
let t: TestContext;

beforeAll(async () => {
  t = await setup({
    logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
    extend(app) {
      app.get('/api/test-probe/failing-query', { config: { access: 'public' } }, async () => {
        // A value a user might send, refused by the database with the SQL and its parameters in the message.
        await app.ctx.db.execute(sql`SELECT ${SECRET}::int`);
        return {};
      });
    },
  });
});
afterAll(async () => t?.close());

it('logs the route, the error classes and the database code, never the query or its values', async () => {
  const res = await t.inject({ method: 'GET', url: '/api/test-probe/failing-query' });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ code: 500, message: 'Internal server error' });
  const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const failure = entries.find((e) => e.msg === 'request failed');
  expect(failure).toMatchObject({ route: 'GET /api/test-probe/failing-query' });
  const errors = failure!.errors as { class: string; code?: string }[];
  expect(errors.some((e) => e.code === '22P02')).toBe(true);
  expect(errors[0]!.class).toBeTruthy();
  expect(lines.join('\n')).not.toContain(SECRET);
  expect(lines.join('\n')).not.toContain('SELECT');
});
