import {
  SITE_STATUS_DISPLAY,
  WEBSITE_SORT_FIELDS,
  type SiteStatus,
  type WebsiteListMissing,
} from '@vp/contract';
import { readUrlState, urlParam, useUrlState, type UrlStateValues } from '../../hooks/use-url-state.ts';
import { parseMissingFilter, parseStatusFilter } from '../../lib/website-links.ts';
import type { WebsiteListParams } from './api.ts';

/**
 * The websites list's state as URL parameters: `filter` (status, spec §2 route), `missing`
 * (`documents`: the dashboard's sites missing documents), `search`, `sort`, `order`, `page`, `size`. The Websites page, its first-page prefetch and Custom Export
 * read them through this one table.
 */
export const PAGE_SIZES = [20, 50, 100] as const;

export const websitesListSpec = {
  filter: urlParam.optional<SiteStatus>(parseStatusFilter),
  missing: urlParam.optional<WebsiteListMissing>(parseMissingFilter),
  search: urlParam.text(),
  sort: urlParam.oneOf(WEBSITE_SORT_FIELDS, 'domainName'),
  order: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.int(1, 1, 1_000_000),
  size: urlParam.intOf(PAGE_SIZES, 50),
};

export type WebsitesListState = UrlStateValues<typeof websitesListSpec>;

/** A change of the table (sort, order, page, page size) as a change of the URL state. */
export function tableChange(change: {
  page?: number;
  pageSize?: number;
  sort?: WebsitesListState['sort'];
  order?: WebsitesListState['order'];
}): Partial<WebsitesListState> {
  const out: Partial<WebsitesListState> = {};
  if (change.page !== undefined) out.page = change.page;
  if (change.pageSize !== undefined) out.size = change.pageSize;
  if (change.sort !== undefined) out.sort = change.sort;
  if (change.order !== undefined) out.order = change.order;
  return out;
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
  };
}

export function readWebsitesListState(search: string): WebsitesListState {
  return readUrlState(websitesListSpec, new URLSearchParams(search));
}

export function useWebsitesListState() {
  return useUrlState(websitesListSpec);
}

/** What the `missing` filter keeps, as its tag on the list says it. */
export const MISSING_FILTER_LABELS: Record<WebsiteListMissing, string> = {
  documents: 'Sites missing documents',
};

/** Why the list is empty, in a sentence; null when the account simply has no websites. */
export function emptyListReason(
  state: Pick<WebsitesListState, 'filter' | 'search'> & Partial<Pick<WebsitesListState, 'missing'>>,
): string | null {
  const status = state.filter ? SITE_STATUS_DISPLAY[state.filter] : null;
  if (state.missing === 'documents') {
    const which = status ? `${status} websites` : 'websites';
    return state.search
      ? `No ${which} missing documents match "${state.search}".`
      : `No ${which} are missing documents.`;
  }
  if (state.search && status) return `No ${status} websites match "${state.search}".`;
  if (state.search) return `No websites match "${state.search}".`;
  if (status) return `No websites are ${status}.`;
  return null;
}
