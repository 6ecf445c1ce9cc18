import {
  INVITATION_DAYS,
  MANAGED_ROLES,
  ROLE_NAMES,
  UserMessages,
  type InvitationInput,
  type ManagedRole,
} from '@vp/contract';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useInvite } from '../api.ts';
import { LinkedAccountsFields } from './linked-accounts-fields.tsx';

interface Values {
  email: string;
  username: string;
  firstName?: string;
  lastName?: string;
  role: ManagedRole;
  primaryVendorId?: number;
  otherVendorIds: number[];
}

/** The username an address suggests: its part before the @, in the characters a username takes. */
export function usernameFromEmail(email: string): string {
  return (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 60);
}

/**
 * Invite a user by email. The mailed link opens Registration, where they set their password; it
 * works once and expires after seven days.
 */
export function InviteDialog({
  open,
  onClose,
  onInvited,
  vendorId,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: (id: number) => void;
  /** The account preselected as primary (the list's vendor filter). */
  vendorId?: number | null;
}) {
  const [form] = Form.useForm<Values>();
  const invite = useInvite();
  const [usernameTouched, setUsernameTouched] = useState(false);
  const email = Form.useWatch('email', form) as string | undefined;
  const username = Form.useWatch('username', form) as string | undefined;
  const guard = useUnsavedChanges(open && !!(email?.trim() || username?.trim()));

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    onClose();
  }

  async function submit() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const input: InvitationInput = {
      email: values.email,
      username: values.username,
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      role: values.role,
      primaryVendorId: values.primaryVendorId!,
      otherVendorIds: values.otherVendorIds ?? [],
    };
    try {
      const { id, message } = await invite.mutateAsync(input);
      guard.release();
      void toastSaved(message);
      onInvited(id);
    } catch (err) {
      form.setFields(
        fieldErrorsOf(err, {
          email: [UserMessages.emailTaken, UserMessages.emailInvalid, UserMessages.emailRequired],
          username: [UserMessages.usernameTaken, UserMessages.usernameFormat],
          primaryVendorId: [UserMessages.primaryRequired, UserMessages.vendorUnknown],
        }),
      );
      void toast('error', errorMessage(err));
    }
  }

  return (
    <Modal
      title="Invite a user"
      open={open}
      onCancel={() => void cancel()}
      onOk={() => void submit()}
      okText="Send invitation"
      confirmLoading={invite.isPending}
      destroyOnHidden
      width={560}
    >
      <p className="vp-muted">
        The mailed link opens Registration, where they choose their password. It works once and expires after{' '}
        {INVITATION_DAYS} days; you can send it again or revoke it from their page.
      </p>
      <Form<Values>
        form={form}
        name="invite-user"
        layout="vertical"
        className="vp-console-form"
        initialValues={{ role: 'vendor', otherVendorIds: [], primaryVendorId: vendorId ?? undefined }}
        onValuesChange={(changed: Partial<Values>) => {
          if ('username' in changed) setUsernameTouched(true);
          if ('email' in changed && !usernameTouched)
            form.setFieldValue('username', usernameFromEmail(changed.email ?? ''));
        }}
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, whitespace: true, message: UserMessages.emailRequired },
            { type: 'email', message: UserMessages.emailInvalid },
          ]}
        >
          <Input type="email" autoComplete="off" maxLength={254} autoFocus />
        </Form.Item>
        <Form.Item
          label="Username"
          name="username"
          extra="What they log in with; the invitation tells them."
          rules={[
            { required: true, whitespace: true, message: UserMessages.usernameRequired },
            { pattern: /^\s*[A-Za-z0-9._@-]{3,60}\s*$/, message: UserMessages.usernameFormat },
          ]}
        >
          <Input autoComplete="off" maxLength={60} />
        </Form.Item>
        <div className="vp-console-switches">
          <Form.Item label="First name" name="firstName">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="Last name" name="lastName">
            <Input maxLength={100} />
          </Form.Item>
        </div>
        <Form.Item label="Role" name="role">
          <Radio.Group options={MANAGED_ROLES.map((r) => ({ value: r, label: ROLE_NAMES[r] }))} />
        </Form.Item>
        <LinkedAccountsFields />
      </Form>
    </Modal>
  );
}
