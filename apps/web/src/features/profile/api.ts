import type {
  Factors,
  LinkedAccount,
  PasskeyOptions,
  Profile,
  ProfileUpdate,
  RecoveryCodes,
  ThemeChoice,
  TotpSetup,
} from '@vp/contract';
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

/** The calls of the user's own two-step sign-in. */
export const FactorPaths = {
  list: '/profile/factors',
  confirm: '/profile/factors/confirm',
  totp: '/profile/factors/totp',
  totpConfirm: '/profile/factors/totp/confirm',
  passkeyOptions: '/profile/factors/passkey/options',
  passkey: '/profile/factors/passkey',
  factor: (id: number) => `/profile/factors/${id}`,
  recoveryCodes: '/profile/factors/recovery-codes',
} as const;

export function useFactors() {
  return useQuery({
    queryKey: queryKeys.profile.factors,
    queryFn: () => http.get<Factors>(FactorPaths.list),
  });
}

/** The password, or an authenticator or recovery code, again: changes to the methods follow for a while. */
export function useConfirmIdentity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string } | { code: string }) =>
      http.post<{ confirmedUntil: string }>(FactorPaths.confirm, body),
    onSuccess: ({ confirmedUntil }) =>
      qc.setQueryData<Factors>(queryKeys.profile.factors, (f) => (f ? { ...f, confirmedUntil } : f)),
  });
}

/**
 * The calls that change the methods. A key or recovery codes in an answer are handed to the screen
 * and kept in no cache.
 */
function useFactorMutation<V, R>(send: (vars: V) => Promise<R>, refetch: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    gcTime: 0,
    onSuccess: () => (refetch ? qc.invalidateQueries({ queryKey: queryKeys.profile.factors }) : undefined),
  });
}

/** A new authenticator-app key, which works once a first code from the app confirms it. */
export function useStartTotp() {
  return useFactorMutation(() => http.post<TotpSetup>(FactorPaths.totp), false);
}

export function useConfirmTotp() {
  return useFactorMutation(
    (body: { code: string; name?: string }) => http.post<RecoveryCodes>(FactorPaths.totpConfirm, body),
    true,
  );
}

export function usePasskeyOptions() {
  return useFactorMutation(() => http.post<PasskeyOptions>(FactorPaths.passkeyOptions), false);
}

export function useAddPasskey() {
  return useFactorMutation(
    (body: { challengeId: string; response: Record<string, unknown>; name: string }) =>
      http.post<RecoveryCodes>(FactorPaths.passkey, body),
    true,
  );
}

export function useRemoveFactor() {
  return useFactorMutation((id: number) => http.delete<{ message: string }>(FactorPaths.factor(id)), true);
}

/** A new set of recovery codes; the old ones stop working. */
export function useNewRecoveryCodes() {
  return useFactorMutation(() => http.post<RecoveryCodes>(FactorPaths.recoveryCodes), true);
}
