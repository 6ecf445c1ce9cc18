import { config } from 'zod';
import { describe, expect, it } from 'vitest';
import { validateWithoutEval } from './zod.ts';

describe('validateWithoutEval', () => {
  it("sets zod's own setting, as zod reads it", () => {
    validateWithoutEval();
    expect(config().jitless).toBe(true);
  });
});
