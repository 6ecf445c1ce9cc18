import { TICKET_CATEGORIES, type TicketBody } from '@vp/contract';
import { Button, Card, Form, Input, Select } from 'antd';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useSendTicket } from '../api.ts';

export default function FeedbackPage() {
  const [form] = Form.useForm<TicketBody>();
  const send = useSendTicket();
  const watched = Form.useWatch([], form) as Partial<TicketBody> | undefined;
  // A message being written is not lost to a stray click on the menu or a closed tab.
  const guard = useUnsavedChanges(
    !!(watched?.subject?.trim() || watched?.category || watched?.message?.trim()),
  );

  function submit(values: TicketBody) {
    send.mutate(
      { subject: values.subject.trim(), category: values.category, message: values.message.trim() },
      {
        onSuccess: (res) => {
          guard.release();
          form.resetFields();
          toastSaved(res.message);
        },
        onError: (err) => void toast('error', errorMessage(err)),
      },
    );
  }

  return (
    <Card className="vp-narrow" title={<h1 className="vp-card-title">Feedback</h1>}>
      <p>Questions, problems or ideas: tell the MLS data licensing team.</p>
      <Form<TicketBody> form={form} layout="vertical" onFinish={submit} name="feedback">
        <Form.Item
          label="Subject"
          name="subject"
          rules={[
            { required: true, whitespace: true, message: 'Please enter a subject.' },
            { max: 200, message: 'Subject cannot be more than 200 characters.' },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="Category"
          name="category"
          rules={[{ required: true, message: 'Please select a category.' }]}
        >
          <Select
            placeholder="Select a category"
            options={TICKET_CATEGORIES.map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Form.Item
          label="Message"
          name="message"
          rules={[
            { required: true, whitespace: true, message: 'Please enter a message.' },
            { max: 5000, message: 'Message cannot be more than 5000 characters.' },
          ]}
        >
          <Input.TextArea rows={6} showCount maxLength={5000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          Send
        </Button>
      </Form>
    </Card>
  );
}
