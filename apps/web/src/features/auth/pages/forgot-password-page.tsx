import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { PageLink } from '../../../lib/page-navigation.tsx';
import { forgotPassword } from '../api.ts';
import { AuthButton } from '../components/auth-button.tsx';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';
import { Field } from '../components/field.tsx';
import { TextInput } from '../components/text-input.tsx';

/** Asks for a reset link; the same plain form as the login page, so both read alike and load light. */
export default function ForgotPasswordPage() {
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ type: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim()) {
      setFieldError('Please enter your username.');
      return;
    }
    setFieldError(null);
    setBusy(true);
    setResult(null);
    try {
      const { message } = await forgotPassword(username);
      setResult({ type: 'success', text: message });
    } catch (err) {
      setResult({ type: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot Password">
      <p className="vp-auth-hint">Enter your username and we will email you a link to set a new password.</p>
      <form onSubmit={(e) => void submit(e)} noValidate name="forgot-password" aria-label="Forgot Password">
        <Field id="forgot-password-username" label="Username" error={fieldError}>
          <TextInput
            id="forgot-password-username"
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            invalid={!!fieldError}
            aria-describedby={fieldError ? 'forgot-password-username-error' : undefined}
          />
        </Field>
        {result && <FormMessage type={result.type}>{result.text}</FormMessage>}
        <AuthButton type="submit" loading={busy}>
          Send reset link
        </AuthButton>
        <div className="vp-auth-links">
          <PageLink to="/login">Back to login</PageLink>
        </div>
      </form>
    </AuthCard>
  );
}
