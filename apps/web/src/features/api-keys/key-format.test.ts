import type { ApiKey } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import {
  expiryWarning,
  isRevocable,
  isRotatable,
  keyActionLabel,
  keyState,
  lastDay,
  personName,
  todayUtc,
} from './key-format.ts';
import { apiKey } from './test-fixtures.ts';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const inHours = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

describe('an API key as the screens describe it', () => {
  it.each<[Partial<ApiKey>, string, boolean, boolean]>([
    [{ state: 'active' }, 'Active', true, true],
    [{ state: 'expired' }, 'Expired', false, false],
    [{ state: 'revoked' }, 'Revoked', false, false],
    // Rotated: the old key works on through its overlap, but is not rotated again.
    [{ state: 'active', replacedBy: 9 }, 'Replaced', false, true],
    [{ state: 'expired', replacedBy: 9 }, 'Replaced', false, false],
    [{ state: 'revoked', replacedBy: 9 }, 'Revoked', false, false],
  ])('%j is %s', (over, text, rotatable, revocable) => {
    const key = apiKey(over);
    expect(keyState(key).text).toBe(text);
    expect(isRotatable(key)).toBe(rotatable);
    expect(isRevocable(key)).toBe(revocable);
  });

  it.each<[number, string | null]>([
    [0.5, 'Expires in 1 hour'],
    [5, 'Expires in 5 hours'],
    [23.5, 'Expires in 24 hours'],
    [24, 'Expires in 1 day'],
    // Days are counted up as hours are: a day and 23 hours is nearer 2 days than 1.
    [47, 'Expires in 2 days'],
    // A key rotated with a 3-day overlap, a moment later.
    [3 * 24 - 0.01, 'Expires in 3 days'],
    [3 * 24 + 2, 'Expires in 4 days'],
    [7 * 24, 'Expires in 7 days'],
    [7 * 24 + 1, null],
    [-1, null],
  ])('a working key ending in %s hours: %s', (hours, text) => {
    expect(expiryWarning(apiKey({ expiresAt: inHours(hours) }), NOW)).toBe(text);
  });

  it('warns of no expiry for a key that no longer works', () => {
    expect(expiryWarning(apiKey({ state: 'revoked', expiresAt: inHours(5) }), NOW)).toBeNull();
  });

  it('names the last day a key works, whichever way its end is written', () => {
    expect(lastDay('2027-02-18T00:00:00.000Z')).toBe('2027-02-17');
    expect(lastDay('2027-02-17T23:59:59.999Z')).toBe('2027-02-17');
    expect(todayUtc(new Date('2026-11-20T23:30:00.000-05:00'))).toBe('2026-11-21');
  });

  it('names an action on a key with its shown prefix, as a rotated key shares its name', () => {
    expect(keyActionLabel('Revoke', apiKey({ name: 'CRM script', shown: 'vpk_ab12cd34' }))).toBe(
      'Revoke: CRM script (vpk_ab12cd34)',
    );
  });

  it('names a person by name, else by username', () => {
    expect(personName({ username: 'demo', firstName: 'Dana', lastName: 'Whitfield' })).toBe('Dana Whitfield');
    expect(personName({ username: 'demo', firstName: '', lastName: '' })).toBe('demo');
    expect(personName(null)).toBe('Unknown');
  });
});
