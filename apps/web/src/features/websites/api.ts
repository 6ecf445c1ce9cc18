import type {
  LinkedAccount,
  Product,
  TerminationRequest,
  Website,
  WebsiteDetail,
  WebsiteInput,
  WebsiteList,
  WithdrawableRequestKind,
} from '@vp/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from '../../lib/http.ts';
import { ApiPaths } from '../../lib/api-paths.ts';
import { websiteListSearch, type WebsiteListParams } from './list-query.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRole } from '../../lib/session.ts';
import { useActiveAccounts } from '../profile/index.ts';

export { websiteListSearch, type WebsiteListParams } from './list-query.ts';

export function fetchWebsites(params: WebsiteListParams): Promise<WebsiteList> {
  return http.get<WebsiteList>(`/portal/websites?${websiteListSearch(params)}`);
}

export function useWebsites(params: WebsiteListParams) {
  return useQuery({
    queryKey: queryKeys.websites.list(params),
    queryFn: () => fetchWebsites(params),
    // Paging and filtering keep the previous rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

/** One site, with its pending requests. */
export const fetchWebsite = (id: number) => http.get<WebsiteDetail>(ApiPaths.website(id));

export function useWebsite(id: number | null) {
  return useQuery({
    queryKey: queryKeys.websites.detail(id ?? 0),
    // One site comes with its pending requests; a saved site put in the cache may come without.
    queryFn: () => fetchWebsite(id ?? 0),
    enabled: id !== null && id > 0,
  });
}

export function useProducts() {
  return useQuery({
    queryKey: queryKeys.websites.products,
    queryFn: () => http.get<Product[]>(ApiPaths.products),
    staleTime: 10 * 60_000,
  });
}

/** Website writes change the list, the open website, its history and the dashboard figures. */
function useInvalidateWebsite() {
  const qc = useQueryClient();
  return async (id?: number) => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.websites.lists }),
      id ? qc.invalidateQueries({ queryKey: queryKeys.websites.detail(id) }) : Promise.resolve(),
      id ? qc.invalidateQueries({ queryKey: queryKeys.history.site(id) }) : Promise.resolve(),
      qc.invalidateQueries({ queryKey: queryKeys.dashboard.metadata }),
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
    // The version the form was loaded at: the server refuses a save made from an older one (409).
    mutationFn: (input: WebsiteInput & { rowKey: number; version: number }) =>
      http.put<Website>('/portal/websites', input),
    onSuccess: async (site) => {
      qc.setQueryData(queryKeys.websites.detail(site.rowKey), site);
      await invalidate(site.rowKey);
    },
  });
}

export function useDeleteWebsite() {
  const qc = useQueryClient();
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: (id: number) => http.delete<unknown>(`/portal/websites/${id}`),
    // The delete is confirmed as soon as the server has made it; the lists and counts catch up
    // behind the closing modal rather than holding its confirmation back.
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: queryKeys.websites.detail(id) });
      void invalidate();
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

const REQUEST_PATHS: Record<WithdrawableRequestKind, string> = {
  domain: 'domain-change',
  agent: 'agent-change',
  product: 'product-change',
  team: 'team-change',
};

/** A licensed site asks the MLS for other products. */
export function useProductChangeRequest(id: number) {
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: (body: { products: number[]; reason: string }) =>
      http.post<unknown>(`/portal/websites/${id}/product-change`, body),
    onSuccess: () => invalidate(id),
  });
}

/** A licensed team site asks the MLS for another team: every member it is to have. */
export function useTeamChangeRequest(id: number) {
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: (body: { memberIds: string[]; reason: string }) =>
      http.post<unknown>(`/portal/websites/${id}/team-change`, body),
    onSuccess: () => invalidate(id),
  });
}

/** Withdraw a pending domain, agent, product or team change; the server answers the site with what is still pending. */
export function useWithdrawRequest(id: number, kind: WithdrawableRequestKind) {
  const qc = useQueryClient();
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: () => http.post<WebsiteDetail>(`/portal/websites/${id}/${REQUEST_PATHS[kind]}/withdraw`),
    onSuccess: async (site) => {
      qc.setQueryData(queryKeys.websites.detail(id), site);
      await invalidate(id);
    },
  });
}

/** Withdraw the termination request of a site; the server answers the site, Active again. */
export function useWithdrawTermination(id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: () => http.post<Website>(`/portal/websites/${id}/termination/withdraw`),
    onSuccess: async (site) => {
      qc.setQueryData(queryKeys.websites.detail(id), site);
      await invalidate(id);
    },
  });
}

/** Request termination of an Active site; the server answers the site, now Pending Termination. */
export function useTerminationRequest(id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidateWebsite();
  return useMutation({
    mutationFn: (body: TerminationRequest) => http.post<Website>(`/portal/websites/${id}/termination`, body),
    onSuccess: async (site) => {
      qc.setQueryData(queryKeys.websites.detail(id), site);
      await invalidate(id);
    },
  });
}

/** At most this many of the user's other accounts are asked for a site this one does not have. */
const OWNER_LOOKUPS = 10;

/**
 * Which of the user's other active linked accounts has the site, when the one in use does not (a
 * link mailed for a sub-account, say): each is asked as itself, so nothing is learnt of a site the
 * user may not see. MLS staff, who may act for every vendor, find sites in the console instead.
 */
export function useSiteOwner(siteId: number | null) {
  const role = useRole();
  const lookup = siteId !== null && role !== null && role !== 'admin';
  const { active, current } = useActiveAccounts(lookup);
  const others = active.filter((a) => a.rowKey !== current?.rowKey).slice(0, OWNER_LOOKUPS);
  return useQuery({
    queryKey: [...queryKeys.websites.detail(siteId ?? 0), 'owner', current?.rowKey ?? 0],
    enabled: lookup && others.length > 0,
    retry: false,
    queryFn: async (): Promise<LinkedAccount | null> => {
      for (const account of others) {
        try {
          await http.get(`/portal/websites/${siteId}`, { headers: { Vendor: String(account.rowKey) } });
          return account;
        } catch (err) {
          if (!(err instanceof ApiError) || err.status !== 404) throw err;
        }
      }
      return null;
    },
  });
}
