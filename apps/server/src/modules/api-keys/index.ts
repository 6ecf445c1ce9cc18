/** A vendor's API keys: made, listed, rotated and revoked by its users; seen and revoked by MLS staff. */
export { apiKeysRoutes, API_KEY_EXPIRY_JOB } from './routes.ts';
