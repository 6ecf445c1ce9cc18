import type { AdminDocumentType, UserSummary, VendorDetail, VendorOption, VendorSummary } from '@vp/contract';

/** Records as the console's calls answer them, for this feature's component tests. */

export function vendorSummary(over: Partial<VendorSummary> = {}): VendorSummary {
  return {
    id: 1,
    code: 'SWS',
    name: 'Summit Web Solutions',
    type: 'IDX Vendor',
    isConsumer: false,
    isProvider: true,
    reciprocalAllowed: true,
    permissionAudit: false,
    feedType: 'RESO Web API',
    technicalContact: '',
    billingContact: '',
    status: 'active',
    parent: null,
    subAccounts: 1,
    users: 3,
    sites: { active: 72, pendingActivation: 24, pendingTermination: 14, inactive: 20, total: 130 },
    missingDocs: 1,
    missingSiteDocs: 110,
    lastActivity: '2026-06-01T12:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

export function vendorDetail(over: Partial<VendorDetail> = {}): VendorDetail {
  return {
    ...vendorSummary(over),
    subAccountList: [{ id: 2, code: 'SWS-W', name: 'Summit Web Solutions West', status: 'active' }],
    userList: [
      { id: 11, username: 'demo', name: 'Dana Whitfield', role: 'vendor', status: 'active', isPrimary: true },
    ],
    ...over,
  };
}

export const vendorOptions: VendorOption[] = [
  { id: 3, code: 'HIC', name: 'Harbor IDX Co.', status: 'active', parentId: null },
  { id: 1, code: 'SWS', name: 'Summit Web Solutions', status: 'active', parentId: null },
  { id: 2, code: 'SWS-W', name: 'Summit Web Solutions West', status: 'active', parentId: 1 },
];

export function userSummary(over: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 11,
    username: 'demo',
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'demo@summitweb.example',
    role: 'vendor',
    status: 'active',
    vendors: [
      { id: 1, code: 'SWS', name: 'Summit Web Solutions', isPrimary: true, active: true, suspended: false },
    ],
    lastSeenAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    invitation: null,
    ...over,
  };
}

export function documentType(over: Partial<AdminDocumentType> = {}): AdminDocumentType {
  return {
    id: 1,
    type: 'SAF',
    name: 'saf',
    scope: 'website',
    signatureRequired: true,
    requiredForVendor: false,
    requiredForSites: true,
    requiredForProducts: [],
    requiredVendorTypes: [],
    messaging: false,
    documents: 4,
    ...over,
  };
}
