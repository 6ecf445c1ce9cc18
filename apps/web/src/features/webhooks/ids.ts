/** An id as an address carries it (`/tools/webhooks/12`, `?vendor=3`), or null when it is none. */
export function idOf(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}
