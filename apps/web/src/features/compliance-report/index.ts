/**
 * The MLS staff console's compliance report: pass rates per vendor and per rule, overdue findings
 * and the last 90 days. The page itself is loaded by the router from pages/, so its chart library
 * loads with it alone.
 */
export { useComplianceReport } from './api.ts';
