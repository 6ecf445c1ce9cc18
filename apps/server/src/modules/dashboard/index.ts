/** The dashboard's vendor summary. */
export { dashboardRoutes } from './routes.ts';
