/** The MLS staff console's reports: billable sites, approval times, sites by product and status. */
export { staffReportsRoutes } from './routes.ts';
