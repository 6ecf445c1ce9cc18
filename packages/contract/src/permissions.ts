import type { Role } from './roles.ts';
import type { SiteStatus } from './status.ts';
import { isSelectableStatus, statusOptions } from './website-rules.ts';

/**
 * Who may do what to a website, by role. The server enforces these; the web app shows or locks
 * controls with the same functions, so the two can never disagree.
 */

/** Viewers read; vendors and MLS staff write. */
export function canWrite(role: Role): boolean {
  return role !== 'viewer';
}

/**
 * Whether a status move is allowed: to the same status, or to a selectable option of the saved
 * status (never back to Pending Activation once the site was Active). MLS staff (admin) also activate and terminate: they may set plain Active or Inactive
 * from any status. Viewers move nothing.
 */
export function isStatusChangeAllowed(
  from: SiteStatus,
  to: SiteStatus,
  role: Role,
  activated = false,
): boolean {
  if (from === to) return true;
  if (!canWrite(role)) return false;
  if (role === 'admin' && (to === 'Active' || to === 'Inactive')) return true;
  if (!isSelectableStatus(to)) return false;
  return statusOptions(from, activated).includes(to);
}

/**
 * The agent is picked while creating and may be replaced until the site is activated; after that
 * it changes through an agent change request. MLS staff may override it on a saved site.
 */
export function isAgentEditable(savedStatus: SiteStatus | null, role: Role): boolean {
  if (!canWrite(role)) return false;
  if (role === 'admin') return true;
  return savedStatus === null || savedStatus === 'Pending Activation';
}

/**
 * Whether a site's team may change: an Inactive site's licence has ended, so its team is kept as
 * it was, except by MLS staff. Viewers change nothing.
 */
export function isTeamEditable(savedStatus: SiteStatus, role: Role): boolean {
  if (!canWrite(role)) return false;
  return role === 'admin' || savedStatus !== 'Inactive';
}

/**
 * The status selector stays locked on Active sites; a termination is requested through its own
 * action instead, which moves the site to Pending Termination for MLS staff to complete.
 */
export function canRequestTermination(savedStatus: SiteStatus | null, role: Role): boolean {
  return savedStatus === 'Active' && canWrite(role);
}

/**
 * A termination waiting for MLS staff may be withdrawn: the site goes back to Active. Only for
 * sites that were Active (a never-activated site in Pending Termination picks its status instead).
 */
export function canWithdrawTermination(
  savedStatus: SiteStatus | null,
  activated: boolean,
  role: Role,
): boolean {
  return savedStatus === 'Pending Termination' && activated && canWrite(role);
}
