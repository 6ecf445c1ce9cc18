import {
  signBodySchema,
  signerWithRole,
  SigningLinkMessages,
  type SignBody,
  type SigningView,
} from '@vp/contract';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { decline, documentUrl, fetchSigningView, giveConsent, sign, tokenFromPath } from '../api.ts';
import { DocumentView } from '../components/document-view.tsx';
import { SignatureField, type SignatureMode } from '../components/signature-field.tsx';
import { SignLayout, SignButton, Notice } from '../components/sign-layout.tsx';
import '../signing.css';

/**
 * The broker's signing page (/sign/{token}): no login, the token in the path is the credential.
 * It shows the document, asks for consent to sign electronically, and takes the signer's full name
 * and a drawn or typed signature; or a decline with its reason. A link that cannot be used gets a
 * page that says why and what to do, never an error trace.
 */

type State =
  | { kind: 'loading' }
  | { kind: 'unusable'; status: number; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'ready'; view: SigningView }
  | { kind: 'done'; outcome: 'signed' | 'declined'; message: string; completed: boolean };

/** What each refusal of a link means for the signer: a title and the next step. */
function unusableCopy(status: number, message: string): { title: string; next: string } {
  switch (message) {
    case SigningLinkMessages.expired:
      return {
        title: 'This signing link has expired',
        next: 'Ask the sender to send the form again. You will get a new email with a fresh link.',
      };
    case SigningLinkMessages.used:
      return {
        title: 'Already signed',
        next: 'There is nothing more for you to do. You can close this page.',
      };
    case SigningLinkMessages.completed:
      return {
        title: 'Signed by everyone',
        next: 'There is nothing more for you to do. You can close this page.',
      };
    case SigningLinkMessages.declined:
      return {
        title: 'You declined to sign',
        next: 'If you change your mind, ask the sender to send the form again.',
      };
    case SigningLinkMessages.declinedByOther:
      return {
        title: 'Declined by another signer',
        next: 'There is nothing for you to do now. If the sender sends a new form, you will get a new email.',
      };
    case SigningLinkMessages.voided:
      return {
        title: 'This document was withdrawn',
        next: 'If you expected to sign it, contact the sender; they can send a new form.',
      };
    default:
      return status === 410
        ? { title: 'This signing link can no longer be used', next: 'Ask the sender to send the form again.' }
        : {
            title: 'This signing link does not work',
            next: 'Open the latest email you received about this document and use its link. If that does not work either, ask the sender to send the form again.',
          };
  }
}

/** A refusal that ends the page (the link is wrong or spent) rather than a form message. */
function isLinkRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && (err.status === 404 || err.status === 410);
}

/** A document's name as a heading reads it: without its file extension. */
export function documentTitle(label: string): string {
  return label.replace(/\.pdf$/i, '').trim();
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}

export default function SignPage() {
  const [token] = useState(() => tokenFromPath(window.location.pathname));
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'loading' } : { kind: 'unusable', status: 404, message: SigningLinkMessages.invalid },
  );

  const load = useCallback(() => {
    if (!token) return undefined;
    let current = true;
    setState({ kind: 'loading' });
    fetchSigningView(token).then(
      (view) => current && setState({ kind: 'ready', view }),
      (err: unknown) => {
        if (!current) return;
        if (isLinkRefusal(err)) setState({ kind: 'unusable', status: err.status, message: err.message });
        else setState({ kind: 'unreachable', message: errorMessage(err) });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  useEffect(() => load(), [load]);

  const onRefused = useCallback((err: ApiError) => {
    setState({ kind: 'unusable', status: err.status, message: err.message });
  }, []);

  switch (state.kind) {
    case 'loading':
      return (
        <SignLayout title="Loading the document" busy>
          <p role="status">Loading the document to sign…</p>
        </SignLayout>
      );
    case 'unusable': {
      const copy = unusableCopy(state.status, state.message);
      return (
        <SignLayout title={copy.title} focusTitle>
          <Notice tone="warning">{state.message}</Notice>
          <p>{copy.next}</p>
        </SignLayout>
      );
    }
    case 'unreachable':
      return (
        <SignLayout title="The document could not be loaded" focusTitle>
          <Notice tone="error">{state.message}</Notice>
          <p>Check your connection, then try again. Your link stays valid.</p>
          <SignButton onClick={load}>Try again</SignButton>
        </SignLayout>
      );
    case 'done':
      return (
        <SignLayout title={state.outcome === 'signed' ? 'Signed' : 'Declined'} focusTitle>
          <Notice tone={state.outcome === 'signed' ? 'success' : 'info'}>{state.message}</Notice>
          <p>
            {state.outcome === 'declined'
              ? 'You can close this page.'
              : state.completed
                ? 'Everyone has now signed, and the document is sealed. We have emailed you a link to your copy, and the sender has it in the portal. You can close this page.'
                : 'When everyone has signed, we email you a link to your copy of the sealed document, and the sender is told. You can close this page.'}
          </p>
          {state.outcome === 'signed' && (
            <p>
              Anyone can check that a copy of the sealed document is unchanged on the{' '}
              <a href="/verify" className="vp-sign-link">
                Verify a document
              </a>{' '}
              page.
            </p>
          )}
        </SignLayout>
      );
    case 'ready':
      return (
        <SigningForm
          token={token!}
          view={state.view}
          onRefused={onRefused}
          onDone={(outcome, message, completed) => setState({ kind: 'done', outcome, message, completed })}
        />
      );
  }
}

function SigningForm({
  token,
  view,
  onRefused,
  onDone,
}: {
  token: string;
  view: SigningView;
  onRefused: (err: ApiError) => void;
  onDone: (outcome: 'signed' | 'declined', message: string, completed: boolean) => void;
}) {
  const [agreed, setAgreed] = useState(view.consented);
  // Consent is recorded once per link; ticking the box again later only ticks it.
  const [consentRecorded, setConsentRecorded] = useState(view.consented);
  const [consentBusy, setConsentBusy] = useState(false);
  const [fullName, setFullName] = useState(view.name);
  const [mode, setMode] = useState<SignatureMode>('draw');
  const [image, setImage] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ consent?: string; fullName?: string; signature?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);

  async function changeConsent(checked: boolean) {
    setErrors((e) => ({ ...e, consent: undefined }));
    if (!checked || consentRecorded) {
      setAgreed(checked);
      return;
    }
    // The box shows the signer's choice at once; it is unticked again if the server did not record it.
    setAgreed(true);
    setConsentBusy(true);
    setFormError(null);
    try {
      await giveConsent(token);
      setConsentRecorded(true);
    } catch (err) {
      setAgreed(false);
      if (isLinkRefusal(err)) onRefused(err);
      else setErrors((e) => ({ ...e, consent: errorMessage(err) }));
    } finally {
      setConsentBusy(false);
    }
  }

  function changeMode(next: SignatureMode) {
    setMode(next);
    setImage(null);
    setErrors((e) => ({ ...e, signature: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: typeof errors = {};
    if (!agreed) found.consent = SigningLinkMessages.consentRequired;
    const name = signBodySchema.shape.fullName.safeParse(fullName);
    if (!name.success) found.fullName = name.error.issues[0]?.message ?? SigningLinkMessages.nameRequired;
    const body: SignBody | null =
      mode === 'type'
        ? { fullName: fullName.trim(), signature: { kind: 'typed' } }
        : image
          ? { fullName: fullName.trim(), signature: { kind: 'drawn', image } }
          : null;
    if (!body) found.signature = SigningLinkMessages.signatureRequired;
    else if (!found.fullName && !signBodySchema.safeParse(body).success)
      found.signature = SigningLinkMessages.signatureRequired;
    setErrors(found);
    if (Object.keys(found).length > 0 || !body) {
      focusFirstInvalid(found);
      return;
    }
    setBusy(true);
    try {
      const result = await sign(token, body);
      onDone('signed', result.message || SigningLinkMessages.signed, result.completed);
    } catch (err) {
      if (isLinkRefusal(err)) onRefused(err);
      else setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const others = view.others;
  const title = documentTitle(view.documentLabel);
  // The lead names the website once: the document's own name may end with it.
  const kind = title.endsWith(` - ${view.domainName}`)
    ? title.slice(0, -(view.domainName.length + 3))
    : title;
  return (
    <SignLayout title={`Sign the ${title}`} wide>
      <p className="vp-sign-lead">
        {view.vendorName} asks you to sign the {kind} for the website <strong>{view.domainName}</strong>.
      </p>
      <dl className="vp-sign-facts">
        <div>
          <dt>Signing as</dt>
          <dd>
            {signerWithRole(view.name, view.signatory)}, {view.email}
          </dd>
        </div>
        <div>
          <dt>Link valid until</dt>
          <dd>{formatDate(view.expiresAt)}</dd>
        </div>
      </dl>
      {/* The document can be long on a phone; the form is one step away for those who have read it. */}
      <a href="#sign-form-heading" className="vp-sign-skip">
        Skip to signing
      </a>
      {others.length > 0 && (
        <section aria-labelledby="sign-others-heading" className="vp-sign-section">
          <h2 id="sign-others-heading">Also signing</h2>
          <ul className="vp-sign-others">
            {others.map((o, i) => (
              <li key={`${o.signatory}-${o.name}-${i}`}>
                {signerWithRole(o.name, o.signatory)}:{' '}
                <span className={o.signed ? 'vp-sign-state-done' : 'vp-sign-muted'}>
                  {o.signed ? 'signed' : 'not signed yet'}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="sign-document-heading" className="vp-sign-section">
        <h2 id="sign-document-heading">Read the document</h2>
        <DocumentView url={documentUrl(token)} title={title} />
      </section>

      <section aria-labelledby="sign-form-heading" className="vp-sign-section">
        <h2 id="sign-form-heading" tabIndex={-1}>
          Sign
        </h2>
        <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="sign-form-heading">
          <div className={`vp-field vp-sign-consent${errors.consent ? ' vp-field-invalid' : ''}`}>
            <input
              id="sign-consent"
              type="checkbox"
              checked={agreed}
              disabled={consentBusy}
              onChange={(e) => void changeConsent(e.target.checked)}
              aria-invalid={!!errors.consent || undefined}
              aria-describedby={errors.consent ? 'sign-consent-error' : undefined}
            />
            <label htmlFor="sign-consent">
              I agree to sign this document electronically. My electronic signature is as binding as my
              handwritten one. I can ask the sender for a paper copy instead.
            </label>
            {errors.consent && (
              <div id="sign-consent-error" className="vp-field-error" role="alert">
                {errors.consent}
              </div>
            )}
          </div>

          <div className={`vp-field${errors.fullName ? ' vp-field-invalid' : ''}`}>
            <label htmlFor="sign-full-name" className="vp-field-label">
              Full name
            </label>
            <input
              id="sign-full-name"
              name="fullName"
              className={`vp-input${errors.fullName ? ' vp-input-invalid' : ''}`}
              autoComplete="name"
              maxLength={120}
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
              aria-invalid={!!errors.fullName || undefined}
              aria-describedby={errors.fullName ? 'sign-full-name-error' : undefined}
            />
            {errors.fullName && (
              <div id="sign-full-name-error" className="vp-field-error" role="alert">
                {errors.fullName}
              </div>
            )}
          </div>

          <SignatureField
            mode={mode}
            onModeChange={changeMode}
            fullName={fullName}
            onDrawn={(img) => {
              setImage(img);
              if (img) setErrors((e) => ({ ...e, signature: undefined }));
            }}
            error={errors.signature}
          />

          {formError && <Notice tone="error">{formError}</Notice>}
          <SignButton type="submit" loading={busy}>
            Sign the document
          </SignButton>
        </form>
      </section>

      <section aria-labelledby="sign-decline-heading" className="vp-sign-section">
        <h2 id="sign-decline-heading">Do not want to sign?</h2>
        {declining ? (
          <DeclineForm
            token={token}
            onCancel={() => setDeclining(false)}
            onRefused={onRefused}
            onDeclined={(message) => onDone('declined', message, false)}
          />
        ) : (
          <>
            <p>You can decline and tell the sender why. The link then stops working.</p>
            <button type="button" className="vp-sign-button-secondary" onClick={() => setDeclining(true)}>
              Decline to sign
            </button>
          </>
        )}
      </section>
    </SignLayout>
  );
}

function focusFirstInvalid(found: { consent?: string; fullName?: string; signature?: string }) {
  const id = found.consent ? 'sign-consent' : found.fullName ? 'sign-full-name' : null;
  // After React has rendered the messages the fields point to.
  window.setTimeout(() => {
    if (id) document.getElementById(id)?.focus();
    else
      document.getElementById('sign-signature-error')?.closest('fieldset')?.querySelector('button')?.focus();
  }, 0);
}

function DeclineForm({
  token,
  onCancel,
  onRefused,
  onDeclined,
}: {
  token: string;
  onCancel: () => void;
  onRefused: (err: ApiError) => void;
  onDeclined: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else reasonRef.current?.focus();
  }, [confirming]);

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(SigningLinkMessages.declineReasonRequired);
      reasonRef.current?.focus();
      return;
    }
    setError(null);
    setConfirming(true);
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const { message } = await decline(token, reason.trim());
      onDeclined(message || SigningLinkMessages.declinedDone);
    } catch (err) {
      if (isLinkRefusal(err)) onRefused(err);
      else {
        setError(errorMessage(err));
        setBusy(false);
      }
    }
  }

  if (confirming)
    return (
      <div className="vp-sign-confirm" role="group" aria-labelledby={`${reasonId}-confirm`}>
        <h3 id={`${reasonId}-confirm`} ref={confirmRef} tabIndex={-1}>
          Decline this document?
        </h3>
        <p>The sender is told at once, with your reason, and this link stops working.</p>
        <blockquote className="vp-sign-quote">{reason.trim()}</blockquote>
        {error && <Notice tone="error">{error}</Notice>}
        <div className="vp-sign-actions">
          <SignButton danger loading={busy} onClick={() => void confirm()}>
            Yes, decline
          </SignButton>
          <button
            type="button"
            className="vp-sign-button-secondary"
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            No, go back
          </button>
        </div>
      </div>
    );

  return (
    <form onSubmit={next} noValidate aria-label="Decline to sign">
      <div className={`vp-field${error ? ' vp-field-invalid' : ''}`}>
        <label htmlFor={reasonId} className="vp-field-label">
          Why do you decline? The sender will read this.
        </label>
        <textarea
          id={reasonId}
          ref={reasonRef}
          className={`vp-input vp-sign-textarea${error ? ' vp-input-invalid' : ''}`}
          rows={4}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${reasonId}-error` : undefined}
        />
        {error && (
          <div id={`${reasonId}-error`} className="vp-field-error" role="alert">
            {error}
          </div>
        )}
      </div>
      <div className="vp-sign-actions">
        <SignButton type="submit">Continue</SignButton>
        <button type="button" className="vp-sign-button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
