import { SafMessages, voidBodySchema } from '@vp/contract';
import { Form, Input, Modal } from 'antd';
import { useId, useState } from 'react';

interface Props {
  open: boolean;
  /** Text of the confirming button ('Void', 'Void & Resend'). */
  okText: string;
  busy?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** Called once the dialog has finished closing. */
  afterClose?: () => void;
}

/** 'Are you sure you want to void this document?' with the reason the signers are told. */
export function VoidReasonDialog({ open, okText, busy = false, onConfirm, onCancel, afterClose }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function confirm() {
    const parsed = voidBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SafMessages.voidReasonRequired);
      return;
    }
    onConfirm(parsed.data.reason);
  }

  return (
    <Modal
      open={open}
      title={SafMessages.voidConfirmTitle}
      okText={okText}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText="Cancel"
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => {
        afterClose?.();
        setReason('');
        setError(null);
      }}
    >
      <p>{SafMessages.voidConfirm}</p>
      <Form layout="vertical" name={`void-reason-${id}`} onFinish={confirm}>
        <Form.Item
          label="Reason"
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input.TextArea
            aria-label="Reason"
            rows={3}
            maxLength={500}
            value={reason}
            autoFocus
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
