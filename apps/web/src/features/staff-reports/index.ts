/**
 * The MLS staff console's reports: billable sites, approval times, sites by product and status.
 * The page itself is loaded by the router from pages/, so the charts load with it alone.
 */
export { useApprovalTimes, useBillableSites, useSitesByProduct } from './api.ts';
/** The charts' colour-blind-safe colours, shared with the console's other charts. */
export { chartColors, type ChartColors } from './chart-colors.ts';
