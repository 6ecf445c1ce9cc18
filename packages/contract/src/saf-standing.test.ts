import { describe, expect, it } from 'vitest';
import { isUploadType, uploadTypeLabel } from './documents.ts';
import { SAF_NOT_SENT, isSafSigned, safStandingText, type SafStanding } from './saf-standing.ts';

describe('safStandingText', () => {
  const out: SafStanding = { state: 'out-for-signature', signed: 1, total: 3, paper: false };
  const signed: SafStanding = { state: 'signed', signed: 3, total: 3, paper: false };
  it.each([
    [SAF_NOT_SENT, 'Pending Activation', 'SAF not sent'],
    [SAF_NOT_SENT, 'Active', 'No signed SAF on file'],
    [out, 'Pending Activation', 'Out for signature (1 of 3 signed)'],
    [{ ...out, state: 'declined' }, 'Pending Activation', 'Declined'],
    [signed, 'Pending Activation', 'Signed: awaiting MLS activation'],
    [signed, 'Active', 'Signed'],
    [{ ...signed, paper: true }, 'Pending Activation', 'Signed on paper: awaiting MLS activation'],
  ] as const)('%j in %s reads %s', (standing, status, text) => {
    expect(safStandingText(standing, status)).toBe(text);
  });

  it('counts only a signed form', () => {
    expect(isSafSigned(signed)).toBe(true);
    for (const state of ['not-sent', 'out-for-signature', 'declined'] as const)
      expect(isSafSigned({ ...out, state })).toBe(false);
  });
});

describe('isUploadType', () => {
  const types = {
    w9: { scope: 'vendor', signatureRequired: false },
    shot: { scope: 'website', signatureRequired: false },
    other: { scope: 'any', signatureRequired: false },
    saf: { scope: 'website', signatureRequired: true },
  } as const;
  it.each([
    ['w9', 'vendor', 'vendor', true],
    ['w9', 'website', 'vendor', false],
    ['shot', 'website', 'vendor', true],
    ['other', 'vendor', 'viewer', true],
    ['saf', 'website', 'vendor', false],
    ['saf', 'website', 'viewer', false],
    ['saf', 'website', 'admin', true],
    ['saf', 'vendor', 'admin', false],
  ] as const)('%s on a %s as %s: %s', (type, owner, role, expected) => {
    expect(isUploadType(types[type], owner, role)).toBe(expected);
  });
  it('names a paper form as one', () => {
    expect(uploadTypeLabel({ type: 'SAF', signatureRequired: true })).toBe('SAF (signed on paper)');
    expect(uploadTypeLabel({ type: 'W-9', signatureRequired: false })).toBe('W-9');
  });
});
