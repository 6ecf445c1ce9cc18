import {
  ROLES,
  STAFF_PAGE_SIZES,
  USER_STATUSES,
  VENDOR_SORT_FIELDS,
  VENDOR_STATUSES,
  type Role,
  type UserStatus,
  type VendorStatus,
} from '@vp/contract';
import { urlParam, useUrlState, type UrlStateValues } from '../../hooks/use-url-state.ts';
import type { UserListParams, VendorListParams } from './api.ts';

/**
 * The console lists' state as URL parameters, so a reload, a shared link and Back bring the same
 * screen back: the search, the filters, the sort, the page and its size, and the open vendor or user.
 */

const oneOfOrNull = <T extends string>(values: readonly T[]) =>
  urlParam.optional<T>((raw) => ((values as readonly string[]).includes(raw ?? '') ? (raw as T) : null));

const positiveId = (raw: string | null): number | null => {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
};

/** The open vendor: its id, or 'new' for the form of a new one. */
export type OpenVendor = number | 'new';

export const vendorsListSpec = {
  search: urlParam.text(),
  status: oneOfOrNull<VendorStatus>(VENDOR_STATUSES),
  sort: urlParam.oneOf(VENDOR_SORT_FIELDS, 'name'),
  order: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.int(1, 1, 100_000),
  size: urlParam.intOf(STAFF_PAGE_SIZES, 25),
  vendor: urlParam.optional<OpenVendor>((raw) => (raw === 'new' ? 'new' : positiveId(raw))),
};
export type VendorsListState = UrlStateValues<typeof vendorsListSpec>;

export function useVendorsListState() {
  return useUrlState(vendorsListSpec);
}

export function vendorListParams(s: VendorsListState): VendorListParams {
  return {
    page: s.page,
    pageSize: s.size,
    sort: s.sort,
    order: s.order,
    ...(s.search ? { search: s.search } : {}),
    ...(s.status ? { status: s.status } : {}),
  };
}

export const usersListSpec = {
  search: urlParam.text(),
  role: oneOfOrNull<Role>(ROLES),
  status: oneOfOrNull<UserStatus>(USER_STATUSES),
  vendor: urlParam.optional<number>(positiveId),
  order: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.int(1, 1, 100_000),
  size: urlParam.intOf(STAFF_PAGE_SIZES, 25),
  user: urlParam.optional<number>(positiveId),
};
export type UsersListState = UrlStateValues<typeof usersListSpec>;

export function useUsersListState() {
  return useUrlState(usersListSpec);
}

export function userListParams(s: UsersListState): UserListParams {
  return {
    page: s.page,
    pageSize: s.size,
    order: s.order,
    ...(s.search ? { search: s.search } : {}),
    ...(s.role ? { role: s.role } : {}),
    ...(s.status ? { status: s.status } : {}),
    ...(s.vendor ? { vendor: s.vendor } : {}),
  };
}
