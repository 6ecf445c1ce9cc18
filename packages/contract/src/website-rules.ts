import { DATE_YEARS_AHEAD } from './primitives.ts';
import type { SiteStatus } from './status.ts';
import { SITE_STATUSES } from './status.ts';

/**
 * The website form's state rules (spec §4). The web app uses them to show and lock fields; the
 * server uses the same functions to refuse what the client is not allowed to send.
 */

export const WebsiteMessages = {
  domainRequired: 'A Domain Name is required',
  domainInvalid: 'Please enter a valid domain name',
  agentInfoRequired: 'Please enter agent information.',
  agentRequired: 'Please select an agent',
  productRequired: 'Please select a product.',
  saveFirst: 'Please save to continue.',
  invalidBeforeSave: 'Input valid data before saving.',
  domainLockedHint: 'To change the domain, contact the MLS Data Licensing Department.',
  /** The hint beside a licensed site's product, one sentence with its request link at its end. */
  productLockedUse: 'The product of a licensed website changes through the MLS. Use a',
  productTeamFixed:
    'A licensed team website keeps the IDX Team Website product. To change it, contact the MLS Data Licensing Department.',
  created: 'Created Successfully',
  saved: 'Saved Website',
  deleted: 'Deleted Successfully',
  siteDeleted: 'Site has been deleted',
  deleteCanceled: 'Delete canceled',
  domainChangeFailed: 'Domain Change Failed',
  agentChangeFailed: 'Agent Change Failed',
  statusNotAllowed: 'This status change is not allowed.',
  statusLocked: 'The status of this website cannot be changed.',
  domainLocked: 'The domain of an existing website cannot be changed here. Use a Domain Change Request.',
  startDateLocked: 'The start date can only be changed while the website is Pending Activation.',
  termDateLocked: 'The term date can only be changed while the website is Pending Termination.',
  deleteNotAllowed: 'Only websites that are Pending Activation and were never Active can be deleted.',
  activationNeedsSaf:
    'A website is activated only with a Site Access Form signed by everyone, for its current agent and broker, since it last entered Pending Activation.',
  withdrawTermination: 'Withdraw termination',
  terminationWithdrawn: 'Termination withdrawn',
  withdrawNotPending: 'Only a website in Pending Termination that was Active can withdraw its termination.',
  withdrawMlsTermination: 'The MLS started this termination; please contact the MLS about it.',
  withdrawConfirm:
    'Withdraw the termination request? The website returns to Active and its term date is cleared.',
  agentNotActive: 'Only agents whose MLS status is Active can be chosen.',
  duplicateDomain: 'A website with this domain name already exists.',
  agentNotFound: 'Agent information not found.',
  reciprocalNotAllowed: 'Reciprocal agents are not allowed for this vendor.',
  requestTermination: 'Request termination',
  terminationRequested: 'Termination requested',
  terminationNotActive: 'Only Active websites can be terminated.',
  termDateRequired: 'Please choose a term date.',
  termDateInPast: 'The term date must be today or later.',
  termBeforeStart: 'The term date cannot be before the start date.',
  startDateTooFar: `The start date cannot be more than ${DATE_YEARS_AHEAD} years from today.`,
  termDateTooFar: `The term date cannot be more than ${DATE_YEARS_AHEAD} years from today.`,
} as const;

/**
 * Statuses offered for the saved status (null while creating), spec §4: Active only goes to Pending
 * Termination, Inactive only to Pending Activation (a new licensing round), any other status offers
 * all four. A site that was Active and moves to Pending Activation starts a new round too: it needs
 * a new Site Access Form before it is activated again (see isStatusChangeAllowed).
 */
export function statusOptions(current: SiteStatus | null): SiteStatus[] {
  if (current === 'Active') return ['Pending Termination'];
  if (current === 'Inactive') return ['Pending Activation'];
  return [...SITE_STATUSES];
}

/**
 * Of the offered options, those that can actually be chosen: plain Active and Inactive are shown
 * but only the MLS sets them (on activation and termination), so they are never selectable.
 */
export function isSelectableStatus(status: SiteStatus): boolean {
  return status !== 'Active' && status !== 'Inactive';
}

/** The status selector is locked unless the saved status is one the vendor may move from. */
export function isStatusLocked(current: SiteStatus | null): boolean {
  if (current === null) return false;
  return !(current === 'Pending Activation' || current === 'Pending Termination' || current === 'Inactive');
}

/** Start date follows the status being edited: editable only in Pending Activation. */
export function isStartDateEditable(status: SiteStatus): boolean {
  return status === 'Pending Activation';
}

/** Term date is editable only in Pending Termination. */
export function isTermDateEditable(status: SiteStatus): boolean {
  return status === 'Pending Termination';
}

/**
 * Whether a status keeps a term date. Pending Activation starts the site over: moving into it
 * clears the term date, and the start date becomes editable again, today by default.
 */
export function keepsTermDate(status: SiteStatus): boolean {
  return status !== 'Pending Activation';
}

export interface SiteDates {
  status: SiteStatus;
  /** yyyy-mm-dd, or null when not set. */
  startDate: string | null;
  termDate: string | null;
}

/**
 * The date rules of a site (yyyy-mm-dd compares as text): the term date is never before the start
 * date, and Pending Termination needs a term date of today or later. Answers the message of the
 * first rule broken, or null. `today` is the user's today (the server passes the earliest date that
 * is still today somewhere, see earliestToday).
 */
export function siteDatesError(dates: SiteDates, today: string): string | null {
  const { status, startDate, termDate } = dates;
  if (startDate && termDate && termDate < startDate) return WebsiteMessages.termBeforeStart;
  if (status === 'Pending Termination') {
    if (!termDate) return WebsiteMessages.termDateRequired;
    if (termDate < today) return WebsiteMessages.termDateInPast;
  }
  return null;
}

/** The earliest term date a picker offers: the start date, and today too while Pending Termination. */
export function earliestTermDate(status: SiteStatus, startDate: string | null, today: string): string | null {
  const floor = status === 'Pending Termination' ? today : null;
  if (!startDate) return floor;
  if (!floor) return startDate;
  return startDate > floor ? startDate : floor;
}

/** The latest start date a picker offers: never after the term date. */
export function latestStartDate(termDate: string | null): string | null {
  return termDate;
}

/** The domain can be typed only while creating; afterwards it changes through a request. */
export function isDomainLocked(creating: boolean): boolean {
  return !creating;
}

/** Delete appears only for saved Pending Activation sites that were never Active. */
export function canDelete(savedStatus: SiteStatus | null, activated = false): boolean {
  return savedStatus === 'Pending Activation' && !activated;
}

export type SafButtonState = 'hidden' | 'disabled' | 'enabled';

/** SAF button: hidden for Inactive sites and when no SAF document type exists; disabled while creating. */
export function safButtonState(savedStatus: SiteStatus | null, safTypeExists: boolean): SafButtonState {
  if (!safTypeExists || savedStatus === 'Inactive') return 'hidden';
  if (savedStatus === null) return 'disabled';
  return 'enabled';
}

/** A Domain Change Request is how an Active site's domain changes. */
export function canRequestDomainChange(savedStatus: SiteStatus | null): boolean {
  return savedStatus === 'Active';
}

export interface WebsiteFormFill {
  domainName?: string | null;
  agentSearch?: string | null;
  product?: number | null;
  dba?: string | null;
  startDate?: string | null;
  termDate?: string | null;
}

/** On create, Save is enabled once any of domain, search, product, DBA, start or term date is filled. */
export function isCreateFormTouched(f: WebsiteFormFill): boolean {
  const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';
  return (
    filled(f.domainName) ||
    filled(f.agentSearch) ||
    (typeof f.product === 'number' && f.product > 0) ||
    filled(f.dba) ||
    filled(f.startDate) ||
    filled(f.termDate)
  );
}

/** Host names only: labels of letters, digits and hyphens, a dot-separated TLD of letters. */
const DOMAIN_RE = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/i;

/** Normalises user input: trims, lower-cases, drops a scheme, a path and a trailing dot. */
export function normalizeDomain(input: string): string {
  let d = input.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  d = d.replace(/[/?#].*$/, '');
  d = d.replace(/\.$/, '');
  return d;
}

/**
 * What makes two domains the same site: the normalised name without a leading `www.`, so
 * `www.example.com` and `example.com` are licensed once. The server keys its uniqueness on the
 * same expression (see DOMAIN_KEY_SQL there).
 */
export function domainKey(input: string): string {
  return normalizeDomain(input).replace(/^www\./, '');
}

export function isValidDomain(input: string): boolean {
  return DOMAIN_RE.test(normalizeDomain(input));
}
