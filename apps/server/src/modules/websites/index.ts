/** Websites: the site lookups other modules build on, and the routes. */
export { websiteById } from './list-queries.ts';
export { requireWebsite, type SiteRecord } from './queries.ts';
export { websitesRoutes } from './routes.ts';
export { hasCountingSaf, safPartiesKey, safStanding, safStandings } from './saf-standing.ts';
export { siteMissingDocuments } from './missing-documents.ts';
export {
  activateSite,
  activationBlockers,
  approveRequest,
  clearRosterFlag,
  declineRequest,
  requiredDocuments,
  terminateSite,
  terminationBlockers,
  type RequiredDocument,
  type StaffDecision,
} from './staff-decisions.ts';
export { TERM_DATES_JOB, runTermDates } from './term-dates.ts';
