import type { SiteCompliance } from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, requestBlob } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const path = (siteId: number) => `/portal/websites/${siteId}/compliance`;

export function useSiteCompliance(siteId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.compliance.site(siteId),
    queryFn: () => http.get<SiteCompliance>(path(siteId)),
    enabled: enabled && siteId > 0,
  });
}

/** "Fixed: check again": the site is read now and the tab shows the new check. */
export function useCheckNow(siteId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<SiteCompliance>(`${path(siteId)}/check`),
    onSuccess: (fresh) => {
      qc.setQueryData(queryKeys.compliance.site(siteId), fresh);
      void qc.invalidateQueries({ queryKey: queryKeys.notifications.all });
    },
  });
}

/** The screenshot of a check's home page as drawn, as an address the page can show; null until asked. */
export function useCheckScreenshot(siteId: number, checkId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.compliance.site(siteId), 'screenshot', checkId],
    queryFn: async () =>
      URL.createObjectURL(await requestBlob(`${path(siteId)}/checks/${checkId}/screenshot`)),
    enabled: checkId !== null,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
