import { WebsiteMessages, type Website } from '@vp/contract';
import { Alert, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DateField } from '../../../components/date-field.tsx';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toastSaved } from '../../../lib/toast.ts';
import { useTerminationRequest, useWebsite } from '../api.ts';
import { DISPLAY_DATE, dateBoundError, dateLimits, datesError, wireDate } from '../website-form-state.ts';

interface Values {
  termDate: Dayjs | null;
  reason?: string;
}

/** The site's start date, for the contract's date rules: a term date is never before it. */
function startOf(site: Website | undefined): Dayjs | null {
  return site?.startDate ? dayjs(site.startDate.slice(0, 10)) : null;
}

/**
 * Request termination of an Active site: a term date (today or later) and an optional reason. The
 * site moves to Pending Termination for MLS staff to complete.
 */
export function TerminationDialog({
  siteId,
  open,
  onClose,
  onRequested,
}: {
  siteId: number;
  open: boolean;
  onClose: () => void;
  onRequested: (site: Website) => void;
}) {
  const [form] = Form.useForm<Values>();
  const request = useTerminationRequest(siteId);
  const startDate = startOf(useWebsite(siteId).data);
  // Today or later, and never before the start date (the contract's date rules).
  const limits = dateLimits('Pending Termination', startDate, null);
  const validateTermDate = (_: unknown, v: Dayjs | null | undefined): Promise<void> => {
    const message =
      dateBoundError('termDate', v) ??
      datesError({ status: 'Pending Termination', startDate, termDate: v ?? null });
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  };
  const [error, setError] = useState<string | null>(null);
  const termDate = Form.useWatch('termDate', form) as Dayjs | null | undefined;
  const reason = Form.useWatch('reason', form) as string | undefined;
  const guard = useUnsavedChanges(open && !!(termDate || reason?.trim()));

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    setError(null);
    onClose();
  }

  async function submit() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    try {
      const site = await request.mutateAsync({
        termDate: wireDate(values.termDate) ?? '',
        reason: values.reason?.trim() ?? '',
      });
      toastSaved(WebsiteMessages.terminationRequested);
      guard.release();
      onRequested(site);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <Modal
      title={WebsiteMessages.requestTermination}
      open={open}
      onCancel={() => void cancel()}
      onOk={() => void submit()}
      okText={WebsiteMessages.requestTermination}
      confirmLoading={request.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} name="termination" layout="vertical" initialValues={{ termDate: null }}>
        <Form.Item label="Term Date" name="termDate" required rules={[{ validator: validateTermDate }]}>
          <DateField
            field="termDate"
            format={DISPLAY_DATE}
            placeholder={DISPLAY_DATE}
            disabledDate={limits.termDisabled}
            whyRefused={(d) => datesError({ status: 'Pending Termination', startDate, termDate: d })}
          />
        </Form.Item>
        <Form.Item label="Reason" name="reason">
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
