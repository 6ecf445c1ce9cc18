import { WebsiteMessages, WebsiteServerMessages, isValidDomain } from '@vp/contract';
import { Form, Input, Modal } from 'antd';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { useDomainChangeRequest } from '../api.ts';
import { DOMAIN_PLACEHOLDER } from './website-form.tsx';

interface Values {
  domainName: string;
  reason: string;
}

/** Refusals about the new domain, shown on its field as well as in the toast. */
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
 * failure is said once, in the toast, and on the New domain field when it is about the domain.
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

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    form.resetFields();
    onClose();
  }

  async function submit() {
    const values = await form.validateFields();
    try {
      await request.mutateAsync({
        domainName: values.domainName.trim(),
        reason: values.reason?.trim() ?? '',
      });
      void message.success('Domain Change Request sent');
      guard.release();
      form.resetFields();
      onClose();
    } catch (err) {
      // The server's message starts with 'Domain Change Failed' (spec §9 info message) and says why.
      void message.info(errorMessage(err));
      const fields = fieldErrorsOf(err, FIELD_ERRORS);
      if (fields.length) form.setFields(fields);
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
          <Input placeholder={DOMAIN_PLACEHOLDER} autoComplete="off" />
        </Form.Item>
        <Form.Item label="Reason" name="reason">
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
