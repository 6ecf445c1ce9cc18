import {
  isSecondStep,
  MfaMessages,
  safeRedirect,
  SSO_ERRORS,
  type Enrolled,
  type LoginAnswer,
  type SecondStep,
  type SsoInfo,
} from '@vp/contract';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { loadChunk } from '../../../lib/chunk-load.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { PageLink, usePageNavigate, usePageSearchParams } from '../../../lib/page-navigation.tsx';
import { getPasskey, passkeyErrorMessage, passkeysAvailable } from '../../../lib/passkey.ts';
import { setToken } from '../../../lib/session.ts';
import { TwoStepTexts } from '../../../lib/two-step.ts';
import { login, passkeySignIn, passkeySignInOptions, ssoFinish, ssoInfo, ssoStartUrl } from '../api.ts';
import { AuthButton } from '../components/auth-button.tsx';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';
import { Field } from '../components/field.tsx';
import { PasswordInput, TextInput } from '../components/text-input.tsx';
import {
  forgetSecondStep,
  keepEnrolled,
  keepSecondStep,
  pendingEnrolled,
  pendingSecondStep,
} from '../second-step.ts';

/** The second step's screens load only when a sign-in needs them. */
const SecondStepPanel = lazy(() => loadChunk(() => import('../components/second-step-panel.tsx')));
const EnrolledPanel = lazy(() =>
  loadChunk(() => import('../components/second-step-panel.tsx')).then((m) => ({ default: m.EnrolledPanel })),
);

export const LoginTexts = {
  passkey: 'Log in with a passkey',
  sso: (name: string | null) => `Log in with ${name ?? 'single sign-on'}`,
  ssoFinishing: 'Finishing single sign-on…',
  loadingStep: 'Loading…',
} as const;

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
  const [busy, setBusy] = useState<'password' | 'passkey' | 'sso' | null>(null);
  // Single sign-on for MLS staff, when the portal offers it.
  const [sso, setSso] = useState<SsoInfo | null>(null);
  const ssoReturnHandled = useRef(false);
  // A sign-in waiting for its second step: from this form, or handed over by a login link or an
  // invitation, also across a reload.
  const [step, setStep] = useState<SecondStep | null>(pendingSecondStep);
  // A finished enrolment whose recovery codes are still to be kept, also across a reload.
  const [enrolled, setEnrolled] = useState<Enrolled | null>(pendingEnrolled);

  /** A session goes on to the page asked for; a second step is asked for here. */
  const finish = useCallback(
    (answer: LoginAnswer) => {
      if (isSecondStep(answer)) {
        keepSecondStep(answer);
        setEnrolled(null);
        setStep(answer);
        return;
      }
      forgetSecondStep();
      // Only the token: the guard loads the profile next, which also says whether terms are accepted.
      setToken(answer.token);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    [params, navigate],
  );

  useEffect(() => {
    let live = true;
    ssoInfo().then(
      (info) => {
        if (live && info.enabled) setSso(info);
      },
      // Without the answer the page offers the other ways to log in.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  // Back from single sign-on: its one-time code is used for a sign-in like the password's, or the
  // reason it failed is shown. Either leaves the address (the code works once), keeping the redirect.
  useEffect(() => {
    if (ssoReturnHandled.current) return;
    ssoReturnHandled.current = true;
    const code = params.get('sso');
    const failure = params.get('ssoError');
    if (code === null && failure === null) return;
    const rest = new URLSearchParams(params);
    rest.delete('sso');
    rest.delete('ssoError');
    const query = rest.toString();
    navigate(`/login${query ? `?${query}` : ''}`, { replace: true });
    if (!code) {
      setError(SSO_ERRORS[failure ?? ''] ?? MfaMessages.ssoFailed);
      return;
    }
    // This sign-in replaces one that was waiting for its second step.
    forgetSecondStep();
    setStep(null);
    setEnrolled(null);
    setBusy('sso');
    ssoFinish(code)
      .then(finish, (err: unknown) => setError(errorMessage(err)))
      .finally(() => setBusy(null));
  }, [params, navigate, finish]);

  /** Set up: the recovery codes are shown, also after a reload, until they are said to be kept. */
  function showCodes(answer: Enrolled) {
    keepEnrolled(answer);
    setEnrolled(answer);
  }

  /** Back to the password form, saying why when the second step cannot go on. */
  function back(message?: string) {
    forgetSecondStep();
    setStep(null);
    setPassword('');
    setFieldErrors({});
    setError(message ?? null);
  }

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
    setBusy('password');
    try {
      finish(await login(username, password));
    } catch (err) {
      setError(errorMessage(err));
      // Refused credentials: the password is what is usually mistyped (the answer does not say which).
      if (err instanceof ApiError && err.status === 401) focusField('login-password', true);
    } finally {
      setBusy(null);
    }
  }

  /** A passkey alone: the browser offers the passkeys it holds for the portal. */
  async function passkeyLogin() {
    setError(null);
    setFieldErrors({});
    setBusy('passkey');
    try {
      const { challengeId, options } = await passkeySignInOptions();
      const response = await getPasskey(options);
      finish(await passkeySignIn({ challengeId, response }));
    } catch (err) {
      setError(passkeyErrorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  if (enrolled) {
    return (
      <Suspense
        fallback={
          <AuthCard title={TwoStepTexts.codesTitle}>
            <p className="vp-auth-hint" role="status">
              {LoginTexts.loadingStep}
            </p>
          </AuthCard>
        }
      >
        <EnrolledPanel enrolled={enrolled} onAnswer={finish} />
      </Suspense>
    );
  }

  if (step) {
    const title = step.secondStep === 'verify' ? 'Two-step sign-in' : 'Set up two-step sign-in';
    return (
      <Suspense
        fallback={
          <AuthCard title={title}>
            <p className="vp-auth-hint" role="status">
              {LoginTexts.loadingStep}
            </p>
          </AuthCard>
        }
      >
        <SecondStepPanel
          key={step.ticket}
          step={step}
          onAnswer={finish}
          onBack={back}
          onEnrolled={showCodes}
        />
      </Suspense>
    );
  }

  return (
    <AuthCard title="Login">
      <form onSubmit={(e) => void submit(e)} noValidate name="login" aria-label="Login">
        <Field id="login-username" label="Username" error={fieldErrors.username}>
          <TextInput
            id="login-username"
            name="username"
            autoComplete="username"
            autoFocus={!username}
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
            // Back from the second step with the username kept: the password is typed again.
            autoFocus={!!username}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            invalid={!!fieldErrors.password}
            aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
          />
        </Field>
        {busy === 'sso' && (
          <p className="vp-auth-hint" role="status">
            {LoginTexts.ssoFinishing}
          </p>
        )}
        {error && <FormMessage type="error">{error}</FormMessage>}
        <AuthButton
          type="submit"
          loading={busy === 'password'}
          disabled={busy !== null && busy !== 'password'}
        >
          Log in
        </AuthButton>
        {passkeysAvailable() && (
          <AuthButton
            className="vp-button-secondary vp-auth-alt"
            loading={busy === 'passkey'}
            disabled={busy !== null && busy !== 'passkey'}
            onClick={() => void passkeyLogin()}
          >
            {LoginTexts.passkey}
          </AuthButton>
        )}
        {sso && (
          <AuthButton
            className="vp-button-secondary vp-auth-alt"
            disabled={busy !== null}
            onClick={() => window.location.assign(ssoStartUrl(safeRedirect(params.get('redirect'))))}
          >
            {LoginTexts.sso(sso.name)}
          </AuthButton>
        )}
        <div className="vp-auth-links">
          <PageLink to="/forgotpassword">Forgot password?</PageLink>
        </div>
      </form>
    </AuthCard>
  );
}
