import type { Profile, TermsOfService } from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The terms of service and their acceptance, for the terms page. Anyone may read the terms, signed
 * in or not: they are asked for without the session, whether there is one or not.
 */
export function useTermsOfService() {
  return useQuery({
    queryKey: queryKeys.settings.tos,
    queryFn: () => http.get<TermsOfService>('/settings/tos', { auth: false, session: false }),
    enabled: true,
  });
}

export function useAcceptTerms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.put<Profile>('/profile/tos'),
    onSuccess: (profile) => qc.setQueryData(queryKeys.profile.me, profile),
  });
}
