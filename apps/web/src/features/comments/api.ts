import type { Comment, CommentInput } from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * A conversation: a website's (spec §2 Messages tab) or, with no site, the vendor-level one. The
 * paths are the spec's (§7): /website/{id}/comments and /comments.
 */
const basePath = (siteId: number | null) => (siteId === null ? '/comments' : `/website/${siteId}/comments`);
const keyOf = (siteId: number | null) =>
  siteId === null ? queryKeys.comments.vendor : queryKeys.comments.site(siteId);

export function fetchComments(siteId: number | null): Promise<Comment[]> {
  return http.get<Comment[]>(basePath(siteId));
}

export function useComments(siteId: number | null, enabled = true) {
  return useQuery({
    queryKey: keyOf(siteId),
    queryFn: () => fetchComments(siteId),
    enabled: enabled && (siteId === null || siteId > 0),
  });
}

export function usePostComment(siteId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentInput) => http.post<Comment>(basePath(siteId), input),
    onSuccess: () => qc.invalidateQueries({ queryKey: keyOf(siteId) }),
  });
}

export function useDeleteComment(siteId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => http.delete<unknown>(`${basePath(siteId)}/${commentId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keyOf(siteId) }),
  });
}
