import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, isSecondStep, mfaRequiredFor, normaliseCode, verifyBodySchema } from './mfa.ts';

describe('normaliseCode', () => {
  it.each([
    ['123456', { kind: 'totp', code: '123456' }],
    [' 123 456 ', { kind: 'totp', code: '123456' }],
    ['123-456', { kind: 'totp', code: '123456' }],
    ['abcde-fghjk', { kind: 'recovery', code: 'abcdefghjk' }],
    ['ABCDE FGHJK', { kind: 'recovery', code: 'abcdefghjk' }],
    ['12345', { kind: 'recovery', code: '12345' }],
    ['1234567', { kind: 'recovery', code: '1234567' }],
  ])('reads %j as %j', (input, expected) => {
    expect(normaliseCode(input)).toEqual(expected);
  });
});

describe('the rules of two-step sign-in', () => {
  it.each([
    ['admin', ['admin'], true],
    ['vendor', ['admin'], false],
    ['viewer', ['admin', 'viewer'], true],
    ['admin', [], false],
  ] as const)('a %s with %j required: %s', (role, required, expected) => {
    expect(mfaRequiredFor(role, required)).toBe(expected);
  });

  it('shows recovery codes in two groups of five', () => {
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
  });

  it('tells a second step from a session', () => {
    expect(isSecondStep({ secondStep: 'verify', ticket: 't', role: 'admin', methods: [] })).toBe(true);
    expect(isSecondStep({ token: 't', role: 'admin' })).toBe(false);
  });

  it('refuses a code too short or too long to be one, with the message the screen shows', () => {
    for (const code of ['', '12345', 'x'.repeat(41)]) {
      const parsed = verifyBodySchema.safeParse({ ticket: 't', code });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        'Please enter the 6-digit code from your authenticator app, or a recovery code.',
      );
    }
  });
});
