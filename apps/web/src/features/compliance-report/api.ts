import { ComplianceReportPaths, type ComplianceReport } from '@vp/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import type { ComplianceFilter } from './report-filter.ts';

/** The compliance report's call (the MLS staff console's, answered to the admin role only). */

export const complianceReportKey = (filter: ComplianceFilter) =>
  ['admin', 'compliance-report', filter.vendor, filter.product] as const;

export function complianceReportPath(filter: ComplianceFilter): string {
  const params = new URLSearchParams();
  if (filter.vendor !== null) params.set('vendor', String(filter.vendor));
  if (filter.product !== null) params.set('product', String(filter.product));
  const query = params.toString();
  return query ? `${ComplianceReportPaths.report}?${query}` : ComplianceReportPaths.report;
}

export function useComplianceReport(filter: ComplianceFilter) {
  return useQuery({
    queryKey: complianceReportKey(filter),
    queryFn: () => http.get<ComplianceReport>(complianceReportPath(filter)),
    // A new filter keeps the previous figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}
