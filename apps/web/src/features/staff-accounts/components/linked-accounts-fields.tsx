import { UserMessages, VENDOR_STATUS_LABELS } from '@vp/contract';
import { Form, Select } from 'antd';
import { useVendorOptions } from '../api.ts';

/**
 * A user's vendor accounts: the primary one they act for by default, and the others their account
 * selector offers. Used by the invitation and by a user's page.
 */
export function LinkedAccountsFields() {
  const options = useVendorOptions();
  const choices = (options.data ?? []).map((o) => ({
    value: o.id,
    label: `${o.name} (${o.code})${o.status === 'suspended' ? ` · ${VENDOR_STATUS_LABELS.suspended}` : ''}`,
  }));
  return (
    <>
      <Form.Item
        label="Primary vendor account"
        name="primaryVendorId"
        rules={[{ required: true, message: UserMessages.primaryRequired }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Choose the account"
          options={choices}
          loading={options.isPending}
        />
      </Form.Item>
      <Form.Item
        label="Other vendor accounts"
        name="otherVendorIds"
        extra="They appear in the user's account selector."
      >
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="None"
          options={choices}
          loading={options.isPending}
        />
      </Form.Item>
    </>
  );
}
