import { MailOutlined, StopOutlined } from '@ant-design/icons';
import {
  isVoidedByStatus,
  SafMessages,
  signatureProgress,
  signedCountText,
  signerStateText,
  type DocumentSignatureStatus,
} from '@vp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Progress, Space, Timeline } from 'antd';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { message } from '../../../lib/toast.ts';
import { useResendSignatures, useSignatureStatus, useVoidDocument, type DocumentOwner } from '../api.ts';
import { VoidReasonDialog } from './void-reason-dialog.tsx';

/** Send Reminder and Void Document are offered only while signatures are still being collected. */
export function statusActionsVisible(status: DocumentSignatureStatus, readOnly: boolean): boolean {
  return !readOnly && !isVoidedByStatus(status.steps) && signatureProgress(status.steps) < 100;
}

interface Props {
  documentId: number | null;
  label?: string;
  owner: DocumentOwner;
  readOnly: boolean;
  onClose: () => void;
}

/**
 * The Document Status dialog (spec §2 Files tab, §4 Document): the steps as a timeline, the
 * progress, each signer's state, and Send Reminder / Void Document while the SAF is out.
 */
export function DocumentStatusDialog({ documentId, label, owner, readOnly, onClose }: Props) {
  const status = useSignatureStatus(documentId);
  const resend = useResendSignatures(owner);
  const voidDoc = useVoidDocument(owner);
  const [voiding, setVoiding] = useState(false);

  function confirmResend() {
    if (documentId === null) return;
    Modal.confirm({
      title: SafMessages.resendConfirmTitle,
      content: SafMessages.resendConfirm,
      okText: 'Resend',
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await resend.mutateAsync(documentId);
          void message.success(SafMessages.resent);
          await status.refetch();
        } catch (err) {
          void message.error(errorMessage(err));
        }
      },
      onCancel: () => void message.info(SafMessages.resendCancelled),
    });
  }

  async function confirmVoid(reason: string) {
    if (documentId === null) return;
    try {
      await voidDoc.mutateAsync({ documentId, reason });
      void message.success(SafMessages.voided);
      setVoiding(false);
      onClose();
    } catch (err) {
      void message.error(errorMessage(err));
    }
  }

  const data = status.data;
  const progress = data ? signatureProgress(data.steps) : 0;

  // The dialog is opened from a Pending file. When the status it fetches shows the form finished
  // since the list was loaded (signed by everyone, declined, or voided elsewhere), the list and the
  // dashboard's missing figures are refreshed, so the file shows Approved or Voided behind it.
  const qc = useQueryClient();
  const finished = progress === 100 || !!data?.signers.some((s) => s.state === 'declined');
  useEffect(() => {
    if (!finished) return;
    void qc.invalidateQueries({
      queryKey: owner === null ? queryKeys.documents.vendor : queryKeys.documents.site(owner),
    });
    if (owner !== null) void qc.invalidateQueries({ queryKey: queryKeys.websites.detail(owner) });
    void qc.invalidateQueries({ queryKey: queryKeys.dashboard.metadata });
  }, [finished, owner, qc]);

  return (
    <>
      <Modal
        open={documentId !== null}
        title={label ? `Document Status: ${label}` : 'Document Status'}
        onCancel={onClose}
        destroyOnHidden
        footer={
          <Button onClick={onClose} data-testid="status-close">
            Close
          </Button>
        }
      >
        {status.isError ? (
          <ErrorState error={status.error} onRetry={() => void status.refetch()} />
        ) : !data ? (
          <LoadingState label="Loading the document status" rows={3} />
        ) : (
          <div data-testid="document-status">
            <div className="vp-status-progress">
              <Progress
                percent={progress}
                aria-label="Signature progress"
                aria-valuetext={signedCountText(data.signers)}
                showInfo={false}
                status={isVoidedByStatus(data.steps) ? 'exception' : undefined}
              />
              <span data-testid="signed-count">{signedCountText(data.signers)}</span>
            </div>
            <Timeline
              className="vp-status-timeline"
              items={data.steps.map((s, i) => ({
                key: i,
                color: s.completed ? 'green' : 'gray',
                content: (
                  <div data-testid="status-step">
                    <strong>{s.description}</strong>
                    <div>
                      {s.completed ? 'Completed' : 'Not Completed'}
                      {s.date ? <span className="vp-muted"> · {displayDateTime(s.date)}</span> : null}
                    </div>
                  </div>
                ),
              }))}
            />
            {data.signers.length > 0 && (
              <ul className="vp-signers" aria-label="Signers">
                {data.signers.map((s) => (
                  <li key={`${s.signatory}-${s.email}`} data-testid="signer">
                    <strong>{s.signatory}</strong>: {s.name} ({s.email}) — {signerStateText(s)}
                    {s.date ? <span className="vp-muted"> · {displayDateTime(s.date)}</span> : null}
                  </li>
                ))}
              </ul>
            )}
            {statusActionsVisible(data, readOnly) && (
              <Space>
                {/* After a decline there is no one to remind: the form can only be voided. */}
                {!data.signers.some((s) => s.state === 'declined') && (
                  <Button
                    icon={<MailOutlined aria-hidden />}
                    loading={resend.isPending}
                    onClick={confirmResend}
                  >
                    Send Reminder
                  </Button>
                )}
                <Button danger icon={<StopOutlined aria-hidden />} onClick={() => setVoiding(true)}>
                  Void Document
                </Button>
              </Space>
            )}
          </div>
        )}
      </Modal>
      <VoidReasonDialog
        open={voiding}
        okText="Void"
        busy={voidDoc.isPending}
        onConfirm={(r) => void confirmVoid(r)}
        onCancel={() => {
          setVoiding(false);
          void message.info(SafMessages.voidCancelled);
        }}
      />
    </>
  );
}
