import {
  StaffReportPaths,
  type ApprovalTimesReport,
  type BillableSitesReport,
  type ReportRange,
  type SitesByProductReport,
} from '@vp/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The reports' calls (the MLS staff console's, answered to the admin role only). */

const rangeQuery = (range: ReportRange) => new URLSearchParams({ from: range.from, to: range.to }).toString();

export function useBillableSites(range: ReportRange) {
  return useQuery({
    queryKey: queryKeys.reports.billable(range.from, range.to),
    queryFn: () => http.get<BillableSitesReport>(`${StaffReportPaths.billableSites}?${rangeQuery(range)}`),
    // A new range keeps the previous figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export function useApprovalTimes(range: ReportRange) {
  return useQuery({
    queryKey: queryKeys.reports.approvals(range.from, range.to),
    queryFn: () => http.get<ApprovalTimesReport>(`${StaffReportPaths.approvalTimes}?${rangeQuery(range)}`),
    placeholderData: keepPreviousData,
  });
}

export function useSitesByProduct() {
  return useQuery({
    queryKey: queryKeys.reports.products,
    queryFn: () => http.get<SitesByProductReport>(StaffReportPaths.sitesByProduct),
  });
}
