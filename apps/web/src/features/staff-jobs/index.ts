/**
 * The MLS staff console's Jobs screen: each scheduled job, its last runs and errors, and Run now.
 * The page itself is loaded by the router from pages/.
 */
export { useJobs, useRunJob } from './api.ts';
