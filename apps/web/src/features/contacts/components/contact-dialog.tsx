import {
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  CONTACT_NOTES_MAX,
  CONTACT_PHONE_MAX,
  CONTACT_TITLE_MAX,
  ContactMessages as M,
  StaleMessages,
  contactInputSchema,
  displayPhone,
  type Contact,
  type ContactInputRaw,
  type ContactType,
} from '@vp/contract';
import type { Rule } from 'antd/es/form';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useSaveContact } from '../api.ts';

type Field = keyof ContactInputRaw;
type Values = Required<ContactInputRaw>;

/** The contract's rule for one field, with its message, as an antd rule. */
export function contactFieldRule(field: Field): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = contactInputSchema.shape[field].safeParse(value ?? (field === 'types' ? [] : ''));
      if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
    },
  };
}

function valuesOf(contact: Contact | null): Values {
  return {
    types: contact?.types ?? [],
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    title: contact?.title ?? '',
    email: contact?.email ?? '',
    // Shown as people write it; the server stores E.164 again.
    phone: contact ? displayPhone(contact.phone) : '',
    notes: contact?.notes ?? '',
  };
}

const same = (a: Values, b: Values) =>
  JSON.stringify({ ...a, types: [...a.types].sort() }) ===
  JSON.stringify({ ...b, types: [...b.types].sort() });

/**
 * Add or edit a key contact. Every field is checked with the contract's rule as it changes, with
 * the words the server would use; a contact changed by someone else since the dialog opened is
 * not overwritten: the dialog says so and offers to load their version.
 */
export function ContactDialog({
  contact,
  types,
  onReload,
  onClose,
}: {
  /** null: a new contact. */
  contact: Contact | null;
  types: readonly ContactType[];
  /** Loads the contact as it is now (undefined when it is gone). */
  onReload: () => Promise<Contact | undefined>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveContact();
  const [base, setBase] = useState(contact);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const initial = valuesOf(base);
  const values = Form.useWatch((v: Values) => v, form) as Values | undefined;
  const dirty = values !== undefined && !same({ ...initial, ...values }, initial);
  const guard = useUnsavedChanges(dirty);

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    onClose();
  }

  async function reload() {
    setReloading(true);
    try {
      const fresh = await onReload();
      if (!fresh) {
        guard.release();
        onClose();
        return;
      }
      setBase(fresh);
      form.setFieldsValue(valuesOf(fresh));
      setStale(null);
    } finally {
      setReloading(false);
    }
  }

  async function submit() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({ id: base?.id ?? null, version: base?.version ?? null, input: v });
      guard.release();
      void toastSaved(base ? M.saved : M.created);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setStale(errorMessage(err));
        return;
      }
      form.setFields(
        fieldErrorsOf(err, {
          types: [M.typesRequired, M.typesTooMany, M.typeUnknown],
          firstName: [M.firstNameRequired, M.firstNameTooLong],
          lastName: [M.lastNameRequired, M.lastNameTooLong],
          title: [M.titleTooLong],
          email: [M.emailRequired, M.emailInvalid],
          phone: [M.phoneInvalid, M.phoneExtension],
          notes: [M.notesTooLong],
        }),
      );
      void toast('error', errorMessage(err));
    }
  }

  const formName = base ? `contact-${base.id}` : 'new-contact';
  return (
    <Modal
      title={base ? M.edit : M.add}
      open
      onCancel={() => void cancel()}
      onOk={() => void submit()}
      okText={base ? M.save : M.add}
      cancelText={M.cancel}
      okButtonProps={{ disabled: !dirty || stale !== null }}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      {stale && (
        <Alert
          type="warning"
          showIcon
          className="vp-stale-alert"
          data-testid="contact-stale-alert"
          title={stale}
          action={
            <Button size="small" loading={reloading} onClick={() => void reload()}>
              {StaleMessages.reload}
            </Button>
          }
        />
      )}
      <Form<Values> form={form} name={formName} layout="vertical" initialValues={initial} requiredMark>
        <Form.Item label={M.fields.types} name="types" required rules={[contactFieldRule('types')]}>
          <Select
            mode="multiple"
            placeholder={M.fields.types}
            options={types.map((t) => ({ value: t.id, label: t.name }))}
            optionFilterProp="label"
          />
        </Form.Item>
        <div className="vp-contact-names">
          <Form.Item
            label={M.fields.firstName}
            name="firstName"
            required
            rules={[contactFieldRule('firstName')]}
          >
            <Input maxLength={CONTACT_NAME_MAX} autoComplete="off" autoFocus />
          </Form.Item>
          <Form.Item
            label={M.fields.lastName}
            name="lastName"
            required
            rules={[contactFieldRule('lastName')]}
          >
            <Input maxLength={CONTACT_NAME_MAX} autoComplete="off" />
          </Form.Item>
        </div>
        <Form.Item label={M.fields.title} name="title" rules={[contactFieldRule('title')]}>
          <Input maxLength={CONTACT_TITLE_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item label={M.fields.email} name="email" required rules={[contactFieldRule('email')]}>
          <Input type="email" maxLength={CONTACT_EMAIL_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={M.fields.phone}
          name="phone"
          extra={M.phoneHint}
          rules={[contactFieldRule('phone')]}
        >
          <Input type="tel" maxLength={CONTACT_PHONE_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item label={M.fields.notes} name="notes" rules={[contactFieldRule('notes')]}>
          <Input.TextArea rows={3} showCount maxLength={CONTACT_NOTES_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
