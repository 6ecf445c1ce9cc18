/** Websites: the site lookups other modules build on, and the routes. */
export { websiteById } from './list-queries.ts';
export { requireWebsite, type SiteRecord } from './queries.ts';
export { websitesRoutes } from './routes.ts';
export { safPartiesKey, safStanding, safStandings } from './saf-standing.ts';
export { requestSafTerms, type SiteTerms } from './request-terms.ts';
export { siteCount, typeAppliesToVendor } from './missing-documents.ts';
export {
  activateSite,
  clearRosterFlag,
  recordDecision,
  reviewSiteLicence,
  terminateSite,
  type StaffDecision,
} from './staff-decisions.ts';
export { approveRequest, declineRequest, requestFormOf } from './staff-requests.ts';
export { activateMany, terminateMany, type SiteDecision } from './staff-many.ts';
export {
  activationBlockers,
  requiredDocuments,
  terminationBlockers,
  type RequiredDocument,
} from './staff-rules.ts';
export { TERM_DATES_JOB, runTermDates } from './term-dates.ts';
export { warmXlsxThread } from './xlsx-thread.ts';
export { startMlsTermination } from './request-termination.ts';
