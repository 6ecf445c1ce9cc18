import {
  namesResemble,
  signBodySchema,
  signerWithRole,
  SigningLinkMessages,
  type SignBody,
  type SigningView,
} from '@vp/contract';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { documentUrl, giveConsent, isLinkRefusal, sign } from '../api.ts';
import { DeclineForm } from './decline-form.tsx';
import { DocumentView } from './document-view.tsx';
import { NameConfirm } from './name-confirm.tsx';
import { SignatureField, type SignatureMode } from './signature-field.tsx';
import { Notice, SignButton, SignLayout } from './sign-layout.tsx';

/** A document's name as a heading reads it: without its file extension. */
export function documentTitle(label: string): string {
  return label.replace(/\.pdf$/i, '').trim();
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}

/**
 * The document, consent, the signer's full name and signature, or a decline. The form is signed for
 * the signatory it was sent to: a typed name that does not resemble theirs is confirmed first.
 */
export function SigningForm({
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
  // A typed name unlike the signatory's is asked about once; the answer holds for that name.
  const [askingName, setAskingName] = useState(false);
  const [confirmedName, setConfirmedName] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

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

  /** What Sign sends for the form as it is; null while no signature is drawn. */
  function currentBody(): SignBody | null {
    const name = fullName.trim();
    if (mode === 'type') return { fullName: name, signature: { kind: 'typed' } };
    return image ? { fullName: name, signature: { kind: 'drawn', image } } : null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: typeof errors = {};
    if (!agreed) found.consent = SigningLinkMessages.consentRequired;
    const name = signBodySchema.shape.fullName.safeParse(fullName);
    if (!name.success) found.fullName = name.error.issues[0]?.message ?? SigningLinkMessages.nameRequired;
    const body = currentBody();
    if (!body) found.signature = SigningLinkMessages.signatureRequired;
    else if (!found.fullName && !signBodySchema.safeParse(body).success)
      found.signature = SigningLinkMessages.signatureRequired;
    setErrors(found);
    if (Object.keys(found).length > 0 || !body) {
      focusFirstInvalid(found);
      return;
    }
    const confirmed = confirmedName === body.fullName;
    if (!confirmed && !namesResemble(body.fullName, view.name)) {
      setAskingName(true);
      return;
    }
    await send(confirmed ? { ...body, confirmName: true } : body);
  }

  async function send(body: SignBody) {
    setBusy(true);
    try {
      const result = await sign(token, body);
      onDone('signed', result.message || SigningLinkMessages.signed, result.completed);
    } catch (err) {
      if (isLinkRefusal(err)) onRefused(err);
      else if (err instanceof ApiError && err.message === SigningLinkMessages.nameMismatch(view.name))
        setAskingName(true);
      else setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  function confirmName() {
    const typed = fullName.trim();
    setConfirmedName(typed);
    setAskingName(false);
    const body = currentBody();
    if (body) void send({ ...body, confirmName: true });
  }

  function changeName() {
    setAskingName(false);
    nameRef.current?.focus();
    nameRef.current?.select();
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
              ref={nameRef}
              value={fullName}
              onChange={(e) => {
                setFullName(e.target.value);
                setAskingName(false);
              }}
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
          {askingName ? (
            <NameConfirm
              typed={fullName.trim()}
              signatory={signerWithRole(view.name, view.signatory)}
              name={view.name}
              busy={busy}
              onConfirm={confirmName}
              onChange={changeName}
            />
          ) : (
            <SignButton type="submit" loading={busy}>
              Sign the document
            </SignButton>
          )}
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
