import { TEAM_PRODUCT_ID, WebsiteMessages, type Website } from '@vp/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { useProductChangeRequest, useProducts } from '../api.ts';

interface Values {
  product: number;
  reason: string;
}

/** Sent, in the toast: the request waits for MLS staff. */
export const PRODUCT_REQUEST_SENT = 'Product Change Request sent';

/**
 * Product Change Request: how a licensed site's product changes. The site keeps its product until
 * MLS staff approve; a product its signed Site Access Form does not name needs a new form, sent from
 * the request. The team product is not offered: a team site stays one.
 */
export function ProductChangeDialog({
  site,
  open,
  onClose,
}: {
  site: Website;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const request = useProductChangeRequest(site.rowKey);
  const products = useProducts();
  const product = Form.useWatch('product', form) as number | undefined;
  const reason = Form.useWatch('reason', form) as string | undefined;
  const guard = useUnsavedChanges(open && (product !== undefined || !!reason?.trim()));
  const team = site.products.includes(TEAM_PRODUCT_ID);
  const names = (ids: number[]) =>
    ids.map((id) => products.data?.find((p) => p.id === id)?.name ?? String(id)).join(', ');
  const options = (products.data ?? [])
    .filter((p) => (p.id === TEAM_PRODUCT_ID) === team && !site.products.includes(p.id))
    .map((p) => ({ value: p.id, label: p.name }));

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    form.resetFields();
    onClose();
  }

  async function submit() {
    const values = await form.validateFields();
    try {
      await request.mutateAsync({ products: [values.product], reason: values.reason?.trim() ?? '' });
      void message.success(PRODUCT_REQUEST_SENT);
      guard.release();
      form.resetFields();
      onClose();
    } catch (err) {
      void message.info(errorMessage(err));
    }
  }

  return (
    <Modal
      title="Product Change Request"
      open={open}
      onCancel={() => void cancel()}
      onOk={() => void submit().catch(() => undefined)}
      okText="Send Request"
      confirmLoading={request.isPending}
      destroyOnHidden
    >
      <Form form={form} name={`product-change-${site.rowKey}`} layout="vertical" requiredMark={false}>
        <Form.Item label="Current product" htmlFor="vp-current-product">
          <Input id="vp-current-product" value={names(site.products)} disabled />
        </Form.Item>
        <Form.Item
          label="New product"
          name="product"
          rules={[{ required: true, message: WebsiteMessages.productRequired }]}
        >
          <Select
            aria-label="New product"
            placeholder="Select a product"
            loading={products.isLoading}
            options={options}
          />
        </Form.Item>
        <Form.Item label="Reason" name="reason">
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
