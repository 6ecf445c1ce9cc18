import type {
  CreateWebhook,
  UpdateWebhook,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookDeliveryState,
  WebhookEndpoint,
  WebhookWithSecret,
} from '@vp/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The webhook calls (a vendor's own, the MLS's, and a vendor's seen from the console) and their hooks. */

/**
 * Whose endpoints a screen shows. A vendor user acts on the current vendor's through /webhooks;
 * MLS staff act on the MLS's own, and on any vendor's, through /admin/webhooks, and list a vendor's
 * through /admin/vendors/{id}/webhooks.
 */
export interface WebhookScope {
  /** Where an endpoint's calls go. */
  api: '/webhooks' | '/admin/webhooks';
  /** The vendor whose endpoints the console shows; null for the caller's own (or the MLS's). */
  vendorId: number | null;
  /** The list page's address; an endpoint's delivery log is `${page}/{id}`. */
  page: string;
}

export const VENDOR_SCOPE: WebhookScope = { api: '/webhooks', vendorId: null, page: '/tools/webhooks' };
export const MLS_SCOPE: WebhookScope = { api: '/admin/webhooks', vendorId: null, page: '/admin/webhooks' };
/** A vendor's endpoints as MLS staff see them (the vendor drawer, and their delivery logs). */
export const consoleVendorScope = (vendorId: number): WebhookScope => ({ ...MLS_SCOPE, vendorId });

/** The delivery log of an endpoint, with the vendor it belongs to when the console opened it. */
export function deliveryLogPath(scope: WebhookScope, id: number): string {
  return `${scope.page}/${id}${scope.vendorId === null ? '' : `?vendor=${scope.vendorId}`}`;
}

export const WebhookPaths = {
  list: (scope: WebhookScope) =>
    scope.vendorId === null ? scope.api : `/admin/vendors/${scope.vendorId}/webhooks`,
  endpoint: (scope: WebhookScope, id: number) => `${scope.api}/${id}`,
  rotate: (scope: WebhookScope, id: number) => `${scope.api}/${id}/rotate-secret`,
  test: (scope: WebhookScope, id: number) => `${scope.api}/${id}/test`,
  deliveries: (scope: WebhookScope, id: number) => `${scope.api}/${id}/deliveries`,
  delivery: (scope: WebhookScope, id: number, deliveryId: number) =>
    `${scope.api}/${id}/deliveries/${deliveryId}`,
  redeliver: (scope: WebhookScope, id: number, deliveryId: number) =>
    `${scope.api}/${id}/deliveries/${deliveryId}/redeliver`,
};

/** How often a delivery log is read again while one of its deliveries is still on its way. */
export const REFRESH_WHILE_PENDING_MS = 5_000;

export function useWebhooks(scope: WebhookScope) {
  const path = WebhookPaths.list(scope);
  return useQuery({
    queryKey: queryKeys.webhooks.list(path),
    queryFn: () => http.get<{ items: WebhookEndpoint[] }>(path).then((answer) => answer.items),
  });
}

export interface DeliveryListParams {
  page: number;
  size: number;
  state: WebhookDeliveryState | null;
}

function deliveryQuery({ page, size, state }: DeliveryListParams): string {
  const q = new URLSearchParams({ page: String(page), size: String(size) });
  if (state) q.set('state', state);
  return q.toString();
}

const pending = (list: WebhookDeliveryList | undefined) =>
  (list?.items ?? []).some((d) => d.state === 'pending');

/** `id` null: the address names no endpoint, and nothing is asked. */
export function useDeliveries(scope: WebhookScope, id: number | null, params: DeliveryListParams) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveryList(scope.api, id ?? 0, params),
    queryFn: () =>
      http.get<WebhookDeliveryList>(`${WebhookPaths.deliveries(scope, id!)}?${deliveryQuery(params)}`),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    // A delivery on its way is followed until it arrives or fails.
    refetchInterval: (query) => (pending(query.state.data) ? REFRESH_WHILE_PENDING_MS : false),
  });
}

export function useDelivery(scope: WebhookScope, id: number, deliveryId: number | null) {
  return useQuery({
    queryKey: queryKeys.webhooks.delivery(scope.api, id, deliveryId ?? 0),
    queryFn: () => http.get<WebhookDeliveryDetail>(WebhookPaths.delivery(scope, id, deliveryId!)),
    enabled: deliveryId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? REFRESH_WHILE_PENDING_MS : false),
  });
}

/** Every change of an endpoint shows in its list, in the console's and in its delivery log. */
function useInvalidateWebhooks() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.webhooks.all });
}

export function useCreateWebhook(scope: WebhookScope) {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (input: CreateWebhook) => http.post<WebhookWithSecret>(scope.api, input),
    // The secret in the answer is not kept once the dialog has it.
    gcTime: 0,
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook(scope: WebhookScope) {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateWebhook }) =>
      http.patch<WebhookEndpoint>(WebhookPaths.endpoint(scope, id), input),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook(scope: WebhookScope) {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: number) => http.delete<void>(WebhookPaths.endpoint(scope, id)),
    onSuccess: invalidate,
  });
}

export function useRotateSecret(scope: WebhookScope) {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, overlapHours }: { id: number; overlapHours: number }) =>
      http.post<WebhookWithSecret>(WebhookPaths.rotate(scope, id), { overlapHours }),
    // The secret in the answer is not kept once the dialog has it.
    gcTime: 0,
    onSuccess: invalidate,
  });
}

export function useSendTestEvent(scope: WebhookScope) {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: number) => http.post<WebhookDelivery>(WebhookPaths.test(scope, id)),
    onSuccess: invalidate,
  });
}

export function useRedeliver(scope: WebhookScope) {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      http.post<WebhookDelivery>(WebhookPaths.redeliver(scope, id, deliveryId)),
    onSuccess: invalidate,
  });
}
