import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../../test/helper.ts';

let t: TestContext;
let viewer: string;
beforeAll(async () => {
  t = await setup();
  viewer = await t.login('viewer');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/products', () => {
  it('lists the products', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/products', headers: t.auth(viewer) });
    expect(res.json()).toEqual([
      { id: 1, name: 'IDX Website' },
      { id: 2, name: 'IDX Team Website' },
      { id: 3, name: 'VOW Website' },
    ]);
  });
});
