import { canWrite } from '@vp/contract';
import { Card } from 'antd';
import { findRoute, UPLOAD_FILE_PATH } from '../../../lib/route-table.ts';
import { sessionRole, useSession } from '../../../lib/session.ts';
import { DocumentsPanel } from '../components/files-tab.tsx';

/**
 * Upload File (spec §2 Tools): the vendor account's own documents, as the Files tab has a site's.
 * To the read-only role, which cannot upload, the page is Files (its name in the route table).
 */
export default function UploadFilePage() {
  const { roles } = useSession();
  const role = sessionRole(roles);
  const readOnly = role === null || !canWrite(role);
  return (
    <Card title={<h1 className="vp-card-title">{findRoute(UPLOAD_FILE_PATH, roles)?.title}</h1>}>
      <p className="vp-muted">
        {readOnly
          ? 'Documents on file for the vendor account.'
          : 'Documents for the vendor account as a whole. Files for one website go on its Files tab.'}
      </p>
      <DocumentsPanel
        owner={null}
        readOnly={readOnly}
        emptyText={
          readOnly
            ? 'No documents are on file for your vendor account yet.'
            : 'No documents are on file for your vendor account yet. Drop one above to add it.'
        }
      />
    </Card>
  );
}
