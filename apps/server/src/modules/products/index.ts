/** The MLS's product catalogue. */
export { productsRoutes } from './routes.ts';
