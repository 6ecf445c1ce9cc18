import { isSecondStep, type InvitedAccount } from '@vp/contract';
import { Button, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { passwordFieldErrors } from '../../../components/password-rules.ts';
import { errorMessage } from '../../../lib/http.ts';
import { getToken, resetToken, setToken } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { invitedAccount, register } from '../api.ts';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';
import { keepSecondStep } from '../second-step.ts';

interface RegistrationValues {
  firstName?: string;
  lastName?: string;
  password: string;
  confirm: string;
}

/**
 * An invited user sets their password; the invitation token is the bearer of the calls. The page
 * says which account is being created (the names staff entered filled in), and the new user is
 * signed in once it is.
 */
export default function RegistrationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [invited, setInvited] = useState<InvitedAccount | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<RegistrationValues>();

  useEffect(() => {
    if (!token) return undefined;
    let current = true;
    invitedAccount(token).then(
      (account) => {
        if (!current) return;
        setInvited(account);
        // What staff entered, unless the user has typed their own already.
        for (const name of ['firstName', 'lastName'] as const)
          if (account[name] && !form.isFieldTouched(name)) form.setFieldValue(name, account[name]);
      },
      (err: unknown) => {
        if (current) setRefused(errorMessage(err));
      },
    );
    return () => {
      current = false;
    };
  }, [token, form]);
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
      const answer = await register(token, {
        password: values.password,
        firstName: values.firstName?.trim() || undefined,
        lastName: values.lastName?.trim() || undefined,
      });
      void toast('success', answer.message);
      if (isSecondStep(answer)) {
        // The new account's role requires two-step sign-in: the login page sets it up, then signs
        // the user in. Whatever session this browser held is not the new account's.
        keepSecondStep(answer);
        if (getToken()) resetToken();
        void navigate('/login', { replace: true });
        return;
      }
      // Signed in as the new account (on /register the guard had kept the invitation token as if
      // it were a session; this replaces it). The guard loads the profile and asks for the terms.
      setToken(answer.token);
      void navigate('/dashboard', { replace: true });
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
    <AuthCard title="Registration">
      {!token || refused ? (
        <FormMessage type="error">
          {refused ??
            'This invitation link is missing its token. Please use the link from your invitation email.'}
        </FormMessage>
      ) : (
        <Form<RegistrationValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          name="registration"
        >
          {invited && (
            <p className="vp-auth-hint" data-testid="invited-account">
              You are creating the account <strong>{invited.username}</strong>
              {invited.email && (
                <>
                  {' '}
                  for <strong>{invited.email}</strong>
                </>
              )}
              .
            </p>
          )}
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
