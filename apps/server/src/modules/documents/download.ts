/**
 * The attachment header of a download: an ASCII `filename` for old clients (characters outside
 * printable ASCII, quotes and backslashes become `_`) and the exact name as `filename*` in UTF-8,
 * percent-encoded as RFC 5987 asks.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
