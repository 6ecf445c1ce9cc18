/** The MLS staff console's accounts: vendors, users and invitations, document types. */
export { staffAccountsRoutes } from './routes.ts';
export { accountChangesOf, fieldChanges, recordAccountChange } from './audit.ts';
