import {
  ContactPaths,
  type Contact,
  type ContactInputRaw,
  type ContactType,
  type MessageResponse,
} from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The key contacts calls and the hooks that cache them. */

export function useContactTypes() {
  return useQuery({
    queryKey: queryKeys.contacts.types,
    queryFn: () => http.get<ContactType[]>(ContactPaths.types),
    staleTime: 5 * 60_000,
  });
}

export function useContacts(typeId: number | null) {
  return useQuery({
    queryKey: queryKeys.contacts.list(typeId),
    queryFn: () =>
      http.get<Contact[]>(typeId === null ? ContactPaths.list : `${ContactPaths.list}?type=${typeId}`),
  });
}

/** A change of contacts also changes the dashboard's technical and billing contact and what is missing. */
function useInvalidateContacts() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.contacts.all }),
      qc.invalidateQueries({ queryKey: queryKeys.dashboard.metadata }),
    ]);
}

export interface SaveContact {
  /** null: a new contact. */
  id: number | null;
  version: number | null;
  input: ContactInputRaw;
}

export function useSaveContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: ({ id, version, input }: SaveContact) =>
      id === null
        ? http.post<Contact>(ContactPaths.create, input)
        : http.put<Contact>(ContactPaths.contact(id), { ...input, version }),
    onSuccess: invalidate,
  });
}

export function useDeleteContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: number) => http.delete<MessageResponse>(ContactPaths.contact(id)),
    onSuccess: invalidate,
  });
}
