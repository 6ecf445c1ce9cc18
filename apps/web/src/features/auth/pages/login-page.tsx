import { safeRedirect } from '@vp/contract';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { PageLink, usePageNavigate, usePageSearchParams } from '../../../lib/page-navigation.tsx';
import { setToken } from '../../../lib/session.ts';
import { login } from '../api.ts';
import { AuthButton } from '../components/auth-button.tsx';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';
import { Field } from '../components/field.tsx';
import { PasswordInput, TextInput } from '../components/text-input.tsx';

interface FieldErrors {
  username?: string;
  password?: string;
}

/** Puts the cursor in the field the user has to fix; `select` so that typing replaces what is there. */
function focusField(id: string, select = false) {
  const input = document.getElementById(id);
  if (!(input instanceof HTMLInputElement)) return;
  input.focus();
  if (select) input.select();
}

export default function LoginPage() {
  const params = usePageSearchParams();
  const navigate = usePageNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = 'Please enter your username.';
    if (!password) errors.password = 'Please enter a password.';
    setFieldErrors(errors);
    if (errors.username || errors.password) {
      focusField(errors.username ? 'login-username' : 'login-password');
      return;
    }

    setError(null);
    setBusy(true);
    try {
      const { token } = await login(username, password);
      // Only the token: the guard loads the profile next, which also says whether terms are accepted.
      setToken(token);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      setError(errorMessage(err));
      // Refused credentials: the password is what is usually mistyped (the answer does not say which).
      if (err instanceof ApiError && err.status === 401) focusField('login-password', true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Login">
      <form onSubmit={(e) => void submit(e)} noValidate name="login" aria-label="Login">
        <Field id="login-username" label="Username" error={fieldErrors.username}>
          <TextInput
            id="login-username"
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            invalid={!!fieldErrors.username}
            aria-describedby={fieldErrors.username ? 'login-username-error' : undefined}
          />
        </Field>
        <Field id="login-password" label="Password" error={fieldErrors.password}>
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            invalid={!!fieldErrors.password}
            aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
          />
        </Field>
        {error && <FormMessage type="error">{error}</FormMessage>}
        <AuthButton type="submit" loading={busy}>
          Log in
        </AuthButton>
        <div className="vp-auth-links">
          <PageLink to="/forgotpassword">Forgot password?</PageLink>
        </div>
      </form>
    </AuthCard>
  );
}
