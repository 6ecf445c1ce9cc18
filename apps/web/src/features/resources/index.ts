/** Resources: what the MLS publishes for vendors, grouped by category; MLS staff keep them. */
export { useResources } from './api.ts';
