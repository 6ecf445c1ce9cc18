import { describe, expect, it } from 'vitest';
import { canPostInternalNote } from './comment-rules.ts';
import { ROLES } from './roles.ts';

describe('internal notes', () => {
  it.each(ROLES.map((r) => [r, r === 'admin'] as const))('%s may post one: %s', (role, allowed) => {
    expect(canPostInternalNote(role)).toBe(allowed);
  });
});
