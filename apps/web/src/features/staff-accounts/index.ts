/** The MLS staff console's accounts: vendors, users and document types (admin role only). */
export { useVendorOptions } from './api.ts';
