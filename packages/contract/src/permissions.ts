import type { Role } from './roles.ts';
import type { SiteStatus } from './status.ts';
import { WebsiteMessages, statusOptions } from './website-rules.ts';

/**
 * Who may do what to a website, by role. The server enforces these; the web app shows or locks
 * controls with the same functions, so the two can never disagree.
 */

/** Viewers read; vendors and MLS staff write. */
export function canWrite(role: Role): boolean {
  return role !== 'viewer';
}

/** What the status rules need to know of a saved site besides its status. */
export interface SiteStanding {
  /** The site was Active at some time. */
  activated: boolean;
  /** A Site Access Form counts for the site's current round (see SafStanding). */
  safSigned: boolean;
}

const NEW_SITE: SiteStanding = { activated: false, safSigned: false };

/**
 * Why a status move is refused, or null when it is allowed. Moving to the same status is always
 * allowed; viewers move nothing. Vendors pick the selectable options of the saved status. MLS staff
 * (admin) also terminate (plain Inactive, from any status) and activate (plain Active), but a site
 * becomes Active only with a Site Access Form signed for its current round, whoever asks; the one
 * exception is a once-Active site in Pending Termination returning to Active, which withdraws the
 * termination of a licence already granted.
 */
export function statusChangeRefusal(
  from: SiteStatus,
  to: SiteStatus,
  role: Role,
  site: SiteStanding = NEW_SITE,
): string | null {
  if (from === to) return null;
  if (!canWrite(role)) return WebsiteMessages.statusNotAllowed;
  if (to === 'Active') {
    if (role !== 'admin') return WebsiteMessages.statusNotAllowed;
    const returning = from === 'Pending Termination' && site.activated;
    return returning || site.safSigned ? null : WebsiteMessages.activationNeedsSaf;
  }
  if (to === 'Inactive') return role === 'admin' ? null : WebsiteMessages.statusNotAllowed;
  // Staff moving a site that holds no licence straight to Pending Termination activate it too.
  if (to === 'Pending Termination' && role === 'admin' && from === 'Pending Activation' && !site.safSigned)
    return WebsiteMessages.activationNeedsSaf;
  return statusOptions(from).includes(to) ? null : WebsiteMessages.statusNotAllowed;
}

/** Whether a status move is allowed (statusChangeRefusal answers why not). */
export function isStatusChangeAllowed(
  from: SiteStatus,
  to: SiteStatus,
  role: Role,
  site: SiteStanding = NEW_SITE,
): boolean {
  return statusChangeRefusal(from, to, role, site) === null;
}

/**
 * The agent is picked while creating and may be replaced while the site is Pending Activation,
 * including in the save that moves it there from Inactive or Pending Termination (a new licensing
 * round); after that it changes through an agent change request. MLS staff may override it on a
 * saved site.
 */
export function isAgentEditable(
  savedStatus: SiteStatus | null,
  role: Role,
  chosenStatus: SiteStatus | null = savedStatus,
): boolean {
  if (!canWrite(role)) return false;
  if (role === 'admin') return true;
  return savedStatus === null || chosenStatus === 'Pending Activation';
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
