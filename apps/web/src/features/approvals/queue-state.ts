import { QUEUE_AGES, QUEUE_KINDS, QUEUE_PAGE_SIZE_MAX, type QueueAge, type QueueKind } from '@vp/contract';
import { readUrlState, urlParam, useUrlState, type UrlStateValues } from '../../hooks/use-url-state.ts';
import type { QueueParams } from './api.ts';

/**
 * The queue's filter and paging as URL parameters (`kind`, `vendor`, `age`, `search`, `page`,
 * `size`), so a reload or a shared link brings back the same list.
 */
export const QUEUE_PAGE_SIZES = [25, 50, QUEUE_PAGE_SIZE_MAX] as const;

function oneOf<T extends string>(values: readonly T[]) {
  return (raw: string | null): T | null =>
    (values as readonly string[]).includes(raw ?? '') ? (raw as T) : null;
}

function positiveId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

export const queueListSpec = {
  kind: urlParam.optional<QueueKind>(oneOf(QUEUE_KINDS)),
  vendor: urlParam.optional<number>(positiveId),
  age: urlParam.optional<QueueAge>(oneOf(QUEUE_AGES)),
  search: urlParam.text(),
  page: urlParam.int(1, 1, 100_000),
  size: urlParam.intOf(QUEUE_PAGE_SIZES, 25),
};

export type QueueListState = UrlStateValues<typeof queueListSpec>;

export function queueParams(state: QueueListState): QueueParams {
  return {
    page: state.page,
    pageSize: state.size,
    kind: state.kind ?? undefined,
    vendor: state.vendor ?? undefined,
    age: state.age ?? undefined,
    search: state.search || undefined,
  };
}

/** Whether any filter narrows the list (paging is not a filter). */
export function isFiltered(state: QueueListState): boolean {
  return state.kind !== null || state.vendor !== null || state.age !== null || state.search !== '';
}

export function readQueueListState(search: string): QueueListState {
  return readUrlState(queueListSpec, new URLSearchParams(search));
}

export function useQueueListState() {
  return useUrlState(queueListSpec);
}
