import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { passwordFieldErrors } from '../../../components/password-rules.ts';
import { errorMessage } from '../../../lib/http.ts';
import { resetToken } from '../../../lib/session.ts';
import { resetPassword } from '../api.ts';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';

interface PasswordValues {
  password: string;
  confirm: string;
}

/** Sets a new password from the single-use token of the mailed link. */
export default function PasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordValues>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: PasswordValues) {
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, values.password);
      // The reset ends every session of the account, including one open in this browser.
      resetToken();
      await navigate('/reset', { replace: true });
    } catch (err) {
      // A refusal of the password itself is said under its field.
      const fields = passwordFieldErrors(err);
      if (fields.length) form.setFields(fields);
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Set a New Password">
      {!token ? (
        <>
          <FormMessage type="error">
            This password link is invalid or has expired. Please request a new one.
          </FormMessage>
          <div className="vp-auth-links">
            <Link to="/forgotpassword">Request a new link</Link>
          </div>
        </>
      ) : (
        <Form<PasswordValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          name="password"
        >
          <NewPasswordFields autoFocus />
          {error && <FormMessage type="error">{error}</FormMessage>}
          <Button type="primary" htmlType="submit" block loading={busy}>
            Change password
          </Button>
          <div className="vp-auth-links">
            <Link to="/login">Back to login</Link>
          </div>
        </Form>
      )}
    </AuthCard>
  );
}
