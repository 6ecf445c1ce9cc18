import type { HistoryEntry } from '@vp/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useChangelog(siteId: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.history.site(siteId ?? 0),
    queryFn: () => http.get<HistoryEntry[]>(`/website/${siteId}/changelog`),
    enabled: enabled && siteId !== null && siteId > 0,
    staleTime: 0,
  });
}
