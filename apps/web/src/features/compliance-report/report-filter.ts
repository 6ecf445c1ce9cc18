import { urlParam, useUrlState } from '../../hooks/use-url-state.ts';

/**
 * What the compliance report is narrowed to, kept in the URL as `vendor` and `product` (ids), so a
 * reload or a shared link brings the same figures back. Anything unreadable means no filter.
 */

export interface ComplianceFilter {
  vendor: number | null;
  product: number | null;
}

function positiveId(raw: string | null): number | null {
  const value = raw?.trim() ?? '';
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

export const complianceFilterSpec = {
  vendor: urlParam.optional<number>(positiveId),
  product: urlParam.optional<number>(positiveId),
};

export function useComplianceFilter() {
  const [filter, set] = useUrlState(complianceFilterSpec);
  /** A new filter, as a step Back undoes; null clears it. */
  const setFilter = (patch: Partial<ComplianceFilter>) => set(patch, 'push');
  return [filter as ComplianceFilter, setFilter] as const;
}
