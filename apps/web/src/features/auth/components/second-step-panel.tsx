import {
  FACTOR_LABELS,
  FACTOR_NAME_MAX,
  formatRecoveryCode,
  MfaMessages,
  normaliseCode,
  type Enrolled,
  type LoginAnswer,
  type SecondStep,
  type TotpSetup,
} from '@vp/contract';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import {
  createPasskey,
  getPasskey,
  passkeyErrorMessage,
  passkeysAvailable,
  PasskeyTexts,
} from '../../../lib/passkey.ts';
import {
  copyText,
  downloadRecoveryCodes,
  groupedKey,
  qrImageSrc,
  recoveryCodesText,
  TwoStepTexts,
} from '../../../lib/two-step.ts';
import {
  confirmEnrolTotp,
  enrolPasskey,
  enrolPasskeyOptions,
  enrolTotp,
  passkeySignIn,
  passkeySignInOptions,
  verifyCode,
} from '../api.ts';
import { AuthButton } from './auth-button.tsx';
import { AuthCard, FormMessage } from './auth-card.tsx';
import { Field } from './field.tsx';
import { TextInput } from './text-input.tsx';
import './second-step.css';

/**
 * The second step of a sign-in, on the login page: a code or a passkey for an account that has
 * one ('verify'), or setting one up for a role that requires it ('enrol'), which ends with the
 * recovery codes shown once. Only the answer of this step is a session. Loaded only when a
 * sign-in needs it.
 */

export const SecondStepTexts = {
  verifyTitle: 'Two-step sign-in',
  appHint: 'Enter the 6-digit code from your authenticator app. No phone at hand? A recovery code works too.',
  recoveryHint: 'Enter one of the recovery codes you saved when you set up two-step sign-in.',
  passkeyHint:
    'Use your passkey to continue. No passkey at hand? Enter one of the recovery codes you saved when you set up two-step sign-in.',
  appCodeLabel: 'Authenticator code',
  recoveryCodeLabel: 'Recovery code',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use a code from your authenticator app',
  verify: 'Verify',
  usePasskey: 'Use a passkey',
  enterCode: 'Please enter the code.',
  back: 'Back to login',
  enrolTitle: 'Set up two-step sign-in',
  enrolIntro: 'Your role requires two-step sign-in. Set it up to continue.',
  appChoice: 'Get a 6-digit code from an app on your phone each time you log in.',
  passkeyChoice: "Use this device's fingerprint, face or screen lock, or a security key.",
  appTitle: 'Set up an authenticator app',
  passkeyTitle: 'Set up a passkey',
  passkeyIntro: 'Your browser asks you to create the passkey. You use it to log in from then on.',
  gettingKey: 'Getting your key…',
  appCodeFormat: 'Please enter the 6-digit code from your authenticator app.',
  confirm: 'Confirm',
  createPasskey: 'Create passkey',
  otherWay: 'Choose another way',
  continue: 'Continue',
  retry: 'Try again',
} as const;

export interface SecondStepPanelProps {
  step: SecondStep;
  /** The answer that ends the step: a session (or, rarely, another step). */
  onAnswer: (answer: LoginAnswer) => void;
  /** Back to the password form; with the reason when the sign-in cannot go on. */
  onBack: (message?: string) => void;
  /** A finished enrolment with recovery codes to show: the login page keeps it and shows them. */
  onEnrolled: (answer: Enrolled) => void;
}

/** The ticket has expired or been used up: the sign-in starts again from the password. */
function ticketEnded(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}

function selectInput(id: string) {
  const input = document.getElementById(id);
  if (input instanceof HTMLInputElement) {
    input.focus();
    input.select();
  }
}

/** A heading that takes the focus when its step appears, so a screen reader says where it is. */
function useFocusedTitle(view: unknown) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [view]);
  return ref;
}

function BackButton({ onBack, disabled }: { onBack: () => void; disabled?: boolean }) {
  return (
    <div className="vp-auth-links">
      <button type="button" className="vp-link-button" onClick={onBack} disabled={disabled}>
        {SecondStepTexts.back}
      </button>
    </div>
  );
}

function VerifyStep({ step, onAnswer, onBack }: SecondStepPanelProps) {
  const hasApp = step.methods.includes('totp');
  const hasPasskey = step.methods.includes('passkey') && passkeysAvailable();
  // Without an app, a passkey is the way in and a recovery code the fallback.
  const passkeyFirst = hasPasskey && !hasApp;
  const [recovery, setRecovery] = useState(!hasApp);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const id = 'second-step-code';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { code: sent } = normaliseCode(code);
    if (!sent) {
      setFieldError(SecondStepTexts.enterCode);
      selectInput(id);
      return;
    }
    if (sent.length < 6) {
      setFieldError(MfaMessages.codeFormat);
      selectInput(id);
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy('code');
    try {
      onAnswer(await verifyCode(step.ticket, sent));
    } catch (err) {
      if (ticketEnded(err)) {
        onBack(errorMessage(err));
        return;
      }
      setError(errorMessage(err));
      selectInput(id);
    } finally {
      setBusy(null);
    }
  }

  async function signInWithPasskey() {
    setError(null);
    setBusy('passkey');
    try {
      const { challengeId, options } = await passkeySignInOptions(step.ticket);
      const response = await getPasskey(options);
      onAnswer(await passkeySignIn({ ticket: step.ticket, challengeId, response }));
    } catch (err) {
      if (ticketEnded(err)) {
        onBack(errorMessage(err));
        return;
      }
      setError(passkeyErrorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  function switchKind() {
    setRecovery(!recovery);
    setFieldError(null);
    setError(null);
    setCode('');
    document.getElementById(id)?.focus();
  }

  const passkeyButton = (
    <AuthButton
      className={passkeyFirst ? 'vp-second-step-passkey' : 'vp-button-secondary vp-auth-alt'}
      autoFocus={passkeyFirst}
      loading={busy === 'passkey'}
      disabled={busy === 'code'}
      onClick={() => void signInWithPasskey()}
    >
      {SecondStepTexts.usePasskey}
    </AuthButton>
  );

  return (
    <AuthCard title={SecondStepTexts.verifyTitle}>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        name="second-step"
        aria-label={SecondStepTexts.verifyTitle}
      >
        <p className="vp-auth-hint" id="second-step-hint">
          {passkeyFirst
            ? SecondStepTexts.passkeyHint
            : recovery
              ? SecondStepTexts.recoveryHint
              : SecondStepTexts.appHint}
        </p>
        {passkeyFirst && passkeyButton}
        <Field
          id={id}
          label={recovery ? SecondStepTexts.recoveryCodeLabel : SecondStepTexts.appCodeLabel}
          error={fieldError}
        >
          <TextInput
            id={id}
            name="code"
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={40}
            autoFocus={!passkeyFirst}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            invalid={!!fieldError}
            aria-describedby={fieldError ? `second-step-hint ${id}-error` : 'second-step-hint'}
          />
        </Field>
        {hasApp && (
          <p className="vp-second-step-switch">
            <button type="button" className="vp-link-button" onClick={switchKind}>
              {recovery ? SecondStepTexts.useApp : SecondStepTexts.useRecovery}
            </button>
          </p>
        )}
        {error && <FormMessage type="error">{error}</FormMessage>}
        <AuthButton
          type="submit"
          className={passkeyFirst ? 'vp-button-secondary' : undefined}
          loading={busy === 'code'}
          disabled={busy === 'passkey'}
        >
          {SecondStepTexts.verify}
        </AuthButton>
        {hasPasskey && !passkeyFirst && passkeyButton}
        <BackButton onBack={() => onBack()} />
      </form>
    </AuthCard>
  );
}

/** The recovery codes, shown once; the sign-in goes on only when the user says they are kept. */
function RecoveryCodes({ codes, onContinue }: { codes: readonly string[]; onContinue: () => void }) {
  const titleRef = useFocusedTitle(null);
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function copy() {
    const ok = await copyText(recoveryCodesText(codes));
    setError(ok ? null : TwoStepTexts.copyFailed);
    setStatus(ok ? TwoStepTexts.codesCopied : '');
  }

  return (
    <AuthCard title={TwoStepTexts.codesTitle} titleRef={titleRef}>
      <p className="vp-auth-hint">{TwoStepTexts.codesIntro}</p>
      <ol className="vp-recovery-codes" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{formatRecoveryCode(c)}</code>
          </li>
        ))}
      </ol>
      <div className="vp-second-step-row">
        <AuthButton className="vp-button-secondary" onClick={() => void copy()}>
          {TwoStepTexts.copyCodes}
        </AuthButton>
        <AuthButton className="vp-button-secondary" onClick={() => downloadRecoveryCodes(codes)}>
          {TwoStepTexts.downloadCodes}
        </AuthButton>
      </div>
      <span role="status" className="vp-sr-only">
        {status}
      </span>
      {error && <FormMessage type="error">{error}</FormMessage>}
      <label className="vp-check">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <span>{TwoStepTexts.codesSaved}</span>
      </label>
      <AuthButton disabled={!saved} onClick={onContinue}>
        {SecondStepTexts.continue}
      </AuthButton>
    </AuthCard>
  );
}

function AppKey({ setup }: { setup: TotpSetup }) {
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function copy() {
    const ok = await copyText(setup.secret);
    setError(ok ? null : TwoStepTexts.copyFailed);
    setStatus(ok ? TwoStepTexts.keyCopied : '');
  }
  return (
    <>
      <p className="vp-auth-hint">{TwoStepTexts.scan}</p>
      <img
        className="vp-qr"
        src={qrImageSrc(setup.qrSvg)}
        alt={TwoStepTexts.qrAlt}
        width={180}
        height={180}
      />
      <p className="vp-auth-hint">{TwoStepTexts.typeKey}</p>
      <div className="vp-totp-key">
        <code data-testid="totp-key">{groupedKey(setup.secret)}</code>
        <button type="button" className="vp-link-button" onClick={() => void copy()}>
          {TwoStepTexts.copyKey}
        </button>
      </div>
      <span role="status" className="vp-sr-only">
        {status}
      </span>
      {error && <FormMessage type="error">{error}</FormMessage>}
    </>
  );
}

type EnrolView =
  | { kind: 'choose' }
  | { kind: 'app'; setup: TotpSetup | null; loadError: string | null }
  | { kind: 'passkey' };

function EnrolStep({ step, onAnswer, onBack, onEnrolled }: SecondStepPanelProps) {
  const offersApp = step.methods.includes('totp');
  const offersPasskey = step.methods.includes('passkey') && passkeysAvailable();
  const [view, setView] = useState<EnrolView>({ kind: 'choose' });
  const [code, setCode] = useState('');
  const [name, setName] = useState<string>(TwoStepTexts.defaultPasskeyName);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleRef = useFocusedTitle(view.kind);

  function failed(err: unknown, message: string): void {
    if (ticketEnded(err)) onBack(errorMessage(err));
    else setError(message);
  }

  function done(answer: Enrolled) {
    const session = { token: answer.token, role: answer.role };
    if (answer.recoveryCodes.length === 0) onAnswer(session);
    else onEnrolled(answer);
  }

  async function chooseApp() {
    setError(null);
    setFieldError(null);
    setCode('');
    setView({ kind: 'app', setup: null, loadError: null });
    try {
      const setup = await enrolTotp(step.ticket);
      setView({ kind: 'app', setup, loadError: null });
    } catch (err) {
      if (ticketEnded(err)) onBack(errorMessage(err));
      else setView({ kind: 'app', setup: null, loadError: errorMessage(err) });
    }
  }

  function choosePasskey() {
    setError(null);
    setFieldError(null);
    setView({ kind: 'passkey' });
  }

  function chooseAgain() {
    setError(null);
    setFieldError(null);
    setView({ kind: 'choose' });
  }

  async function confirmApp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = normaliseCode(code);
    if (typed.kind !== 'totp') {
      setFieldError(SecondStepTexts.appCodeFormat);
      selectInput('enrol-code');
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      done(await confirmEnrolTotp(step.ticket, typed.code));
    } catch (err) {
      failed(err, errorMessage(err));
      selectInput('enrol-code');
    } finally {
      setBusy(false);
    }
  }

  async function createKey(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    const nameError = !trimmed
      ? MfaMessages.nameRequired
      : trimmed.length > FACTOR_NAME_MAX
        ? MfaMessages.nameTooLong
        : null;
    setFieldError(nameError);
    if (nameError) {
      selectInput('enrol-passkey-name');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { challengeId, options } = await enrolPasskeyOptions(step.ticket);
      const response = await createPasskey(options);
      done(await enrolPasskey({ ticket: step.ticket, challengeId, response, name: trimmed }));
    } catch (err) {
      failed(err, passkeyErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const otherWay =
    offersApp && offersPasskey ? (
      <p className="vp-second-step-other">
        <button type="button" className="vp-link-button" onClick={chooseAgain} disabled={busy}>
          {SecondStepTexts.otherWay}
        </button>
      </p>
    ) : null;

  if (view.kind === 'app') {
    let body: ReactNode;
    if (view.loadError) {
      body = (
        <>
          <FormMessage type="error">{view.loadError}</FormMessage>
          <AuthButton onClick={() => void chooseApp()}>{SecondStepTexts.retry}</AuthButton>
        </>
      );
    } else if (!view.setup) {
      body = (
        <p className="vp-auth-hint" role="status">
          {SecondStepTexts.gettingKey}
        </p>
      );
    } else {
      body = (
        <form
          onSubmit={(e) => void confirmApp(e)}
          noValidate
          name="enrol-app"
          aria-label={SecondStepTexts.appTitle}
        >
          <AppKey setup={view.setup} />
          <Field id="enrol-code" label={TwoStepTexts.codeLabel} error={fieldError}>
            <TextInput
              id="enrol-code"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={12}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              invalid={!!fieldError}
              aria-describedby={fieldError ? 'enrol-code-error' : undefined}
            />
          </Field>
          {error && <FormMessage type="error">{error}</FormMessage>}
          <AuthButton type="submit" loading={busy}>
            {SecondStepTexts.confirm}
          </AuthButton>
        </form>
      );
    }
    return (
      <AuthCard title={SecondStepTexts.appTitle} titleRef={titleRef}>
        {body}
        {otherWay}
        <BackButton onBack={() => onBack()} disabled={busy} />
      </AuthCard>
    );
  }

  if (view.kind === 'passkey') {
    return (
      <AuthCard title={SecondStepTexts.passkeyTitle} titleRef={titleRef}>
        <form
          onSubmit={(e) => void createKey(e)}
          noValidate
          name="enrol-passkey"
          aria-label={SecondStepTexts.passkeyTitle}
        >
          <p className="vp-auth-hint">{SecondStepTexts.passkeyIntro}</p>
          <Field id="enrol-passkey-name" label={TwoStepTexts.nameLabel} error={fieldError}>
            <TextInput
              id="enrol-passkey-name"
              name="name"
              maxLength={FACTOR_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              invalid={!!fieldError}
              aria-describedby={
                fieldError ? 'enrol-passkey-name-hint enrol-passkey-name-error' : 'enrol-passkey-name-hint'
              }
            />
          </Field>
          <p className="vp-field-hint" id="enrol-passkey-name-hint">
            {TwoStepTexts.passkeyNameHint}
          </p>
          {error && <FormMessage type="error">{error}</FormMessage>}
          <AuthButton type="submit" loading={busy}>
            {SecondStepTexts.createPasskey}
          </AuthButton>
        </form>
        {otherWay}
        <BackButton onBack={() => onBack()} disabled={busy} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={SecondStepTexts.enrolTitle} titleRef={titleRef}>
      <p className="vp-auth-hint">{SecondStepTexts.enrolIntro}</p>
      {!offersApp && !offersPasskey && <FormMessage type="warning">{PasskeyTexts.unsupported}</FormMessage>}
      <div className="vp-second-step-choices">
        {offersApp && (
          <button type="button" className="vp-choice" onClick={() => void chooseApp()}>
            <span className="vp-choice-title">{FACTOR_LABELS.totp}</span>
            <span className="vp-choice-text">{SecondStepTexts.appChoice}</span>
          </button>
        )}
        {offersPasskey && (
          <button type="button" className="vp-choice" onClick={choosePasskey}>
            <span className="vp-choice-title">{FACTOR_LABELS.passkey}</span>
            <span className="vp-choice-text">{SecondStepTexts.passkeyChoice}</span>
          </button>
        )}
      </div>
      <BackButton onBack={() => onBack()} />
    </AuthCard>
  );
}

/** The recovery codes of a finished enrolment; Continue hands on its session. */
export function EnrolledPanel({
  enrolled,
  onAnswer,
}: {
  enrolled: Enrolled;
  onAnswer: (answer: LoginAnswer) => void;
}) {
  return (
    <RecoveryCodes
      codes={enrolled.recoveryCodes}
      onContinue={() => onAnswer({ token: enrolled.token, role: enrolled.role })}
    />
  );
}

export default function SecondStepPanel(props: SecondStepPanelProps) {
  return props.step.secondStep === 'verify' ? <VerifyStep {...props} /> : <EnrolStep {...props} />;
}
