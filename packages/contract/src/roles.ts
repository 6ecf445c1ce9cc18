/** Roles a user may hold. 'viewer' is read-only; 'admin' is MLS staff acting for any vendor. */
export const ROLES = ['admin', 'vendor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  admin: 'MLS Administrator',
  vendor: 'Vendor',
  viewer: 'Vendor (read-only)',
};
