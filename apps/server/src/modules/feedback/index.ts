/** Feedback to the MLS Data Licensing Department. */
export { feedbackRoutes } from './routes.ts';
