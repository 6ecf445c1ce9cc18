/** Resources: what the MLS publishes for vendors (files and links), read by all, kept by MLS staff. */
export { resourcesRoutes } from './routes.ts';
