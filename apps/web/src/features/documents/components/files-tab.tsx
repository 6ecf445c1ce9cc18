import { isUploadType, type DocumentType, type Role } from '@vp/contract';
import { useMemo } from 'react';
import { useRole } from '../../../lib/session.ts';
import { ErrorState } from '../../../components/query-states.tsx';
import { useDocumentTypes, type DocumentOwner } from '../api.ts';
import { DocumentsTable } from './documents-table.tsx';
import { UploadPanel } from './upload-panel.tsx';
import '../documents.css';

/**
 * Types offered for a website's files, or for the vendor account's. A type signed in the portal
 * (the SAF) is sent with the SAF button; MLS staff may upload one signed on paper on its website.
 */
export function typesFor(
  types: readonly DocumentType[] | undefined,
  owner: DocumentOwner,
  role: Role | null,
): DocumentType[] {
  const scope = owner === null ? 'vendor' : 'website';
  return (types ?? []).filter((t) => role !== null && isUploadType(t, scope, role));
}

interface Props {
  owner: DocumentOwner;
  readOnly: boolean;
  emptyText?: string;
}

/** Upload (for those who may write) above the file table; the Files tab and the Upload File page. */
export function DocumentsPanel({ owner, readOnly, emptyText = 'No files have been uploaded yet.' }: Props) {
  const types = useDocumentTypes();
  const role = useRole();
  const offered = useMemo(() => typesFor(types.data, owner, role), [types.data, owner, role]);
  return (
    <div className="vp-documents" data-testid="documents-panel">
      {!readOnly &&
        (types.isError ? (
          <ErrorState
            title="The file types could not be loaded, so nothing can be uploaded yet."
            error={types.error}
            onRetry={() => void types.refetch()}
          />
        ) : (
          <UploadPanel owner={owner} types={offered} typesLoading={types.isLoading} />
        ))}
      <DocumentsTable owner={owner} readOnly={readOnly} emptyText={emptyText} />
    </div>
  );
}

/** The website modal's Files tab (spec §2). */
export function FilesTab({ siteId, readOnly }: { siteId: number; readOnly: boolean }) {
  return (
    <DocumentsPanel
      owner={siteId}
      readOnly={readOnly}
      emptyText={
        readOnly
          ? 'No files have been uploaded for this website yet.'
          : 'No files have been uploaded for this website yet. Drop one above to add it.'
      }
    />
  );
}
