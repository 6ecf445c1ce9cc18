import type { Agent } from '@vp/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function searchAgents(query: string, reciprocal: boolean): Promise<Agent[]> {
  const path = reciprocal ? '/searchrecipagent' : '/searchagent';
  return http.get<Agent[]>(`${path}/${encodeURIComponent(query)}`);
}

/** The query is already debounced by the caller; an empty one searches nothing. */
export function useAgentSearch(query: string, reciprocal: boolean) {
  const q = query.trim();
  return useQuery({
    queryKey: queryKeys.agents.search(q, reciprocal),
    queryFn: () => searchAgents(q, reciprocal),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}

export function useAgent(memberNumber: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.agents.detail(memberNumber ?? ''),
    queryFn: () => http.get<Agent>(`/agent/${encodeURIComponent(memberNumber ?? '')}`),
    enabled: enabled && !!memberNumber,
    staleTime: 0,
  });
}
