import {
  StaffQueuePaths,
  type ActivateInput,
  type ApproveRequestInput,
  type BulkResult,
  type BulkSitesInput,
  type ClearRosterFlagInput,
  type DeclineInput,
  type ExtendFindingInput,
  type FindingTerminationInput,
  type WaiveFindingInput,
  type QueueItem,
  type QueuePage,
  type QueueQuery,
  type QueueVendor,
  type RejectDocumentInput,
  type ReviewLicenceInput,
  type TerminateInput,
} from '@vp/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The queue's calls (the MLS staff console's, answered to the admin role only). */

export type QueueParams = Required<Pick<QueueQuery, 'page' | 'pageSize'>> &
  Pick<QueueQuery, 'kind' | 'vendor' | 'age' | 'search'>;

/** Query string of a queue call; empty filters are left out so the server applies its defaults. */
export function queueSearch(params: QueueParams): string {
  const q = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.kind) q.set('kind', params.kind);
  if (params.vendor) q.set('vendor', String(params.vendor));
  if (params.age) q.set('age', params.age);
  if (params.search?.trim()) q.set('search', params.search.trim());
  return q.toString();
}

export function fetchQueue(params: QueueParams): Promise<QueuePage> {
  return http.get<QueuePage>(`${StaffQueuePaths.queue}?${queueSearch(params)}`);
}

export function useQueue(params: QueueParams) {
  return useQuery({
    queryKey: queryKeys.approvals.list(params),
    queryFn: () => fetchQueue(params),
    // Paging and filtering keep the previous rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
    // Staff come back to the queue from mail and other tabs: what they see then is current.
    refetchOnWindowFocus: 'always',
  });
}

export function useQueueVendors() {
  return useQuery({
    queryKey: queryKeys.approvals.vendors,
    queryFn: () => http.get<QueueVendor[]>(StaffQueuePaths.queueVendors),
    refetchOnWindowFocus: 'always',
  });
}

/** A decision on one item; the server answers it with a sentence to show. */
export type QueueAction =
  | { kind: 'activate'; item: QueueItem; startDate?: string }
  | { kind: 'terminate'; item: QueueItem }
  | { kind: 'approve'; item: QueueItem; paperForm?: string }
  | { kind: 'review-licence'; item: QueueItem; note: string }
  | { kind: 'review'; item: QueueItem }
  | { kind: 'decline'; item: QueueItem; reason: string }
  | { kind: 'extend'; item: QueueItem; dueOn: string; reason: string }
  | { kind: 'waive'; item: QueueItem; reason: string }
  | { kind: 'terminate-finding'; item: QueueItem; termDate: string; reason: string }
  | { kind: 'reject'; item: QueueItem; documentId: number; reason: string };

/** The path and body an action is posted with. */
export function actionCall(action: QueueAction): { path: string; body?: unknown } {
  const { item } = action;
  switch (action.kind) {
    case 'activate': {
      const body: ActivateInput = { version: item.version };
      if (action.startDate) body.startDate = action.startDate;
      return { path: StaffQueuePaths.activate(item.siteId), body };
    }
    case 'terminate':
      return {
        path: StaffQueuePaths.terminate(item.siteId),
        body: { version: item.version } satisfies TerminateInput,
      };
    case 'approve':
      return {
        path: StaffQueuePaths.approveRequest(item.requestId ?? 0),
        body: (action.paperForm ? { paperForm: action.paperForm.trim() } : {}) satisfies ApproveRequestInput,
      };
    case 'review-licence':
      return {
        path: StaffQueuePaths.reviewLicence(item.licenceId ?? 0),
        body: { note: action.note.trim() } satisfies ReviewLicenceInput,
      };
    case 'review':
      return {
        path: StaffQueuePaths.clearRosterFlag(item.siteId),
        body: { version: item.version } satisfies ClearRosterFlagInput,
      };
    case 'decline':
      return {
        path: StaffQueuePaths.declineRequest(item.requestId ?? 0),
        body: { reason: action.reason.trim() } satisfies DeclineInput,
      };
    case 'extend':
      return {
        path: StaffQueuePaths.extendFinding(item.finding?.id ?? 0),
        body: { dueOn: action.dueOn, reason: action.reason.trim() } satisfies ExtendFindingInput,
      };
    case 'waive':
      return {
        path: StaffQueuePaths.waiveFinding(item.finding?.id ?? 0),
        body: { reason: action.reason.trim() } satisfies WaiveFindingInput,
      };
    case 'terminate-finding':
      return {
        path: StaffQueuePaths.terminateForFinding(item.finding?.id ?? 0),
        body: {
          version: item.version,
          termDate: action.termDate,
          reason: action.reason.trim(),
        } satisfies FindingTerminationInput,
      };
    case 'reject':
      return {
        path: StaffQueuePaths.rejectDocument(action.documentId),
        body: { reason: action.reason.trim() } satisfies RejectDocumentInput,
      };
  }
}

/** After a decision, or a refusal (someone acted first), the queue and the sites are read again. */
function useRefreshQueue() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.approvals.all }),
      qc.invalidateQueries({ queryKey: queryKeys.websites.all }),
    ]);
}

export function useQueueAction() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: (action: QueueAction) => {
      const { path, body } = actionCall(action);
      return http.post<{ message?: string } | undefined>(path, body);
    },
    onSettled: () => refresh(),
  });
}

export type BulkKind = 'activate' | 'terminate';

export function useBulkAction() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: ({ kind, items }: { kind: BulkKind; items: readonly QueueItem[] }) => {
      const body: BulkSitesInput = { sites: items.map((i) => ({ id: i.siteId, version: i.version })) };
      const path = kind === 'activate' ? StaffQueuePaths.bulkActivate : StaffQueuePaths.bulkTerminate;
      return http.post<BulkResult>(path, body);
    },
    onSettled: () => refresh(),
  });
}
