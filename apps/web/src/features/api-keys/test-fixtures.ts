import type { ApiKey, IssuedApiKey } from '@vp/contract';

/** Keys as the API key calls answer them, for this feature's tests. */

export function apiKey(over: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 5,
    vendorId: 1,
    name: 'Listing sync',
    shown: 'vpk_Ab3dE6gH',
    scopes: ['read', 'websites'],
    allowedRanges: [],
    createdAt: '2026-10-01T15:00:00.000Z',
    createdBy: { username: 'demo', firstName: 'Dana', lastName: 'Whitfield' },
    expiresAt: '2027-06-01T00:00:00.000Z',
    lastUsedAt: '2026-11-18T14:30:00.000Z',
    lastUsedFrom: '203.0.113.7',
    revokedAt: null,
    revokedBy: null,
    replacedBy: null,
    state: 'active',
    ...over,
  };
}

export const SECRET = 'vpk_Q7wErTyUiOpAsDfGhJkLzXcVbNm12345';

export function issued(over: Partial<ApiKey> = {}): IssuedApiKey {
  return { key: apiKey({ id: 6, shown: SECRET.slice(0, 12), ...over }), secret: SECRET };
}
