import {
  SITE_STATUS_DISPLAY,
  displayDate,
  historyFieldLabel,
  isRequestEntry,
  type AuditKind,
  type HistoryEntry,
  type SiteStatus,
} from '@vp/contract';

/** A changelog date: date part MM/DD/YYYY (time added when present); 0001-01-01 reads 'Not Available'. */
export function historyDate(value: string | null | undefined): string {
  if (!value || value.startsWith('0001-01-01')) return 'Not Available';
  const day = displayDate(value);
  const time = /T(\d{2}):(\d{2})/.exec(value);
  if (!time) return day;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return day;
  // Stored in UTC; the reader's clock is what they compare against.
  const local = `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
  return `${local} ${d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}

/** A before/after value as text: dates as MM/DD/YYYY, empty as N/A. */
export function historyValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return 'N/A';
  if (typeof v === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return displayDate(v);
    return v;
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.length ? v.map(historyValue).join(', ') : 'N/A';
  return JSON.stringify(v);
}

export function historyUser(user: HistoryEntry['user']): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name ? `${user.username} (${name})` : user.username;
}

/**
 * A change's field as people name it ('Agent', not 'memberNumber'); in a request's entry the value
 * is asked for, not applied, and the label says so.
 */
export function changeLabel(kind: AuditKind, path: readonly string[]): string {
  const label = historyFieldLabel(path);
  return isRequestEntry(kind) && path[0] !== 'reason' ? `${label} (requested)` : label;
}

/** A request's reason is a text of its own, with no value before it. */
export function hasFromValue(path: readonly string[]): boolean {
  return path[0] !== 'reason';
}

/** A change's value as text; a status by its display name, whoever wrote the entry. */
export function changeValue(path: readonly string[], v: unknown): string {
  if (path[0] === 'status' && typeof v === 'string' && v in SITE_STATUS_DISPLAY)
    return SITE_STATUS_DISPLAY[v as SiteStatus];
  return historyValue(v);
}

/**
 * A change of a list (team members) read as what was added and removed: striking through the whole
 * old list would read as if members that stayed had left.
 */
export function listDelta(from: unknown, to: unknown): { added: string[]; removed: string[] } | null {
  if (!Array.isArray(from) || !Array.isArray(to)) return null;
  const before = from.map(historyValue);
  const after = to.map(historyValue);
  return {
    added: after.filter((v) => !before.includes(v)),
    removed: before.filter((v) => !after.includes(v)),
  };
}
