import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { documentTypeRoutes } from './document-type-routes.ts';
import { userRoutes } from './user-routes.ts';
import { vendorRoutes } from './vendor-routes.ts';

/** The console's accounts: vendors, users and invitations, document types. Admin role only (404). */
export function staffAccountsRoutes(app: FastifyInstance, ctx: AppContext): void {
  vendorRoutes(app, ctx);
  userRoutes(app, ctx);
  documentTypeRoutes(app, ctx);
}
