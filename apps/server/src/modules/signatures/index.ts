/** The Site Access Form ceremony: prepare, send, sign by link, seal, status, resend, void, verify. */
export { signaturesRoutes } from './routes.ts';
export { SAF_REMINDERS_JOB, runSafReminders } from './reminders.ts';
