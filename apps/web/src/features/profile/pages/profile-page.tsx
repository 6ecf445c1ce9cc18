import { EmailChangeMessages, Messages, ROLE_NAMES, type Profile } from '@vp/contract';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton } from 'antd';
import { useCallback, useEffect } from 'react';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { passwordFieldErrors } from '../../../components/password-rules.ts';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useProfile, useUpdateProfile } from '../api.ts';
import { TwoStepSection } from '../components/two-step-section.tsx';
import { AvatarField } from './avatar-field.tsx';

interface NameValues {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword?: string;
}

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirm: string;
}

/** A wrong or missing current password is shown on its field as well as in the toast. */
const PASSWORD_ERRORS = {
  currentPassword: [Messages.currentPasswordWrong, EmailChangeMessages.passwordRequired],
} as const;

function filled(v: string | undefined): boolean {
  return !!v && v.trim() !== '';
}

function DetailsForm({ profile }: { profile: Profile }) {
  const [form] = Form.useForm<NameValues>();
  const update = useUpdateProfile();

  useEffect(() => {
    form.setFieldsValue({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email });
  }, [form, profile]);

  const watched = Form.useWatch([], form) as Partial<NameValues> | undefined;
  const email = watched?.email ?? profile.email;
  // A new address needs the current password, and takes effect from the link mailed to it.
  const emailChanged = email.trim().toLowerCase() !== profile.email.toLowerCase();
  // Save is offered only for a change: an unchanged form has nothing to save.
  const changed =
    emailChanged ||
    (watched?.firstName ?? profile.firstName).trim() !== profile.firstName ||
    (watched?.lastName ?? profile.lastName).trim() !== profile.lastName;
  useUnsavedChanges(changed);

  function submit(values: NameValues) {
    const nextEmail = values.email.trim();
    update.mutate(
      {
        ...profile,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: nextEmail,
        ...(emailChanged ? { currentPassword: values.currentPassword ?? '' } : {}),
      },
      {
        onSuccess: (saved) => {
          form.setFieldValue('currentPassword', undefined);
          if (emailChanged && saved.pendingEmail) toast('info', EmailChangeMessages.sent(saved.pendingEmail));
          else toastSaved('Profile saved');
        },
        onError: (err) => {
          void toast('error', errorMessage(err));
          const fields = fieldErrorsOf(err, PASSWORD_ERRORS);
          if (fields.length) form.setFields(fields);
        },
      },
    );
  }

  return (
    <Form<NameValues> form={form} layout="vertical" onFinish={submit} name="profile-details">
      <Form.Item
        label="First name"
        name="firstName"
        rules={[{ required: true, whitespace: true, message: 'Please enter your first name.' }, { max: 100 }]}
      >
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item
        label="Last name"
        name="lastName"
        rules={[{ required: true, whitespace: true, message: 'Please enter your last name.' }, { max: 100 }]}
      >
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, message: 'Please enter a valid email address.' },
          { type: 'email', message: 'Please enter a valid email address.' },
        ]}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      {profile.pendingEmail && !emailChanged && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Waiting for ${profile.pendingEmail} to be confirmed from the link sent there. Until then, mail goes to ${profile.email}.`}
        />
      )}
      {emailChanged && (
        <Form.Item
          label="Your current password"
          name="currentPassword"
          extra="Needed to change the email address. A confirmation link goes to the new address."
          rules={[{ required: true, message: EmailChangeMessages.passwordRequired }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!changed}>
        Save
      </Button>
      {!changed && <span className="vp-muted vp-form-hint">No changes to save.</span>}
    </Form>
  );
}

function PasswordForm({ profile }: { profile: Profile }) {
  const [form] = Form.useForm<PasswordValues>();
  const update = useUpdateProfile();
  const watched = Form.useWatch([], form) as Partial<PasswordValues> | undefined;
  const started = filled(watched?.currentPassword) || filled(watched?.password) || filled(watched?.confirm);
  useUnsavedChanges(started);

  function submit(values: PasswordValues) {
    update.mutate(
      { ...profile, currentPassword: values.currentPassword, password: values.password },
      {
        onSuccess: () => {
          form.resetFields();
          toastSaved('Password changed');
        },
        onError: (err) => {
          void toast('error', errorMessage(err));
          const fields = [...fieldErrorsOf(err, PASSWORD_ERRORS), ...passwordFieldErrors(err)];
          if (fields.length) form.setFields(fields);
        },
      },
    );
  }
  // The account's own names count as guessable in the password.
  const owner = useCallback(
    () => ({
      username: profile.username,
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
    }),
    [profile],
  );

  return (
    <Form<PasswordValues> form={form} layout="vertical" onFinish={submit} name="profile-password">
      <Form.Item
        label="Current password"
        name="currentPassword"
        rules={[{ required: true, message: 'Please enter your current password to set a new one.' }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields confirmLabel="Confirm new password" owner={owner} />
      <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!started}>
        Change password
      </Button>
    </Form>
  );
}

export default function ProfilePage() {
  const profile = useProfile();
  if (profile.isError) {
    return (
      <Card>
        <p role="alert" className="vp-text-danger">
          {errorMessage(profile.error)}
        </p>
      </Card>
    );
  }
  if (!profile.data) return <Skeleton active />;
  const p = profile.data;
  return (
    <div className="vp-profile">
      <Card className="vp-section" title={<h1 className="vp-card-title">Profile</h1>}>
        <AvatarField profile={p} />
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'username', label: 'Username', children: p.username },
            { key: 'role', label: 'Role', children: p.rolename || ROLE_NAMES[p.role] },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={<h2 className="vp-card-title">Your details</h2>}>
            <DetailsForm profile={p} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={<h2 className="vp-card-title">Change password</h2>}>
            <PasswordForm profile={p} />
          </Card>
        </Col>
      </Row>
      <TwoStepSection />
    </div>
  );
}
