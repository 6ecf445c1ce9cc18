import { LICENSEE_DISPLAY_MAX } from './constants.ts';

/** Licensee names in the vendor selector: at most 20 characters, then an ellipsis. */
export function truncateLicensee(name: string, max = LICENSEE_DISPLAY_MAX): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A whole number with its thousands grouped as in en-US ('4,000', '1,000,000'). The texts built
 * when the contract loads use it rather than toLocaleString, whose first call sets up the
 * browser's whole number formatting: a cost every page would pay before its first frame.
 */
export function formatCount(n: number): string {
  const digits = String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** A count with its noun, singular for one: '1 website', '4,000 websites'. */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : plural}`;
}

/** File sizes with base 1000, units Bytes to YB, 2 decimals (spec §9). */
export function formatFileSize(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1000)), SIZE_UNITS.length - 1);
  const value = parseFloat((bytes / 1000 ** i).toFixed(decimals));
  return `${value} ${SIZE_UNITS[i]}`;
}

/** yyyy-mm-dd (wire format) to MM/DD/YYYY (display); 0001-01-01 means no date. */
export function displayDate(iso: string | null | undefined): string {
  if (!iso || iso.startsWith('0001-01-01')) return 'Not Available';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return `${m[2]}/${m[3]}/${m[1]}`;
}

/** Today's date as yyyy-mm-dd in the given time zone's calendar (defaults to local). */
export function isoDate(d: Date = new Date()): string {
  const y = d.getFullYear();
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return `${y}-${m}-${day}`;
}

/**
 * How long to wait, as a message says it: whole seconds under a minute, else whole minutes, both
 * rounded up so the wait said is never shorter than the real one ('1 second', '2 minutes').
 */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const m = Math.ceil(s / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}
