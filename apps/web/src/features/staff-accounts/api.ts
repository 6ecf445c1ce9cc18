import {
  ContactPaths,
  StaffAccountPaths as P,
  type AccountChange,
  type AccountChangeSubject,
  type AdminDocumentType,
  type AdminDocumentTypes,
  type DocumentTypeInput,
  type InvitationInput,
  type ManagedRole,
  type MessageResponse,
  type StaffFactors,
  type UserList,
  type UserStatus,
  type UserSummary,
  type UserVendorsInput,
  type VendorDetail,
  type VendorInput,
  type VendorList,
  type VendorOption,
  type VendorStatus,
} from '@vp/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The console's calls for vendors, users and document types, and the hooks that cache them. */

export interface VendorListParams {
  page: number;
  pageSize: number;
  search?: string;
  status?: VendorStatus;
  sort?: 'name' | 'code' | 'lastActivity';
  order?: 'asc' | 'desc';
}

export interface UserListParams {
  page: number;
  pageSize: number;
  search?: string;
  role?: 'admin' | 'vendor' | 'viewer';
  status?: UserStatus;
  vendor?: number;
  order?: 'asc' | 'desc';
}

/** A query string with the empty values left out, so the server applies its defaults. */
function query(params: object): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    q.set(key, String(value));
  }
  return q.toString();
}

export function useVendors(params: VendorListParams) {
  return useQuery({
    queryKey: queryKeys.staffAccounts.vendorList(params),
    queryFn: () => http.get<VendorList>(`${P.vendors}?${query(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function useVendor(id: number | null) {
  return useQuery({
    queryKey: queryKeys.staffAccounts.vendor(id ?? 0),
    queryFn: () => http.get<VendorDetail>(P.vendor(id!)),
    enabled: id !== null,
  });
}

export function useVendorOptions() {
  return useQuery({
    queryKey: queryKeys.staffAccounts.vendorOptions,
    queryFn: () => http.get<VendorOption[]>(P.vendorOptions),
  });
}

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: queryKeys.staffAccounts.userList(params),
    queryFn: () => http.get<UserList>(`${P.users}?${query(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: queryKeys.staffAccounts.user(id ?? 0),
    queryFn: () => http.get<UserSummary>(P.user(id!)),
    enabled: id !== null,
  });
}

/** A user's two-step sign-in, and the reset that removes it. */
const userFactorsPath = (id: number) => `${P.user(id)}/factors`;

export function useUserFactors(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.staffAccounts.userFactors(id),
    queryFn: () => http.get<StaffFactors>(userFactorsPath(id)),
    enabled,
  });
}

const historyPath: Record<AccountChangeSubject, (id: number) => string> = {
  vendor: P.vendorHistory,
  user: P.userHistory,
  document_type: (id) => `${P.documentType(id)}/history`,
  contact_type: (id) => `${ContactPaths.adminType(id)}/history`,
};

export function useAccountHistory(subject: AccountChangeSubject, id: number | null) {
  return useQuery({
    queryKey: queryKeys.staffAccounts.history(subject, id ?? 0),
    queryFn: () => http.get<AccountChange[]>(historyPath[subject](id!)),
    enabled: id !== null,
  });
}

export function useDocumentTypesAdmin() {
  return useQuery({
    queryKey: queryKeys.staffAccounts.documentTypes,
    queryFn: () => http.get<AdminDocumentTypes>(P.documentTypes),
  });
}

/**
 * Every console write may change several lists and figures at once (a suspension, a user's links,
 * a vendor's sub-accounts); they are refetched together.
 */
function useConsoleMutation<V, R>(send: (vars: V) => Promise<R>, also: readonly (readonly unknown[])[] = []) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.staffAccounts.all }),
        ...also.map((key) => qc.invalidateQueries({ queryKey: key })),
      ]);
    },
  });
}

export type SavedVendor = { id: number; message: string };

export function useSaveVendor() {
  return useConsoleMutation((v: { id: number | null; input: VendorInput }) =>
    v.id === null
      ? http.post<SavedVendor>(P.vendors, v.input)
      : http.put<SavedVendor>(P.vendor(v.id), v.input),
  );
}

export function useVendorStanding() {
  return useConsoleMutation((v: { id: number; suspend: boolean }) =>
    http.post<MessageResponse>(v.suspend ? P.suspendVendor(v.id) : P.reinstateVendor(v.id)),
  );
}

export function useInvite() {
  return useConsoleMutation((input: InvitationInput) =>
    http.post<{ id: number; message: string }>(P.invitations, input),
  );
}

/** The single actions on a user, each answering the message to show. */
export type UserAction =
  | { kind: 'role'; role: ManagedRole }
  | { kind: 'vendors'; input: UserVendorsInput }
  | { kind: 'deactivate' | 'reactivate' | 'password-reset' | 'resend' | 'revoke' };

export function useUserAction(id: number) {
  return useConsoleMutation((action: UserAction) => {
    switch (action.kind) {
      case 'role':
        return http.put<MessageResponse>(P.userRole(id), { role: action.role });
      case 'vendors':
        return http.put<MessageResponse>(P.userVendors(id), action.input);
      case 'deactivate':
        return http.post<MessageResponse>(P.deactivateUser(id));
      case 'reactivate':
        return http.post<MessageResponse>(P.reactivateUser(id));
      case 'password-reset':
        return http.post<MessageResponse>(P.passwordReset(id));
      case 'resend':
        return http.post<MessageResponse>(P.resendInvitation(id));
      case 'revoke':
        return http.delete<MessageResponse>(P.invitation(id));
    }
  });
}

/** Removes all of a user's sign-in methods and recovery codes; they set up again at the next login. */
export function useResetFactors(id: number) {
  return useConsoleMutation(() => http.post<MessageResponse>(`${userFactorsPath(id)}/reset`));
}

export function useSaveDocumentType() {
  return useConsoleMutation(
    (v: { id: number | null; input: DocumentTypeInput }) =>
      v.id === null
        ? http.post<{ type: AdminDocumentType; message: string }>(P.documentTypes, v.input)
        : http.put<{ type: AdminDocumentType; message: string }>(P.documentType(v.id), v.input),
    // Vendors' upload pages and messages offer the types.
    [queryKeys.documents.types],
  );
}
