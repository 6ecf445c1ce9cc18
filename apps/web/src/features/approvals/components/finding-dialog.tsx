import { FINDING_EXTEND_MAX_DAYS, QueueMessages, declineInputSchema, type QueueItem } from '@vp/contract';
import { Alert, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DateField } from '../../../components/date-field.tsx';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useQueueAction } from '../api.ts';
import { runAction } from '../run-action.ts';

const DISPLAY_DATE = 'MM/DD/YYYY';
const WIRE_DATE = 'YYYY-MM-DD';
const reasonRule = declineInputSchema.shape.reason;

interface Values {
  date: Dayjs | null;
  reason: string;
}

export type FindingDecision = 'extend' | 'terminate-finding';

const TEXTS: Record<
  FindingDecision,
  {
    title: (item: QueueItem) => string;
    okText: string;
    label: string;
    extra: string;
    effect: (item: QueueItem) => string;
  }
> = {
  extend: {
    title: (item) => `Extend the fix-by date of ${item.domainName}`,
    okText: 'Extend',
    label: 'New fix-by date',
    extra: `After today, and at most ${FINDING_EXTEND_MAX_DAYS} days ahead.`,
    effect: (item) =>
      `The finding leaves the queue until then; ${item.vendor.name} (${item.vendor.code}) is told the new date and your reason.`,
  },
  'terminate-finding': {
    title: (item) => `Start the termination of ${item.domainName}`,
    okText: 'Start termination',
    label: 'Term date',
    extra:
      'Today or later. The website waits in Pending Termination until then, and you terminate it from the queue.',
    effect: (item) =>
      `The licence of ${item.vendor.name} (${item.vendor.code}) for this website ends on the term date; the vendor is told and cannot withdraw it.`,
  },
};

/**
 * A decision on an overdue compliance finding that needs a date and a reason: a later fix-by date,
 * or the start of the site's termination.
 */
export function FindingDialog({
  item,
  decision,
  onClose,
}: {
  item: QueueItem;
  decision: FindingDecision;
  onClose: (decided: boolean) => void;
}) {
  const texts = TEXTS[decision];
  const [form] = Form.useForm<Values>();
  const action = useQueueAction();
  const [today] = useState(() => dayjs().startOf('day'));
  const [error, setError] = useState<string | null>(null);
  const reason = Form.useWatch('reason', form) as string | undefined;
  const guard = useUnsavedChanges(!!reason?.trim());

  const extend = decision === 'extend';
  const latest = today.add(extend ? FINDING_EXTEND_MAX_DAYS : 3650, 'day');
  const disabledDate = (d: Dayjs) =>
    (extend ? !d.isAfter(today, 'day') : d.isBefore(today, 'day')) || d.isAfter(latest, 'day');
  const whyRefused = (d: Dayjs) => {
    if (d.isAfter(latest, 'day')) return extend ? QueueMessages.extendTooFar : null;
    return extend ? QueueMessages.extendNotAhead : QueueMessages.termDateInPast;
  };

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
    const day = values.date!.format(WIRE_DATE);
    const outcome = await runAction(
      action.mutateAsync,
      extend
        ? { kind: 'extend', item, dueOn: day, reason: values.reason }
        : { kind: 'terminate-finding', item, termDate: day, reason: values.reason },
    );
    if (outcome.ok || outcome.stale) {
      guard.release();
      onClose(true);
      return;
    }
    const fields = fieldErrorsOf(outcome.error, {
      date: [QueueMessages.extendNotAhead, QueueMessages.extendTooFar, QueueMessages.termDateInPast],
    });
    if (fields.length > 0) form.setFields(fields);
    else setError(errorMessage(outcome.error));
  }

  return (
    <Modal
      open
      title={texts.title(item)}
      okText={texts.okText}
      okButtonProps={{ danger: !extend }}
      onOk={() => void submit()}
      onCancel={() => void cancel()}
      confirmLoading={action.isPending}
      destroyOnHidden
    >
      <p>
        Rule: {item.finding?.rule}. {texts.effect(item)}
      </p>
      <Form<Values>
        form={form}
        name={`queue-${decision}`}
        layout="vertical"
        initialValues={{ date: extend ? today.add(7, 'day') : today.add(30, 'day'), reason: '' }}
      >
        <Form.Item
          label={texts.label}
          name="date"
          extra={texts.extra}
          required
          rules={[{ required: true, message: `Please choose the ${texts.label.toLowerCase()}.` }]}
        >
          <DateField
            field="date"
            format={DISPLAY_DATE}
            placeholder={DISPLAY_DATE}
            allowClear={false}
            disabledDate={disabledDate}
            whyRefused={whyRefused}
            clearRefused
          />
        </Form.Item>
        <Form.Item
          label="Reason"
          name="reason"
          extra="The vendor sees it; History keeps it."
          required
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const parsed = reasonRule.safeParse(v ?? '');
                return parsed.success
                  ? Promise.resolve()
                  : Promise.reject(new Error(parsed.error.issues[0]?.message));
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={reasonRule.maxLength ?? undefined} showCount autoFocus />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
