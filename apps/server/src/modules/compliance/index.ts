/**
 * Compliance watch: licensed websites checked against their products' display rules. Other modules
 * use only the check of one site and the jobs' registration.
 */
export {
  checkSite,
  currentRuleSets,
  screenshotKeysInUse,
  withinDomain,
  type CheckOutcome,
  type CheckTrigger,
} from './check-site.ts';
export { complianceJobs, COMPLIANCE_CHECK_JOB, COMPLIANCE_PRUNE_JOB } from './jobs.ts';
export { complianceRoutes, siteCompliance } from './routes.ts';
export { extendFinding, terminateForFinding, waiveFinding } from './decisions.ts';
