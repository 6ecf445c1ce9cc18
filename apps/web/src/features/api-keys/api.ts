import type { ApiKey, ApiKeyList, CreateApiKey, IssuedApiKey, RotateApiKey } from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The API key calls and the hooks that cache them: the vendor's own keys (Tools → API keys) and a
 * vendor's keys in the MLS console. A secret comes back once, in the answer to a create or a
 * rotation; it is handed to the screen and kept in no cache.
 */

export const ApiKeyPaths = {
  list: '/api-keys',
  rotate: (id: number) => `/api-keys/${id}/rotate`,
  revoke: (id: number) => `/api-keys/${id}/revoke`,
  vendorKeys: (vendorId: number) => `/admin/vendors/${vendorId}/api-keys`,
  staffRevoke: (id: number) => `/admin/api-keys/${id}/revoke`,
} as const;

export function useApiKeys() {
  return useQuery({
    queryKey: queryKeys.apiKeys.list,
    queryFn: () => http.get<ApiKeyList>(ApiKeyPaths.list),
    select: (list) => list.items,
  });
}

export function useVendorApiKeys(vendorId: number) {
  return useQuery({
    queryKey: queryKeys.apiKeys.vendor(vendorId),
    queryFn: () => http.get<ApiKeyList>(ApiKeyPaths.vendorKeys(vendorId)),
    select: (list) => list.items,
  });
}

/** Every list of keys is read again after a write: the vendor's and the console's may both show it. */
function useKeyMutation<V, R>(send: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    // A secret in the answer is not kept once the screen has it.
    gcTime: 0,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
}

export function useCreateApiKey() {
  return useKeyMutation((input: CreateApiKey) => http.post<IssuedApiKey>(ApiKeyPaths.list, input));
}

export function useRotateApiKey() {
  return useKeyMutation((v: { id: number } & RotateApiKey) =>
    http.post<IssuedApiKey>(ApiKeyPaths.rotate(v.id), { overlapHours: v.overlapHours }),
  );
}

export function useRevokeApiKey() {
  return useKeyMutation((id: number) => http.post<ApiKey>(ApiKeyPaths.revoke(id)));
}

/** The console's revoke, for any vendor's key. */
export function useStaffRevokeApiKey() {
  return useKeyMutation((id: number) => http.post<ApiKey>(ApiKeyPaths.staffRevoke(id)));
}
