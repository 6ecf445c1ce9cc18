import type { LinkedAccount, Profile, ProfileUpdate, ThemeChoice } from '@vp/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiPaths } from '../../lib/api-paths.ts';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { setTheme, settingsStore } from '../../lib/settings.ts';

export function fetchProfile(options?: { session?: boolean }): Promise<Profile> {
  return http.get<Profile>(ApiPaths.profile, options);
}

export const profileQuery = queryOptions({ queryKey: queryKeys.profile.me, queryFn: () => fetchProfile() });

export function useProfile() {
  return useQuery(profileQuery);
}

export function useLinkedAccounts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.profile.vendors,
    queryFn: () => http.get<LinkedAccount[]>('/profile/vendors'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => http.put<Profile>('/profile', body),
    onSuccess: (profile) => qc.setQueryData(queryKeys.profile.me, profile),
  });
}

/** PUT /profile/avatar with the picture itself as the body; DELETE removes it. */
export function useAvatar() {
  const qc = useQueryClient();
  const onSuccess = (profile: Profile) => qc.setQueryData(queryKeys.profile.me, profile);
  return {
    save: useMutation({ mutationFn: (file: Blob) => http.put<Profile>('/profile/avatar', file), onSuccess }),
    remove: useMutation({ mutationFn: () => http.delete<Profile>('/profile/avatar'), onSuccess }),
  };
}

/**
 * Keeps a theme choice with the account (PUT /profile/preferences/display). The page takes it at
 * once; the account keeps it for the user's other browsers, and a refusal puts back the theme the
 * account has.
 */
export function useSaveTheme() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (theme: ThemeChoice) => http.put<Profile>(ApiPaths.displayPreferences, { theme }),
    onMutate: (theme) => {
      setTheme(theme);
      qc.setQueryData<Profile>(queryKeys.profile.me, (p) => (p ? { ...p, theme } : p));
    },
    onSuccess: (profile) => qc.setQueryData(queryKeys.profile.me, profile),
    onError: () => void qc.invalidateQueries({ queryKey: queryKeys.profile.me }),
  });
}

/** The page wears the theme kept with the account, from the profile as it arrives or changes. */
export function useAccountTheme(): void {
  const theme = useProfile().data?.theme;
  useEffect(() => {
    if (theme && theme !== settingsStore.get().theme) setTheme(theme);
  }, [theme]);
}
