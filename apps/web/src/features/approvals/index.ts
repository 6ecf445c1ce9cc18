/** The MLS staff console's approval queue: what waits on the MLS, and the decisions taken on it. */
export { useQueue, useQueueVendors } from './api.ts';
