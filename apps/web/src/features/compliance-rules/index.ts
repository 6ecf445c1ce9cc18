/**
 * The MLS staff console's compliance rules: each product's rule set, edited and saved as a new
 * version. The page itself is loaded by the router from pages/.
 */
export { ruleSetKeys, useRuleSets } from './api.ts';
