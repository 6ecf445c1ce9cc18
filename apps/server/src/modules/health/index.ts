/** Liveness of the API and its database. */
export { healthRoutes } from './routes.ts';
