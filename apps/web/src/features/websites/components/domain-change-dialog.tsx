import { WebsiteMessages, isValidDomain } from '@vp/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { useDomainChangeRequest } from '../api.ts';

interface Values {
  domainName: string;
  reason: string;
}

/** Domain Change Request (spec §4): how an Active site's domain changes; recorded on the site. */
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
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    const values = await form.validateFields();
    setError(null);
    try {
      await request.mutateAsync({
        domainName: values.domainName.trim(),
        reason: values.reason?.trim() ?? '',
      });
      void message.success('Domain Change Request sent');
      form.resetFields();
      onClose();
    } catch (err) {
      void message.info(WebsiteMessages.domainChangeFailed);
      setError(errorMessage(err));
    }
  }

  return (
    <Modal
      title="Domain Change Request"
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="Send Request"
      confirmLoading={request.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
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
          <Input placeholder="{host}" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Reason" name="reason">
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        {error && (
          <Alert type="error" showIcon title={WebsiteMessages.domainChangeFailed} description={error} />
        )}
      </Form>
    </Modal>
  );
}
