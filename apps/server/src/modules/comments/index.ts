/** Comments: the conversation of a vendor with MLS staff, per website and on the account. */
export { commentsRoutes } from './routes.ts';
