import { Button, Form, Input } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { passwordFieldErrors } from '../../../components/password-rules.ts';
import { errorMessage } from '../../../lib/http.ts';
import { resetToken } from '../../../lib/session.ts';
import { register } from '../api.ts';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';

interface RegistrationValues {
  firstName?: string;
  lastName?: string;
  password: string;
  confirm: string;
}

/** An invited user sets their password; the invitation token is the bearer of the call. */
export default function RegistrationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<RegistrationValues>();
  // The names typed above count as guessable in the password.
  const owner = useCallback(
    () => ({
      firstName: (form.getFieldValue('firstName') as string | undefined) ?? '',
      lastName: (form.getFieldValue('lastName') as string | undefined) ?? '',
    }),
    [form],
  );

  async function submit(values: RegistrationValues) {
    setBusy(true);
    setError(null);
    try {
      const { message } = await register(token, {
        password: values.password,
        firstName: values.firstName?.trim() || undefined,
        lastName: values.lastName?.trim() || undefined,
      });
      // On /register the guard kept the invitation token as if it were a session; it is not one.
      resetToken();
      setDone(message);
    } catch (err) {
      // A refusal of the password itself is said under its field.
      const fields = passwordFieldErrors(err);
      if (fields.length) form.setFields(fields);
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthCard title="Registration">
        <FormMessage type="success">{done}</FormMessage>
        <div className="vp-auth-links">
          <Link to="/login">Log in</Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Registration">
      {!token ? (
        <FormMessage type="error">
          This invitation link is missing its token. Please use the link from your invitation email.
        </FormMessage>
      ) : (
        <Form<RegistrationValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          name="registration"
        >
          <Form.Item label="First name" name="firstName">
            <Input autoComplete="given-name" autoFocus />
          </Form.Item>
          <Form.Item label="Last name" name="lastName">
            <Input autoComplete="family-name" />
          </Form.Item>
          <NewPasswordFields label="Password" owner={owner} />
          {error && <FormMessage type="error">{error}</FormMessage>}
          <Button type="primary" htmlType="submit" block loading={busy}>
            Create account
          </Button>
        </Form>
      )}
      <div className="vp-auth-links">
        <Link to="/login">Back to login</Link>
      </div>
    </AuthCard>
  );
}
