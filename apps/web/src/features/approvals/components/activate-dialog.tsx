import { QueueMessages, type QueueItem } from '@vp/contract';
import { Alert, DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useQueueAction } from '../api.ts';
import { runAction } from '../run-action.ts';

const DISPLAY_DATE = 'MM/DD/YYYY';
const WIRE_DATE = 'YYYY-MM-DD';

interface Values {
  startDate: Dayjs;
}

/**
 * Activate a website waiting for activation: its licence starts today, the activation date, unless
 * staff choose an earlier day (never a later one).
 */
export function ActivateDialog({ item, onClose }: { item: QueueItem; onClose: (decided: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const action = useQueueAction();
  const [today] = useState(() => dayjs().startOf('day'));
  const [error, setError] = useState<string | null>(null);
  const startDate = Form.useWatch('startDate', form) as Dayjs | undefined;
  const guard = useUnsavedChanges(!!startDate && !startDate.isSame(today, 'day'));

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
    const outcome = await runAction(action.mutateAsync, {
      kind: 'activate',
      item,
      startDate: values.startDate.format(WIRE_DATE),
    });
    if (outcome.ok || outcome.stale) {
      guard.release();
      onClose(true);
      return;
    }
    const fields = fieldErrorsOf(outcome.error, { startDate: [QueueMessages.startInFuture] });
    if (fields.length > 0) form.setFields(fields);
    else setError(errorMessage(outcome.error));
  }

  return (
    <Modal
      open
      title={`Activate ${item.domainName}`}
      okText="Activate"
      onOk={() => void submit()}
      onCancel={() => void cancel()}
      confirmLoading={action.isPending}
      destroyOnHidden
    >
      <p>
        The website becomes Active for {item.vendor.name} ({item.vendor.code}), and the vendor is told.
      </p>
      <Form<Values>
        form={form}
        name="queue-activate"
        layout="vertical"
        initialValues={{ startDate: today }}
        onFinish={() => void submit()}
      >
        <Form.Item
          label="Start date"
          name="startDate"
          extra="Today, the activation date, unless you choose an earlier day."
          rules={[{ required: true, message: 'Please choose the start date.' }]}
        >
          <DatePicker
            format={DISPLAY_DATE}
            placeholder={DISPLAY_DATE}
            allowClear={false}
            disabledDate={(d) => d.isAfter(today, 'day')}
          />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
