/** Webhooks: endpoints that receive licensing events, their delivery logs, and the delivering itself. */
export { webhooksRoutes, WEBHOOK_PRUNE_JOB } from './routes.ts';
export { WEBHOOK_DELIVER_JOB, RETRY_WAITS_SECONDS, signatureOf } from './deliver.ts';
