import type {
  DocumentInfo,
  DocumentSignatureStatus,
  DocumentType,
  SafRequest,
  SafSignatory,
  UploadLimits,
} from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, http, requestBlob, upload } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Documents of a website (siteId) or of the vendor account (null). */
export type DocumentOwner = number | null;

const listPath = (owner: DocumentOwner) =>
  owner === null ? '/documents' : `/portal/websites/${owner}/documents`;
const listKey = (owner: DocumentOwner) =>
  owner === null ? queryKeys.documents.vendor : queryKeys.documents.site(owner);

export function fetchDocuments(owner: DocumentOwner): Promise<DocumentInfo[]> {
  return http.get<DocumentInfo[]>(listPath(owner));
}

export function useDocuments(owner: DocumentOwner, enabled = true) {
  return useQuery({
    queryKey: listKey(owner),
    queryFn: () => fetchDocuments(owner),
    enabled: enabled && (owner === null || owner > 0),
  });
}

export function useDocumentTypes() {
  return useQuery({
    queryKey: queryKeys.documents.types,
    queryFn: () => http.get<DocumentType[]>('/documenttypes'),
    staleTime: 10 * 60_000,
  });
}

/** The largest file the server accepts, so a file over it is refused before it is sent. */
export function useUploadLimits() {
  return useQuery({
    queryKey: queryKeys.documents.limits,
    queryFn: () => http.get<UploadLimits>('/documents/limits'),
    staleTime: Infinity,
  });
}

/** The SAF document type, or null when none is set up (the server answers 404). */
export async function fetchSafType(): Promise<DocumentType | null> {
  try {
    return await http.get<DocumentType>('/documenttypes/required?name=saf');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useSafType(enabled = true) {
  return useQuery({
    queryKey: queryKeys.documents.requiredType('saf'),
    queryFn: fetchSafType,
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** A document change shows in its list, the site's history and SAF line, and the dashboard's missing figures. */
function useInvalidateDocuments() {
  const qc = useQueryClient();
  return async (owner: DocumentOwner) => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.documents.all }),
      owner !== null ? qc.invalidateQueries({ queryKey: queryKeys.history.site(owner) }) : Promise.resolve(),
      // The site shows where its Site Access Form stands.
      owner !== null
        ? qc.invalidateQueries({ queryKey: queryKeys.websites.detail(owner) })
        : Promise.resolve(),
      qc.invalidateQueries({ queryKey: queryKeys.dashboard.metadata }),
    ]);
  };
}

export interface UploadInput {
  file: File;
  typeId: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function useUploadDocument(owner: DocumentOwner) {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: ({ file, typeId, onProgress, signal }: UploadInput) => {
      const form = new FormData();
      form.append('documentType', String(typeId));
      if (owner !== null) form.append('website', String(owner));
      // The file goes last, so the server has the other fields when it reaches the file.
      form.append('file', file, file.name);
      return upload<{ message: string; document: DocumentInfo }>('/documents', form, { onProgress, signal });
    },
    onSuccess: () => invalidate(owner),
  });
}

export function useDeleteDocument(owner: DocumentOwner) {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/document/${id}`),
    onSuccess: () => invalidate(owner),
  });
}

/** Fetches a stored file with the session's headers and hands it to the browser as a download. */
export async function downloadDocument(doc: Pick<DocumentInfo, 'rowKey' | 'label'>): Promise<void> {
  const blob = await requestBlob(`/document/${doc.rowKey}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = doc.label;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    // The browser has taken the file by the time the click returns; a moment later is safe anywhere.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}

export function useSignatureStatus(documentId: number | null) {
  return useQuery({
    queryKey: queryKeys.documents.status(documentId ?? 0),
    queryFn: () => http.get<DocumentSignatureStatus>(`/document/${documentId}/signatures/status`),
    enabled: documentId !== null,
    staleTime: 0,
  });
}

export function useResendSignatures(owner: DocumentOwner) {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (documentId: number) =>
      http.put<{ message: string }>(`/document/${documentId}/signatures/resend`),
    onSuccess: () => invalidate(owner),
  });
}

export function useVoidDocument(owner: DocumentOwner) {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: ({ documentId, reason }: { documentId: number; reason: string }) =>
      http.put<{ message: string }>(`/document/${documentId}/signatures/void`, { reason }),
    onSuccess: () => invalidate(owner),
  });
}

export function useSignatories(typeId: number | null, siteId: number, enabled: boolean, requestId?: number) {
  return useQuery({
    queryKey: [...queryKeys.documents.signatories(typeId ?? 0, siteId), requestId ?? null],
    queryFn: () =>
      http.get<SafSignatory[]>(
        `/documenttype/${typeId}/sign?website=${siteId}${requestId === undefined ? '' : `&request=${requestId}`}`,
      ),
    enabled: enabled && typeId !== null,
    // The roster may have changed since the last SAF: every dialog asks afresh.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSendSaf(typeId: number, siteId: number) {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (body: SafRequest) =>
      http.post<{ message?: string; documentId?: number }>(`/documenttype/${typeId}/sign`, body),
    onSuccess: () => invalidate(siteId),
  });
}
