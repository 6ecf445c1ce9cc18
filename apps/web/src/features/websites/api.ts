import type { Product, SiteStatus, Website, WebsiteInput, WebsiteList, WebsiteListQuery } from '@vp/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '../dashboard/api.ts';
import { historyKeys } from '../history/api.ts';
import { http } from '../../lib/http.ts';

export interface WebsiteListParams {
  page: number;
  pageSize: number;
  sort?: WebsiteListQuery['sort'];
  order?: 'asc' | 'desc';
  status?: SiteStatus;
  search?: string;
}

export const websiteKeys = {
  all: ['websites'] as const,
  lists: () => [...websiteKeys.all, 'list'] as const,
  list: (params: WebsiteListParams) => [...websiteKeys.lists(), params] as const,
  details: () => [...websiteKeys.all, 'detail'] as const,
  detail: (id: number) => [...websiteKeys.details(), id] as const,
  products: ['products'] as const,
};

/** Query string of a list call; empty filters are left out so the server applies its defaults. */
export function websiteListSearch(params: WebsiteListParams): string {
  const q = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.sort) q.set('sort', params.sort);
  if (params.order) q.set('order', params.order);
  if (params.status) q.set('status', params.status);
  if (params.search?.trim()) q.set('search', params.search.trim());
  return q.toString();
}

export function fetchWebsites(params: WebsiteListParams): Promise<WebsiteList> {
  return http.get<WebsiteList>(`/portal/websites?${websiteListSearch(params)}`);
}

export function useWebsites(params: WebsiteListParams) {
  return useQuery({
    queryKey: websiteKeys.list(params),
    queryFn: () => fetchWebsites(params),
    // Paging and filtering keep the previous rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useWebsite(id: number | null) {
  return useQuery({
    queryKey: websiteKeys.detail(id ?? 0),
    queryFn: () => http.get<Website>(`/portal/websites/${id}`),
    enabled: id !== null && id > 0,
  });
}

export function useProducts() {
  return useQuery({
    queryKey: websiteKeys.products,
    queryFn: () => http.get<Product[]>('/products'),
    staleTime: 10 * 60_000,
  });
}

/** Website writes change the list, the open website, its history and the dashboard figures. */
function useInvalidateWebsite() {
  const qc = useQueryClient();
  return async (id?: number) => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: websiteKeys.lists() }),
      id ? qc.invalidateQueries({ queryKey: websiteKeys.detail(id) }) : Promise.resolve(),
      id ? qc.invalidateQueries({ queryKey: historyKeys.site(id) }) : Promise.resolve(),
      qc.invalidateQueries({ queryKey: dashboardKeys.metadata }),
    ]);
  };
}

export function useCreateWebsite() {
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: (input: WebsiteInput) => http.post<{ id: number }>('/portal/websites', input),
    onSuccess: ({ id }) => invalidate(id),
  });
}

export function useUpdateWebsite() {
  const qc = useQueryClient();
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: (input: WebsiteInput & { rowKey: number }) => http.put<Website>('/portal/websites', input),
    onSuccess: async (site) => {
      qc.setQueryData(websiteKeys.detail(site.rowKey), site);
      await invalidate(site.rowKey);
    },
  });
}

export function useDeleteWebsite() {
  const qc = useQueryClient();
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: (id: number) => http.delete<unknown>(`/portal/websites/${id}`),
    onSuccess: async (_data, id) => {
      qc.removeQueries({ queryKey: websiteKeys.detail(id) });
      await invalidate();
    },
  });
}

export function useDomainChangeRequest(id: number) {
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: (body: { domainName: string; reason: string }) =>
      http.post<unknown>(`/portal/websites/${id}/domain-change`, body),
    onSuccess: () => invalidate(id),
  });
}

export function useAgentChangeRequest(id: number) {
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: (body: { memberNumber: string; reciprocal: boolean; reason: string }) =>
      http.post<unknown>(`/portal/websites/${id}/agent-change`, body),
    onSuccess: () => invalidate(id),
  });
}
