import {
  API_KEY_EXPIRY_NOTICE_DAYS,
  API_KEY_SCOPE_LABELS,
  canIssueApiKeys,
  canWrite,
  countOf,
  type ApiKey,
  type BadgeTone,
  type Role,
} from '@vp/contract';

/** How an API key is described on screen: its state, its expiry, its last use, its creator. */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Today as the server judges expiry days: the UTC calendar's (YYYY-MM-DD). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The last day (UTC, YYYY-MM-DD) a key works: the day of the last moment before `expiresAt`. */
export function lastDay(expiresAt: string): string {
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) ? expiresAt.slice(0, 10) : new Date(at - 1).toISOString().slice(0, 10);
}

/** The overlaps a rotation offers (API_KEY_OVERLAPS), as the dialog names them. */
export const OVERLAP_LABELS: Record<number, string> = {
  0: 'Not at all',
  1: '1 hour',
  24: '1 day',
  72: '3 days',
  168: '7 days',
};

export type KeyStateName = 'Active' | 'Expired' | 'Revoked' | 'Replaced';

/** A rotated key says so while its overlap lasts and after; otherwise the server's state. */
export function keyState(key: ApiKey): { text: KeyStateName; tone: BadgeTone } {
  if (key.state === 'revoked') return { text: 'Revoked', tone: 'danger' };
  if (key.replacedBy !== null) return { text: 'Replaced', tone: 'warning' };
  if (key.state === 'expired') return { text: 'Expired', tone: 'info' };
  return { text: 'Active', tone: 'success' };
}

/** A key that still works and has not been replaced yet: it may be rotated. */
export const isRotatable = (key: ApiKey) => key.state === 'active' && key.replacedBy === null;

/** A key that still works: it may be revoked. */
export const isRevocable = (key: ApiKey) => key.state === 'active';

/**
 * 'Expires in 3 days' for a working key whose end is at most API_KEY_EXPIRY_NOTICE_DAYS away (in
 * hours when under a day, as a rotated key's overlap often is), counted up; null otherwise.
 */
export function expiryWarning(key: ApiKey, now: number = Date.now()): string | null {
  if (key.state !== 'active') return null;
  const left = Date.parse(key.expiresAt) - now;
  if (!(left > 0) || left > API_KEY_EXPIRY_NOTICE_DAYS * DAY_MS) return null;
  // Both round up, as a countdown does: a key rotated with a 3-day overlap expires in 3 days.
  if (left < DAY_MS) return `Expires in ${countOf(Math.ceil(left / HOUR_MS), 'hour')}`;
  return `Expires in ${countOf(Math.ceil(left / DAY_MS), 'day')}`;
}

/**
 * The name of an action on a key, for a screen reader: the key's name and its shown prefix, since
 * a rotated key and its replacement share a name ('Revoke: CRM script (vpk_ab12cd34)').
 */
export const keyActionLabel = (action: string, key: ApiKey) => `${action}: ${key.name} (${key.shown})`;

/** A person as the key's record names them: their name, else their username. */
export function personName(person: ApiKey['createdBy']): string {
  if (!person) return 'Unknown';
  return `${person.firstName} ${person.lastName}`.trim() || person.username;
}

export const scopeLabel = (scope: ApiKey['scopes'][number]) => API_KEY_SCOPE_LABELS[scope].label;

/**
 * Whether this role is offered Create and Rotate. Keys are issued by the vendor's own users
 * (ApiKeyMessages.staffCreate): MLS staff acting for a vendor see its keys and may revoke one, and
 * the read-only role only sees them.
 */
export function mayIssueKeys(role: Role | null): boolean {
  return role !== null && canIssueApiKeys(role);
}

/** Whether this role is offered Revoke. */
export function mayRevokeKeys(role: Role | null): boolean {
  return role !== null && canWrite(role);
}
