import {
  parseSiteIds,
  WEBSITE_SORT_FIELDS,
  type SiteStatus,
  type WebsiteListMissing,
  type WebsiteListQuery,
} from '@vp/contract';
import { readUrlState, urlParam, type UrlStateValues } from '../../hooks/url-state.ts';
import { parseMissingFilter, parseStatusFilter } from '../../lib/website-links.ts';

/**
 * The websites list's state as URL parameters: `filter` (status, spec §2 route), `missing`
 * (`documents`: the dashboard's sites missing documents), `ids` (the sites a notification named), `search`, `sort`, `order`, `page`, `size`. The Websites page, its first-page prefetch and Custom Export
 * read them through this one table.
 */
export const PAGE_SIZES = [20, 50, 100] as const;

export const websitesListSpec = {
  filter: urlParam.optional<SiteStatus>(parseStatusFilter),
  missing: urlParam.optional<WebsiteListMissing>(parseMissingFilter),
  ids: urlParam.optional<number[]>(parseSiteIds, (ids) => ids.join(',')),
  search: urlParam.text(),
  sort: urlParam.oneOf(WEBSITE_SORT_FIELDS, 'domainName'),
  order: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.int(1, 1, 1_000_000),
  size: urlParam.intOf(PAGE_SIZES, 50),
};

export type WebsitesListState = UrlStateValues<typeof websitesListSpec>;

export interface WebsiteListParams {
  page: number;
  pageSize: number;
  sort?: WebsiteListQuery['sort'];
  order?: 'asc' | 'desc';
  status?: SiteStatus;
  search?: string;
  missing?: WebsiteListMissing;
  ids?: readonly number[];
}

/** Query string of a list call; empty filters are left out so the server applies its defaults. */
export function websiteListSearch(params: WebsiteListParams): string {
  const q = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.sort) q.set('sort', params.sort);
  if (params.order) q.set('order', params.order);
  if (params.status) q.set('status', params.status);
  if (params.search?.trim()) q.set('search', params.search.trim());
  if (params.missing) q.set('missing', params.missing);
  if (params.ids) q.set('ids', params.ids.join(','));
  return q.toString();
}

/** The list call for a state. */
export function listParams(state: WebsitesListState): WebsiteListParams {
  return {
    page: state.page,
    pageSize: state.size,
    sort: state.sort,
    order: state.order,
    status: state.filter ?? undefined,
    search: state.search || undefined,
    missing: state.missing ?? undefined,
    ids: state.ids ?? undefined,
  };
}

export function readWebsitesListState(search: string): WebsitesListState {
  return readUrlState(websitesListSpec, new URLSearchParams(search));
}

/** The list call's path for an address's query string, as the Websites page makes it. */
export function websitesListPath(search: string): string {
  return `/portal/websites?${websiteListSearch(listParams(readWebsitesListState(search)))}`;
}
