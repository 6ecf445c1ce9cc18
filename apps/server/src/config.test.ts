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
