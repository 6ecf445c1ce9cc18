import type { HistoryEntry } from '@vp/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

export const historyKeys = {
  site: (siteId: number) => ['changelog', siteId] as const,
};

export function useChangelog(siteId: number | null, enabled = true) {
  return useQuery({
    queryKey: historyKeys.site(siteId ?? 0),
    queryFn: () => http.get<HistoryEntry[]>(`/website/${siteId}/changelog`),
    enabled: enabled && siteId !== null && siteId > 0,
    staleTime: 0,
  });
}
