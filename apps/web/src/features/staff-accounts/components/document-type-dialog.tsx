import {
  DOCUMENT_TYPE_SCOPES,
  DocumentMessages,
  DocumentTypeAdminMessages,
  documentTypeRefusal,
  VENDOR_TYPES,
  type AdminDocumentType,
  type DocumentTypeInput,
  type Product,
  type VendorType,
} from '@vp/contract';
import { Alert, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useSaveDocumentType } from '../api.ts';

type Scope = (typeof DOCUMENT_TYPE_SCOPES)[number];

export const SCOPE_LABELS: Record<Scope, string> = {
  website: 'Websites',
  vendor: 'Vendor account',
  any: 'Websites or vendor account',
};

interface Values {
  type: string;
  scope: Scope;
  requiredForVendor: boolean;
  requiredForSites: boolean;
  requiredForProducts: number[];
  requiredVendorTypes: VendorType[];
}

function initialValues(type: AdminDocumentType | null): Values {
  return {
    type: type?.type ?? '',
    scope: type?.scope ?? 'any',
    requiredForVendor: type?.requiredForVendor ?? false,
    requiredForSites: type?.requiredForSites ?? false,
    requiredForProducts: type?.requiredForProducts ?? [],
    requiredVendorTypes: (type?.requiredVendorTypes ?? []) as VendorType[],
  };
}

/**
 * Add or edit a document type. A file type says where it belongs and what it is required for (every
 * vendor, sites of some or all products); a messaging type has only its name. The contract's rules
 * are checked as the fields change, with the server's own words.
 */
export function DocumentTypeDialog({
  open,
  type,
  messaging,
  products,
  onClose,
}: {
  open: boolean;
  /** null: a new type. */
  type: AdminDocumentType | null;
  messaging: boolean;
  products: Product[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveDocumentType();
  const initial = initialValues(type);
  const values = Form.useWatch((v: Values) => v, form) as Values | undefined;
  const dirty =
    open && values !== undefined && JSON.stringify({ ...initial, ...values }) !== JSON.stringify(initial);
  const guard = useUnsavedChanges(dirty);
  const signed = type?.signatureRequired ?? false;
  const refusal = values
    ? documentTypeRefusal({
        ...initial,
        ...values,
        requiredForProducts: values.requiredForProducts ?? [],
        requiredVendorTypes: values.requiredVendorTypes ?? [],
        messaging,
      })
    : null;

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    onClose();
  }

  async function submit() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (refusal) return;
    const input: DocumentTypeInput = messaging
      ? { type: v.type, messaging: true, scope: 'any' }
      : {
          ...v,
          requiredForProducts: v.requiredForSites ? (v.requiredForProducts ?? []) : [],
          requiredVendorTypes: v.requiredForVendor || v.requiredForSites ? (v.requiredVendorTypes ?? []) : [],
          messaging: false,
        };
    try {
      const { message } = await save.mutateAsync({ id: type?.id ?? null, input });
      guard.release();
      void toastSaved(message);
      onClose();
    } catch (err) {
      form.setFields(
        fieldErrorsOf(err, {
          type: [DocumentMessages.typeNameTaken],
          scope: [
            DocumentTypeAdminMessages.signedScope,
            DocumentTypeAdminMessages.vendorScope,
            DocumentTypeAdminMessages.siteScope,
          ],
          requiredForProducts: [DocumentTypeAdminMessages.productUnknown],
        }),
      );
      void toast('error', errorMessage(err));
    }
  }

  const noun = messaging ? 'messaging type' : 'file type';
  return (
    <Modal
      title={type ? `Edit ${noun} ${type.type}` : `Add a ${noun}`}
      open={open}
      onCancel={() => void cancel()}
      onOk={() => void submit()}
      okText={type ? 'Save' : 'Add'}
      okButtonProps={{ disabled: !dirty || !!refusal }}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        name={type ? `document-type-${type.id}` : messaging ? 'new-messaging-type' : 'new-file-type'}
        layout="vertical"
        className="vp-console-form"
        initialValues={initial}
      >
        <Form.Item
          label="Name"
          name="type"
          rules={[{ required: true, whitespace: true, message: DocumentMessages.typeNameRequired }]}
        >
          <Input maxLength={60} autoFocus />
        </Form.Item>
        {!messaging && (
          <>
            <Form.Item
              label="Where it belongs"
              name="scope"
              extra={signed ? DocumentTypeAdminMessages.signedScope : undefined}
              validateStatus={refusal?.field === 'scope' ? 'error' : undefined}
              help={refusal?.field === 'scope' ? refusal.message : undefined}
            >
              <Radio.Group
                disabled={signed}
                options={DOCUMENT_TYPE_SCOPES.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))}
              />
            </Form.Item>
            <Form.Item name="requiredForVendor" valuePropName="checked">
              <Checkbox>Required of every vendor (on the account)</Checkbox>
            </Form.Item>
            <Form.Item name="requiredForSites" valuePropName="checked">
              <Checkbox>Required for sites past Pending Activation</Checkbox>
            </Form.Item>
            {values?.requiredForSites && (
              <Form.Item
                label="Products it is required for"
                name="requiredForProducts"
                extra="None chosen: every product."
              >
                <Select
                  mode="multiple"
                  placeholder="Every product"
                  options={products.map((p) => ({ value: p.id, label: p.name }))}
                />
              </Form.Item>
            )}
            {(values?.requiredForVendor || values?.requiredForSites) && (
              <Form.Item
                label="Vendor types it is required of"
                name="requiredVendorTypes"
                extra={values?.requiredVendorTypes?.length ? undefined : 'None chosen: every vendor type.'}
              >
                <Select
                  mode="multiple"
                  placeholder="Every vendor type"
                  options={VENDOR_TYPES.map((v) => ({ value: v, label: v }))}
                />
              </Form.Item>
            )}
            {refusal && refusal.field !== 'scope' && (
              <Alert type="warning" showIcon title={refusal.message} />
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}
