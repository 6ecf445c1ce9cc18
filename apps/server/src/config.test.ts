import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('the PostgreSQL pool size', () => {
  it('is 10 connections unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
  });

  it('refuses a size that is not a whole number from 2 to 500, naming the variable', () => {
    for (const bad of ['1', '501', '2.5', 'many'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(
        /^Invalid environment variable DATABASE_POOL_SIZE: /,
      );
  });
});

describe('the roster source', () => {
  it('must be https, unless plain http is allowed outright (a local test server)', () => {
    expect(() => loadConfig({ ROSTER_URL: 'http://reso.example/odata' })).toThrow(
      /^Invalid environment variable ROSTER_URL: must be an https:\/\/ address/,
    );
    expect(() =>
      loadConfig({ ROSTER_URL: 'https://reso.example/odata', ROSTER_TOKEN_URL: 'http://reso.example/token' }),
    ).toThrow(/^Invalid environment variable ROSTER_TOKEN_URL: /);
    expect(loadConfig({ ROSTER_URL: 'https://reso.example/odata/' }).roster?.url).toBe(
      'https://reso.example/odata',
    );
    expect(loadConfig({ ROSTER_URL: 'http://127.0.0.1:9/odata', ROSTER_ALLOW_HTTP: '1' }).roster?.url).toBe(
      'http://127.0.0.1:9/odata',
    );
  });
});
