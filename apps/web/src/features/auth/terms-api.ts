import type { Profile, TermsOfService } from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The terms of service and their acceptance, for the terms page (inside the signed-in shell). */
export function useTermsOfService() {
  return useQuery({
    queryKey: queryKeys.settings.tos,
    queryFn: () => http.get<TermsOfService>('/settings/tos'),
  });
}

export function useAcceptTerms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.put<Profile>('/profile/tos'),
    onSuccess: (profile) => qc.setQueryData(queryKeys.profile.me, profile),
  });
}
