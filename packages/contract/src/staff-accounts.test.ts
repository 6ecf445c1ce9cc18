import { describe, expect, it } from 'vitest';
import {
  DocumentTypeAdminMessages as M,
  documentTypeRefusal,
  invitationInputSchema,
  UserMessages,
  VendorMessages,
  vendorCodeSchema,
} from './staff-accounts.ts';

describe('documentTypeRefusal', () => {
  const base = {
    messaging: false,
    scope: 'any' as const,
    requiredForVendor: false,
    requiredForSites: false,
    requiredForProducts: [] as number[],
  };
  it.each([
    [{}, null],
    [{ scope: 'vendor', requiredForVendor: true }, null],
    [{ scope: 'website', requiredForSites: true, requiredForProducts: [1] }, null],
    [{ scope: 'any', requiredForVendor: true, requiredForSites: true }, null],
    [
      { scope: 'website', requiredForVendor: true },
      { message: M.vendorScope, field: 'scope' },
    ],
    [
      { scope: 'vendor', requiredForSites: true },
      { message: M.siteScope, field: 'scope' },
    ],
    [{ requiredForProducts: [2] }, { message: M.productsWithoutSites, field: 'requiredForProducts' }],
    [{ messaging: true }, null],
    [
      { messaging: true, requiredForVendor: true },
      { message: M.messagingRequired, field: 'requiredForVendor' },
    ],
    [
      { messaging: true, requiredForSites: true },
      { message: M.messagingRequired, field: 'requiredForSites' },
    ],
    [
      { messaging: true, requiredForProducts: [1] },
      { message: M.messagingRequired, field: 'requiredForProducts' },
    ],
    [
      { messaging: true, scope: 'website' },
      { message: M.messagingScope, field: 'scope' },
    ],
    [{ scope: 'vendor', requiredForVendor: true, requiredVendorTypes: ['VOW Vendor'] }, null],
    [{ scope: 'website', requiredForSites: true, requiredVendorTypes: ['IDX Vendor'] }, null],
    [
      { requiredVendorTypes: ['VOW Vendor'] },
      { message: M.vendorTypesWithoutRequirement, field: 'requiredVendorTypes' },
    ],
    [
      { messaging: true, requiredVendorTypes: ['VOW Vendor'] },
      { message: M.messagingRequired, field: 'requiredVendorTypes' },
    ],
  ] as const)('%j → %j', (over, expected) => {
    expect(documentTypeRefusal({ ...base, ...over })).toEqual(expected);
  });
});

describe('vendorCodeSchema', () => {
  it.each([
    ['sws-w', 'SWS-W'],
    ['  hic ', 'HIC'],
    ['A1', 'A1'],
  ])('stores %j as %j', (input, stored) => {
    expect(vendorCodeSchema.parse(input)).toBe(stored);
  });
  it.each([
    ['', VendorMessages.codeRequired],
    ['has space', VendorMessages.codeFormat],
    ['-X', VendorMessages.codeFormat],
    ['ÄBC', VendorMessages.codeFormat],
    ['X'.repeat(21), VendorMessages.codeTooLong],
  ])('refuses %j', (input, message) => {
    const result = vendorCodeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('invitationInputSchema', () => {
  const ok = { email: ' Jo@Example.com ', username: 'jo.park', role: 'viewer', primaryVendorId: 3 };
  it('trims and defaults', () => {
    expect(invitationInputSchema.parse(ok)).toEqual({
      email: 'Jo@Example.com',
      username: 'jo.park',
      firstName: '',
      lastName: '',
      role: 'viewer',
      primaryVendorId: 3,
      otherVendorIds: [],
    });
  });
  it.each([
    [{ role: 'admin' }, UserMessages.roleRequired],
    [{ primaryVendorId: 0 }, UserMessages.primaryRequired],
    [{ username: 'a b c' }, UserMessages.usernameFormat],
    [{ email: 'x@' }, UserMessages.emailInvalid],
  ])('refuses %j', (over, message) => {
    const result = invitationInputSchema.safeParse({ ...ok, ...over });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
