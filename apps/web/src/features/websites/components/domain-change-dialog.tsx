import { WebsiteMessages, WebsiteServerMessages, isValidDomain } from '@vp/contract';
import { Alert, Form, Input, Modal, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { failureReason, fieldErrorsOf } from '../../../lib/form-errors.ts';
import { touchScreen } from '../../../lib/pointer.ts';
import { message } from '../../../lib/toast.ts';
import { useDomainChangeRequest } from '../api.ts';
import { DOMAIN_PLACEHOLDER } from './website-form.tsx';

interface Values {
  domainName: string;
  reason: string;
}

/** Refusals about the new domain, shown on its field. */
const FIELD_ERRORS = {
  domainName: [
    WebsiteMessages.duplicateDomain,
    WebsiteMessages.domainInvalid,
    WebsiteServerMessages.domainReserved,
    WebsiteServerMessages.domainChangeSame,
  ],
} as const;

/**
 * Domain Change Request (spec §4): how an Active site's domain changes; recorded on the site. A
 * refusal is the spec's info message 'Domain Change Failed' as a toast, and its reason in the
 * dialog: on the New domain field when it is about the domain, else above the fields. The toast
 * goes when the request is sent after all, so it never stands beside the success.
 */
export function DomainChangeDialog({
  siteId,
  current,
  open,
  onClose,
}: {
  siteId: number;
  current: string;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const request = useDomainChangeRequest(siteId);
  const domain = Form.useWatch('domainName', form) as string | undefined;
  const reason = Form.useWatch('reason', form) as string | undefined;
  const guard = useUnsavedChanges(open && !!(domain?.trim() || reason?.trim()));
  const [problem, setProblem] = useState<string | null>(null);
  const newDomain = useRef<InputRef>(null);
  // The dialog is for typing the new domain: it starts there (not on its close button), but not on
  // a touch screen, where focus would raise the keyboard over the dialog before it is read. After
  // the dialog has taken focus itself, which it does as it opens.
  useEffect(() => {
    if (!open || touchScreen()) return;
    const timer = setTimeout(() => newDomain.current?.focus({ preventScroll: true }), 0);
    return () => clearTimeout(timer);
  }, [open]);
  const failedKey = `domain-change-failed-${siteId}`;

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    form.resetFields();
    setProblem(null);
    onClose();
  }

  async function submit() {
    const values = await form.validateFields();
    setProblem(null);
    try {
      await request.mutateAsync({
        domainName: values.domainName.trim(),
        reason: values.reason?.trim() ?? '',
      });
      message.destroy(failedKey);
      void message.success('Domain Change Request sent');
      guard.release();
      form.resetFields();
      onClose();
    } catch (err) {
      void message.info({ key: failedKey, content: WebsiteMessages.domainChangeFailed });
      const fields = fieldErrorsOf(err, FIELD_ERRORS);
      if (fields.length) form.setFields(fields);
      else setProblem(failureReason(err, WebsiteMessages.domainChangeFailed));
    }
  }

  return (
    <Modal
      title="Domain Change Request"
      open={open}
      onCancel={() => void cancel()}
      onOk={() => void submit().catch(() => undefined)}
      okText="Send Request"
      confirmLoading={request.isPending}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon title={problem} className="vp-dialog-alert" role="alert" />}
      <Form form={form} name={`domain-change-${siteId}`} layout="vertical" requiredMark={false}>
        <Form.Item label="Current domain" htmlFor="vp-current-domain">
          <Input id="vp-current-domain" value={current} disabled />
        </Form.Item>
        <Form.Item
          label="New domain"
          name="domainName"
          rules={[
            { required: true, whitespace: true, message: WebsiteMessages.domainRequired },
            {
              validator: (_, v: string | undefined) =>
                !v || !v.trim() || isValidDomain(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(WebsiteMessages.domainInvalid)),
            },
          ]}
        >
          <Input ref={newDomain} placeholder={DOMAIN_PLACEHOLDER} autoComplete="off" />
        </Form.Item>
        <Form.Item label="Reason" name="reason">
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
