import {
  canDelete,
  canRequestDomainChange,
  canRequestTermination,
  canWithdrawTermination,
  canWrite,
  earliestTermDate,
  isAgentEditable,
  keepsTermDate,
  latestStartDate,
  siteDatesError,
  isCreateFormTouched,
  isDomainLocked,
  isStartDateEditable,
  isStatusLocked,
  isTermDateEditable,
  safButtonState,
  SITE_STATUS_DISPLAY,
  statusChangeRefusal,
  statusOptions,
  type Agent,
  type SiteStanding,
  type Role,
  type SafButtonState,
  type SiteStatus,
  type Website,
  type WebsiteInput,
  websiteInputSchema,
  isLicensedStatus,
} from '@vp/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { agentLabel, type AgentPick } from '../agents/index.ts';

/**
 * The Website tab's values and what the contract's rules make of them. The rules themselves live
 * in @vp/contract; this maps them onto the form (which field is locked, which options show).
 */
export const WIRE_DATE = 'YYYY-MM-DD';
export const DISPLAY_DATE = 'MM/DD/YYYY';

export interface WebsiteFormValues {
  domainName: string;
  agent: AgentPick;
  reciprocal: boolean;
  status: SiteStatus;
  startDate: Dayjs | null;
  termDate: Dayjs | null;
  product: number | null;
  dba: string;
}

/** A new site is Pending Activation and starts today (spec §4). */
export function createValues(today: Dayjs = dayjs()): WebsiteFormValues {
  return {
    domainName: '',
    agent: { text: '', agent: null },
    reciprocal: false,
    status: 'Pending Activation',
    startDate: today.startOf('day'),
    termDate: null,
    product: null,
    dba: '',
  };
}

/** The saved site's agent, as if it had been picked from the search results. */
export function siteAgent(site: Website): Agent {
  return {
    firstName: site.firstName,
    lastName: site.lastName,
    memberNumber: site.memberNumber,
    mlsId: site.mlsId,
    office: site.office,
    status: site.mlsStatus,
    licenseNumber: site.licenseNumber,
    broker: site.broker,
    memberAOR: site.memberAOR,
  };
}

function parseWire(v: string | null): Dayjs | null {
  if (!v || v.startsWith('0001-01-01')) return null;
  const d = dayjs(v.slice(0, 10), WIRE_DATE);
  return d.isValid() ? d : null;
}

export function siteValues(site: Website): WebsiteFormValues {
  const agent = siteAgent(site);
  return {
    domainName: site.domainName,
    agent: { text: agentLabel(agent), agent },
    reciprocal: site.reciprocal,
    status: site.status,
    startDate: parseWire(site.startDate),
    termDate: parseWire(site.termDate),
    product: site.products[0] ?? null,
    dba: site.dba ?? '',
  };
}

export function wireDate(d: Dayjs | null | undefined): string | null {
  return d ? d.format(WIRE_DATE) : null;
}

/** What is sent on create and save: dates as yyyy-mm-dd, the single product as a list. */
export function toInput(v: WebsiteFormValues): WebsiteInput {
  return {
    domainName: (v.domainName ?? '').trim(),
    memberNumber: v.agent?.agent?.memberNumber ?? '',
    reciprocal: v.reciprocal ?? false,
    status: v.status ?? 'Pending Activation',
    startDate: wireDate(v.startDate),
    termDate: wireDate(v.termDate),
    dba: (v.dba ?? '').trim(),
    products: v.product ? [v.product] : [],
  };
}

/** Comparable form of the values: what would be sent, plus the typed agent text. */
export function fingerprint(v: WebsiteFormValues): string {
  return JSON.stringify({ ...toInput(v), agentText: v.agent?.agent ? '' : (v.agent?.text ?? '').trim() });
}

/**
 * Save is enabled only when something changed (spec §4). On create that is the contract's
 * isCreateFormTouched; on update, any difference from the saved values.
 */
export function canSave(
  values: WebsiteFormValues | undefined,
  initial: WebsiteFormValues | null,
  creating: boolean,
): boolean {
  if (!values) return false;
  if (creating) {
    return isCreateFormTouched({
      domainName: values.domainName,
      agentSearch: values.agent?.text,
      product: values.product,
      dba: values.dba,
      startDate: wireDate(values.startDate),
      termDate: wireDate(values.termDate),
    });
  }
  return initial !== null && fingerprint(values) !== fingerprint(initial);
}

export interface StatusOption {
  value: SiteStatus;
  label: string;
  disabled: boolean;
  /** Why a shown option cannot be picked, where it is not plain. */
  reason?: string;
}

export interface FieldStates {
  domainLocked: boolean;
  domainChange: boolean;
  agentLocked: boolean;
  agentChange: boolean;
  /** A licensed site's product changes only by a Product Change Request (MLS staff edit it in place). */
  productLocked: boolean;
  productChange: boolean;
  statusLocked: boolean;
  terminationRequest: boolean;
  terminationWithdraw: boolean;
  statusOptions: StatusOption[];
  startDateEditable: boolean;
  termDateEditable: boolean;
  deleteVisible: boolean;
  saf: SafButtonState;
}

/** Why Active and Inactive are shown but cannot be picked by a vendor. */
export const STAFF_STATUS_REASON =
  'Set by MLS staff: Active once the SAF is signed, Inactive when a termination ends.';

/**
 * Field states from the saved status (null while creating), the status being chosen, the user's
 * role (null: unknown, read-only) and the site's standing (ever Active; a SAF that counts): the
 * selector and Delete follow the saved status, the dates the one currently picked, and each option
 * is enabled exactly when the contract's status rules allow the move.
 */
export function fieldStates(
  saved: SiteStatus | null,
  chosen: SiteStatus,
  role: Role | null,
  standing: SiteStanding = { activated: false, safSigned: false },
  safTypeExists = false,
): FieldStates {
  const writer = role !== null && canWrite(role);
  const offered = statusOptions(saved);
  // The saved status is always listed so the selector can show it, even where it cannot be re-picked.
  const values = saved && !offered.includes(saved) ? [saved, ...offered] : offered;
  const options = values.map((s): StatusOption => {
    // A new site always starts Pending Activation (spec §4); the server refuses anything else.
    if (saved === null)
      return { value: s, label: SITE_STATUS_DISPLAY[s], disabled: s !== 'Pending Activation' };
    const refusal = role === null ? null : statusChangeRefusal(saved, s, role, standing);
    // Plain Active and Inactive are listed for vendors (the saved one too) but set by MLS staff.
    const staffOnly = (s === 'Active' || s === 'Inactive') && role !== 'admin';
    const disabled = role === null || refusal !== null || staffOnly;
    const reason = !disabled ? undefined : staffOnly ? STAFF_STATUS_REASON : (refusal ?? undefined);
    return { value: s, label: SITE_STATUS_DISPLAY[s], disabled, ...(reason ? { reason } : {}) };
  });
  return {
    domainLocked: isDomainLocked(saved === null),
    domainChange: writer && canRequestDomainChange(saved),
    agentLocked: role === null || !isAgentEditable(saved, role, chosen),
    // An Inactive site's agent is not changed by request either; it is licensed again first.
    agentChange: writer && saved !== null && saved !== 'Inactive',
    productLocked: role !== 'admin' && isLicensedStatus(saved) && isLicensedStatus(chosen),
    productChange: writer && role !== 'admin' && isLicensedStatus(saved),
    // Locked too where the saved status is the only one that can be picked.
    statusLocked:
      isStatusLocked(saved) || (saved !== null && options.every((o) => o.value === saved || o.disabled)),
    terminationRequest: role !== null && canRequestTermination(saved, role),
    terminationWithdraw: role !== null && canWithdrawTermination(saved, standing.activated, role),
    statusOptions: options,
    startDateEditable: isStartDateEditable(chosen),
    termDateEditable: isTermDateEditable(chosen),
    deleteVisible: canDelete(saved, standing.activated),
    saf: safButtonState(saved, safTypeExists),
  };
}

/**
 * What a status pick does to the dates: moving into Pending Activation starts the site again, so
 * the term date is cleared and the start date becomes today (the user may pick another).
 */
export function datesOnStatusChange(
  saved: SiteStatus | null,
  chosen: SiteStatus,
  today: Dayjs = dayjs(),
): Partial<Pick<WebsiteFormValues, 'startDate' | 'termDate'>> {
  if (saved === null || saved === chosen || keepsTermDate(chosen)) return {};
  return { startDate: today.startOf('day'), termDate: null };
}

export interface DateLimits {
  /** Start dates the picker greys out. */
  startDisabled: (d: Dayjs) => boolean;
  /** Term dates the picker greys out. */
  termDisabled: (d: Dayjs) => boolean;
}

/** The dates the pickers offer, by the contract's date rules: the impossible ones are disabled. */
export function dateLimits(
  status: SiteStatus,
  startDate: Dayjs | null,
  termDate: Dayjs | null,
  today: Dayjs = dayjs(),
): DateLimits {
  const earliest = earliestTermDate(status, wireDate(startDate), today.format(WIRE_DATE));
  const latest = latestStartDate(wireDate(termDate));
  return {
    startDisabled: (d) => latest !== null && d.format(WIRE_DATE) > latest,
    termDisabled: (d) => earliest !== null && d.format(WIRE_DATE) < earliest,
  };
}

/**
 * The message for a start or term date too far ahead, from the contract's website schema (the one
 * the server parses with); null when the date is within bounds or empty. The pickers do not grey
 * those dates out, so a date typed or picked there is told why it cannot be saved.
 */
export function dateBoundError(
  field: 'startDate' | 'termDate',
  date: Dayjs | null | undefined,
): string | null {
  const wire = wireDate(date);
  if (!wire) return null;
  const result = websiteInputSchema.shape[field].safeParse(wire);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The message of the date rule the values break, for the Term Date field; null when none. */
export function datesError(
  values: Pick<WebsiteFormValues, 'status' | 'startDate' | 'termDate'>,
  today: Dayjs = dayjs(),
): string | null {
  return siteDatesError(
    { status: values.status, startDate: wireDate(values.startDate), termDate: wireDate(values.termDate) },
    today.format(WIRE_DATE),
  );
}
