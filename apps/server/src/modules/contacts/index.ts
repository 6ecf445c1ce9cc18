/** Key contacts: a vendor's contacts by type, and the contact types MLS staff maintain. */
export { contactsRoutes } from './routes.ts';
export { contactFacts, contactSummary } from './service.ts';
