import type { Resource, ResourceFieldsInput, ResourceList, ResourceResponse } from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, requestBlob, upload } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useResources() {
  return useQuery({
    queryKey: queryKeys.resources.all,
    queryFn: () => http.get<ResourceList>('/resources'),
  });
}

/** Tells the server the user has looked: items changed later carry the "new" marker. */
export function markResourcesSeen(): Promise<{ lastSeenAt: string }> {
  return http.put<{ lastSeenAt: string }>('/resources/seen');
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.resources.all });
}

export interface SaveResource {
  /** null: a new resource. */
  id: number | null;
  fields: ResourceFieldsInput;
  /** A file to store (a new one, or one replacing the current content). */
  file: File | null;
}

/** Adds or edits a resource: multipart when a file goes with it, JSON otherwise. */
export function useSaveResource() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, fields, file }: SaveResource) => {
      const path = id === null ? '/resources' : `/resources/${id}`;
      if (file) {
        const form = new FormData();
        form.append('category', fields.category);
        form.append('title', fields.title);
        form.append('description', fields.description ?? '');
        form.append('file', file, file.name);
        return upload<ResourceResponse>(path, form, { method: id === null ? 'POST' : 'PUT' });
      }
      return id === null
        ? http.post<ResourceResponse>(path, fields)
        : http.put<ResourceResponse>(path, fields);
    },
    onSuccess: () => invalidate(),
  });
}

export function useReorderResources() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => http.put<{ message: string }>('/resources/order', { ids }),
    onSettled: () => invalidate(),
  });
}

export function useRetireResource() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/resources/${id}`),
    onSuccess: () => invalidate(),
  });
}

/** Fetches a resource's file with the session's headers and saves it under its real name. */
export async function downloadResource(resource: Pick<Resource, 'id' | 'fileName'>): Promise<void> {
  const blob = await requestBlob(`/resources/${resource.id}/file`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = resource.fileName ?? 'resource';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
