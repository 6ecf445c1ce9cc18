import {
  FEED_TYPE_SUGGESTIONS,
  VENDOR_TYPE_LABELS,
  VENDOR_TYPES,
  VendorMessages,
  type VendorDetail,
  type VendorInput,
  type VendorType,
} from '@vp/contract';
import { AutoComplete, Button, Checkbox, Form, Input, Radio, Select } from 'antd';
import { useMemo } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { errorMessage } from '../../../lib/http.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useSaveVendor, useVendorOptions } from '../api.ts';
import { CLEARABLE } from '../../../components/clear-icon.tsx';

interface Values {
  name: string;
  code: string;
  type: VendorType | undefined;
  isProvider: boolean;
  isConsumer: boolean;
  reciprocalAllowed: boolean;
  permissionAudit: boolean;
  feedType: string;
  technicalContact: string;
  billingContact: string;
  parentId: number | null;
}

function initialValues(vendor: VendorDetail | null): Values {
  return {
    name: vendor?.name ?? '',
    code: vendor?.code ?? '',
    // A type stored before the console (not IDX or VOW) must be chosen again.
    type: (VENDOR_TYPES as readonly string[]).includes(vendor?.type ?? '')
      ? (vendor!.type as VendorType)
      : undefined,
    isProvider: vendor?.isProvider ?? false,
    isConsumer: vendor?.isConsumer ?? false,
    reciprocalAllowed: vendor?.reciprocalAllowed ?? false,
    permissionAudit: vendor?.permissionAudit ?? false,
    feedType: vendor?.feedType ?? '',
    technicalContact: vendor?.technicalContact ?? '',
    billingContact: vendor?.billingContact ?? '',
    parentId: vendor?.parent?.id ?? null,
  };
}

const same = (a: Values, b: Partial<Values>) =>
  (Object.keys(a) as (keyof Values)[]).every((k) => (b[k] ?? null) === (a[k] ?? null));

/**
 * A vendor's details: name, code, type, data flags, feed, contacts and its primary account. Save
 * is enabled once something differs from what is saved; a refusal about a field shows on it.
 */
export function VendorForm({
  vendor,
  onSaved,
  onCancel,
}: {
  /** null: a new vendor. */
  vendor: VendorDetail | null;
  onSaved: (id: number) => void;
  onCancel?: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const initial = useMemo(() => initialValues(vendor), [vendor]);
  const watched = Form.useWatch((v: Values) => v, form) as Partial<Values> | undefined;
  const dirty = watched !== undefined && !same(initial, watched);
  const guard = useUnsavedChanges(dirty);
  const save = useSaveVendor();
  const options = useVendorOptions();
  const hasSubAccounts = (vendor?.subAccountList.length ?? 0) > 0;

  // A primary account is one that is not itself a sub-account (and not this vendor).
  const primaries = (options.data ?? [])
    .filter((o) => o.parentId === null && o.id !== vendor?.id)
    .map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }));

  async function submit(values: Values) {
    const input: VendorInput = {
      name: values.name,
      code: values.code,
      type: values.type as VendorType,
      isProvider: values.isProvider,
      isConsumer: values.isConsumer,
      reciprocalAllowed: values.reciprocalAllowed,
      permissionAudit: values.permissionAudit,
      feedType: values.feedType ?? '',
      technicalContact: values.technicalContact ?? '',
      billingContact: values.billingContact ?? '',
      parentId: values.parentId ?? null,
    };
    try {
      const saved = await save.mutateAsync({ id: vendor?.id ?? null, input });
      // As the server keeps them, so the form reads as saved once the vendor is fetched again.
      form.setFieldsValue({
        name: values.name.trim(),
        code: values.code.trim().toUpperCase(),
        feedType: input.feedType?.trim() ?? '',
        technicalContact: input.technicalContact?.trim() ?? '',
        billingContact: input.billingContact?.trim() ?? '',
      });
      guard.release();
      void toastSaved(saved.message);
      onSaved(saved.id);
    } catch (err) {
      form.setFields(
        fieldErrorsOf(err, {
          name: [VendorMessages.nameRequired, VendorMessages.nameTooLong],
          code: [VendorMessages.codeTaken, VendorMessages.codeFormat, VendorMessages.codeRequired],
          type: [VendorMessages.typeRequired],
          parentId: [
            VendorMessages.linkSelf,
            VendorMessages.linkUnknown,
            VendorMessages.linkToSubAccount,
            VendorMessages.linkHasSubAccounts,
          ],
        }),
      );
      void toast('error', errorMessage(err));
    }
  }

  return (
    <Form<Values>
      form={form}
      name={vendor ? `vendor-${vendor.id}` : 'new-vendor'}
      layout="vertical"
      className="vp-console-form"
      initialValues={initial}
      onFinish={(v) => void submit(v)}
      requiredMark
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[{ required: true, whitespace: true, message: VendorMessages.nameRequired }]}
      >
        <Input maxLength={200} autoFocus={!vendor} />
      </Form.Item>
      <Form.Item
        label="Code"
        name="code"
        extra="Letters, digits and hyphens; stored in capitals. Unique among vendors."
        rules={[
          { required: true, whitespace: true, message: VendorMessages.codeRequired },
          { pattern: /^\s*[A-Za-z0-9][A-Za-z0-9-]*\s*$/, message: VendorMessages.codeFormat },
        ]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item label="Type" name="type" rules={[{ required: true, message: VendorMessages.typeRequired }]}>
        <Radio.Group
          options={VENDOR_TYPES.map((t) => ({ value: t, label: VENDOR_TYPE_LABELS[t] }))}
          optionType="button"
        />
      </Form.Item>
      <div className="vp-console-switches">
        <Form.Item name="isProvider" valuePropName="checked">
          <Checkbox>Provider (provides listing data)</Checkbox>
        </Form.Item>
        <Form.Item name="isConsumer" valuePropName="checked">
          <Checkbox>Consumer (receives listing data)</Checkbox>
        </Form.Item>
        <Form.Item name="reciprocalAllowed" valuePropName="checked">
          <Checkbox>Reciprocal agents allowed</Checkbox>
        </Form.Item>
        <Form.Item name="permissionAudit" valuePropName="checked">
          <Checkbox>Permission audit</Checkbox>
        </Form.Item>
      </div>
      <Form.Item label="Feed type" name="feedType">
        <AutoComplete
          options={FEED_TYPE_SUGGESTIONS.map((f) => ({ value: f }))}
          placeholder="RESO Web API"
          maxLength={60}
          allowClear={CLEARABLE}
        />
      </Form.Item>
      <Form.Item label="Technical contact" name="technicalContact">
        <Input maxLength={200} placeholder="Name (email)" />
      </Form.Item>
      <Form.Item label="Billing contact" name="billingContact">
        <Input maxLength={200} placeholder="Name (email)" />
      </Form.Item>
      <Form.Item
        label="Primary account"
        name="parentId"
        extra={
          hasSubAccounts
            ? 'This vendor has sub-accounts of its own, so it stays a primary account.'
            : 'Choose one to make this vendor its sub-account; leave empty for a primary account.'
        }
      >
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="None (a primary account)"
          options={primaries}
          loading={options.isPending}
          disabled={hasSubAccounts}
        />
      </Form.Item>
      <div className="vp-console-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty}>
          {vendor ? 'Save' : 'Create vendor'}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </Form>
  );
}
