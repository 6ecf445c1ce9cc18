/** The user's own account. */
export { profileRoutes } from './routes.ts';
