import { declineInputSchema } from '@vp/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useQueueAction, type QueueAction } from '../api.ts';
import { runAction } from '../run-action.ts';

/** The contract's rule for a reason (declining and rejecting share it): required, trimmed, capped. */
const reasonRule = declineInputSchema.shape.reason;
const REASON_MAX = reasonRule.maxLength ?? undefined;

function reasonError(value: string | undefined): string | null {
  const parsed = reasonRule.safeParse(value ?? '');
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** The refusals of a reason the server may answer with, shown on the field. */
const REASON_MESSAGES = ['', 'x'.repeat((REASON_MAX ?? 1000) + 1)]
  .map(reasonError)
  .filter((m): m is string => m !== null);

interface Values {
  reason: string;
}

/**
 * A decision that needs a reason the vendor will read: declining a request, rejecting a document.
 * The reason is required and sent trimmed.
 */
export function ReasonDialog({
  title,
  intro,
  okText,
  formName,
  action,
  onClose,
  label = 'Reason',
  extra = 'The vendor sees this reason.',
  danger = true,
}: {
  title: string;
  intro: string;
  okText: string;
  formName: string;
  action: (reason: string) => QueueAction;
  onClose: (decided: boolean) => void;
  /** The field's label and hint, and whether the decision is a refusal (a danger button). */
  label?: string;
  extra?: string;
  danger?: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const mutation = useQueueAction();
  const [error, setError] = useState<string | null>(null);
  const reason = Form.useWatch('reason', form) as string | undefined;
  const guard = useUnsavedChanges(!!reason?.trim());

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    onClose(false);
  }

  async function submit() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    const outcome = await runAction(mutation.mutateAsync, action(values.reason.trim()));
    if (outcome.ok || outcome.stale) {
      guard.release();
      onClose(true);
      return;
    }
    const fields = fieldErrorsOf(outcome.error, { reason: REASON_MESSAGES });
    if (fields.length > 0) form.setFields(fields);
    else setError(errorMessage(outcome.error));
  }

  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger }}
      onOk={() => void submit()}
      onCancel={() => void cancel()}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <p>{intro}</p>
      <Form<Values> form={form} name={formName} layout="vertical" initialValues={{ reason: '' }}>
        <Form.Item
          label={label}
          name="reason"
          extra={extra}
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const message = reasonError(v);
                return message ? Promise.reject(new Error(message)) : Promise.resolve();
              },
            },
          ]}
          required
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
