/** The MLS staff console's approval queue: what waits on the MLS, and the decisions on it. */
export { staffQueueRoutes } from './routes.ts';
