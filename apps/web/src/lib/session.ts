import { ROLES, type Role } from '@vp/contract';
import { createStore, useStore } from './store.ts';
import { readStorage, StorageKeys, writeStorage } from './storage.ts';

/**
 * The session as the browser knows it: the token (kept across reloads), and what the guard learnt
 * from the profile (roles, terms acceptance) which is re-fetched after every reload.
 */
export interface SessionState {
  token: string | null;
  roles: readonly string[];
  acceptedTOS: boolean | null;
}

export const sessionStore = createStore<SessionState>({
  token: readStorage(StorageKeys.token),
  roles: [],
  acceptedTOS: null,
});

const resetListeners = new Set<() => void>();

export function getToken(): string | null {
  return sessionStore.get().token;
}

/** A new token means a new session: whatever was known about the old account no longer holds. */
export function setToken(token: string): void {
  // Only a session's token is kept: a sign-in still waiting for its second step has none.
  if (typeof token !== 'string' || token === '') throw new TypeError('Not a session token.');
  writeStorage(StorageKeys.token, token);
  const prev = sessionStore.get();
  if (prev.token === token) return;
  sessionStore.set({ token, roles: [], acceptedTOS: null });
}

export function setAccount(roles: readonly string[], acceptedTOS: boolean): void {
  sessionStore.set((s) => ({ ...s, roles, acceptedTOS }));
}

export function setAcceptedTOS(acceptedTOS: boolean): void {
  sessionStore.set((s) => ({ ...s, acceptedTOS }));
}

/**
 * Runs `start` once the guard knows the signed-in user may read vendor data: the account is loaded
 * and the terms are accepted. Calls made before their page renders (a prefetch) go through this, so
 * none runs before the guard has decided; for a user held on /tos, or without a session, never.
 */
export function whenVendorDataAllowed(start: () => void): void {
  /** Whether the question is settled (started, or never to start). */
  const settle = (): boolean => {
    const { token, roles, acceptedTOS } = sessionStore.get();
    if (!token || acceptedTOS === false) return true;
    if (roles.length === 0 || acceptedTOS === null) return false;
    start();
    return true;
  };
  if (settle()) return;
  const stop = sessionStore.subscribe(() => {
    if (settle()) stop();
  });
}

/** Ends the session in this browser; listeners forget what belonged to it (vendor choice, cache). */
export function resetToken(): void {
  writeStorage(StorageKeys.token, null);
  sessionStore.set({ token: null, roles: [], acceptedTOS: null });
  for (const l of resetListeners) l();
}

export function onSessionReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

export function useSession(): SessionState {
  return useStore(sessionStore);
}

/**
 * The signed-in user's role, as the contract's permission rules take it; null until the profile is
 * known or when the role is not one the app knows, which the app treats as read-only.
 */
export function sessionRole(roles: readonly string[]): Role | null {
  return ROLES.find((r) => roles.includes(r)) ?? null;
}

export function useRole(): Role | null {
  return sessionRole(useSession().roles);
}

/**
 * Whether a profile (as answered by GET /profile) may read vendor data: the server refuses it to
 * a user who has not accepted the terms of use, so nothing asks for it before they have.
 */
export function mayReadVendorData(profile: unknown): boolean {
  return (profile as { acceptedTOS?: unknown } | null)?.acceptedTOS === true;
}
