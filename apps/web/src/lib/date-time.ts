import dayjs from 'dayjs';

/** A moment as the tables show it: the spec's MM/DD/YYYY date with the reader's local time. */
export const DATE_TIME = 'MM/DD/YYYY h:mm A';

/** The day of a moment, in the reader's time zone, as the spec writes dates (MM/DD/YYYY). */
export function displayDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('MM/DD/YYYY') : iso;
}

export function displayDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format(DATE_TIME) : iso;
}
