/** Websites: the site lookups other modules build on, and the routes. */
export { requireWebsite, websiteById, type SiteRecord } from './queries.ts';
export { websitesRoutes } from './routes.ts';
