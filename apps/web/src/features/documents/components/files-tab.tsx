import type { DocumentType } from '@vp/contract';
import { useMemo } from 'react';
import { ErrorState } from '../../../components/query-states.tsx';
import { useDocumentTypes, type DocumentOwner } from '../api.ts';
import { DocumentsTable } from './documents-table.tsx';
import { UploadPanel } from './upload-panel.tsx';
import '../documents.css';

/**
 * Types offered for a website's files, or for the vendor account's. A type signed in the portal
 * (the SAF) is sent with the SAF button, never uploaded.
 */
export function typesFor(types: readonly DocumentType[] | undefined, owner: DocumentOwner): DocumentType[] {
  const scope = owner === null ? 'vendor' : 'website';
  return (types ?? []).filter((t) => !t.signatureRequired && (t.scope === scope || t.scope === 'any'));
}

interface Props {
  owner: DocumentOwner;
  readOnly: boolean;
  emptyText?: string;
}

/** Upload (for those who may write) above the file table; the Files tab and the Upload File page. */
export function DocumentsPanel({ owner, readOnly, emptyText = 'No files have been uploaded yet.' }: Props) {
  const types = useDocumentTypes();
  const offered = useMemo(() => typesFor(types.data, owner), [types.data, owner]);
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
