/** Consumers: the data feeds between provider and consumer vendors, as each side sees them. */
export { consumersRoutes } from './routes.ts';
