import { SITE_STATUS_DISPLAY, type WebsiteListMissing } from '@vp/contract';
import { useUrlState } from '../../hooks/use-url-state.ts';
import { websitesListSpec, type WebsitesListState } from './list-query.ts';

export {
  listParams,
  PAGE_SIZES,
  readWebsitesListState,
  websitesListSpec,
  type WebsitesListState,
} from './list-query.ts';

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

export function useWebsitesListState() {
  return useUrlState(websitesListSpec);
}

/** What the `missing` filter keeps, as its tag on the list says it. */
export const MISSING_FILTER_LABELS: Record<WebsiteListMissing, string> = {
  documents: 'Sites missing documents',
  compliance: 'Sites with open compliance findings',
};

/** Why the list is empty, in a sentence; null when the account simply has no websites. */
export function emptyListReason(
  state: Pick<WebsitesListState, 'filter' | 'search'> & Partial<Pick<WebsitesListState, 'missing' | 'ids'>>,
): string | null {
  const status = state.filter ? SITE_STATUS_DISPLAY[state.filter] : null;
  if (state.ids) {
    if (state.search) return `None of the notification's websites match "${state.search}".`;
    if (status) return `None of the notification's websites are ${status}.`;
    return "The notification's websites are no longer in this account.";
  }
  if (state.missing === 'documents') {
    const which = status ? `${status} websites` : 'websites';
    return state.search
      ? `No ${which} missing documents match "${state.search}".`
      : `No ${which} are missing documents.`;
  }
  if (state.missing === 'compliance') {
    const which = status ? `${status} websites` : 'websites';
    return state.search
      ? `No ${which} with open compliance findings match "${state.search}".`
      : `No ${which} have open compliance findings.`;
  }
  if (state.search && status) return `No ${status} websites match "${state.search}".`;
  if (state.search) return `No websites match "${state.search}".`;
  if (status) return `No websites are ${status}.`;
  return null;
}
