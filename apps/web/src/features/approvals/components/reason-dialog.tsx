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

type Rule = typeof reasonRule;

function ruleError(rule: Rule, value: string | undefined): string | null {
  const parsed = rule.safeParse(value ?? '');
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** The refusals of the field the server may answer with, shown on the field. */
const ruleMessages = (rule: Rule) =>
  ['', 'x'.repeat((rule.maxLength ?? 1000) + 1)]
    .map((v) => ruleError(rule, v))
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
  rule = reasonRule,
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
  /** The contract's rule for the field (a reason's unless given). */
  rule?: Rule;
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
    const fields = fieldErrorsOf(outcome.error, { reason: ruleMessages(rule) });
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
      <Form<Values>
        form={form}
        name={formName}
        layout="vertical"
        className="vp-reason-form"
        initialValues={{ reason: '' }}
      >
        <Form.Item
          label={label}
          name="reason"
          extra={extra}
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const message = ruleError(rule, v);
                return message ? Promise.reject(new Error(message)) : Promise.resolve();
              },
            },
          ]}
          required
        >
          <Input.TextArea rows={3} maxLength={rule.maxLength ?? undefined} showCount autoFocus />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
