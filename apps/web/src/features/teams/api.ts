import type { Team, TeamInput } from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The team of a site. The server keeps a team for every team-product site, so the 404 → create
 * path below (spec §4 Team) is kept only for a server that has none yet; it no longer fires.
 */
export async function fetchOrCreateTeam(siteId: number, primary: string): Promise<Team> {
  try {
    return await http.get<Team>(`/websites/${siteId}/team`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    const input: TeamInput = { siteId, primary, memberIds: [primary] };
    await http.post<unknown>(`/websites/${siteId}/team`, input);
    return http.get<Team>(`/websites/${siteId}/team`);
  }
}

export function useTeam(siteId: number, primary: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.teams.site(siteId),
    queryFn: () => fetchOrCreateTeam(siteId, primary),
    enabled: enabled && siteId > 0 && primary !== '',
    staleTime: 0,
  });
}

export function useUpdateTeam(siteId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamInput) => http.put<Team>(`/websites/${siteId}/team`, input),
    onSuccess: async (team) => {
      if (team && typeof team === 'object' && 'members' in team)
        qc.setQueryData(queryKeys.teams.site(siteId), team);
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.teams.site(siteId) }),
        qc.invalidateQueries({ queryKey: queryKeys.history.site(siteId) }),
      ]);
    },
  });
}
