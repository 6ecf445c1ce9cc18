import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { QueueMessages, type BulkResult } from '@vp/contract';
import { Button, Modal } from 'antd';

/** What a bulk action did, site by site: done, or the reason it was not. */
export function BulkResultsDialog({
  title,
  result,
  onClose,
}: {
  title: string;
  result: BulkResult;
  onClose: () => void;
}) {
  const ok = result.results.filter((r) => r.ok).length;
  const failed = result.results.length - ok;
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
      destroyOnHidden
    >
      <p className="vp-queue-bulk-total" data-testid="bulk-total">
        {QueueMessages.bulkDone(ok, failed)}
      </p>
      <ul className="vp-queue-bulk-results" data-testid="bulk-results">
        {result.results.map((r) => (
          <li key={r.id} className={r.ok ? 'vp-queue-bulk-ok' : 'vp-queue-bulk-failed'}>
            {r.ok ? <CheckCircleFilled aria-hidden="true" /> : <CloseCircleFilled aria-hidden="true" />}
            <span>
              <span className="vp-queue-bulk-domain">{r.domainName}</span>
              <span className="vp-sr-only">{r.ok ? ': done' : ': not done'}</span>
              <span className="vp-queue-bulk-message">{r.message || (r.ok ? 'Done' : 'Not done')}</span>
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
