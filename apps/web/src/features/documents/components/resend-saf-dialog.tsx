import { SafMessages, type DocumentInfo } from '@vp/contract';
import { Button, Modal } from 'antd';
import { displayDateTime } from '../../../lib/date-time.ts';

interface Props {
  existing: DocumentInfo | null;
  onVoidAndResend: () => void;
  onVoid: () => void;
  onCancel: () => void;
  /** Called once the dialog has finished closing. */
  afterClose?: () => void;
}

/** Resend SAF (spec §2 Other dialogs, §4 SAF): a SAF is already out; void it, and maybe send anew. */
export function ResendSafDialog({ existing, onVoidAndResend, onVoid, onCancel, afterClose }: Props) {
  return (
    <Modal
      open={existing !== null}
      afterClose={afterClose}
      title={SafMessages.resendConfirmTitle}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="void" danger onClick={onVoid}>
          Void
        </Button>,
        <Button key="resend" type="primary" onClick={onVoidAndResend}>
          Void &amp; Resend
        </Button>,
      ]}
    >
      {existing && (
        <p data-testid="resend-saf-text">
          A Site Access Form ({existing.label}, sent {displayDateTime(existing.uploadDate)}
          {existing.approved ? ', signed by everyone' : ''}) already exists for this website. Void it and send
          a new one, or only void it.
        </p>
      )}
    </Modal>
  );
}
