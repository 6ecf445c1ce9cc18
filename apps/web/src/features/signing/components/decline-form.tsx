import { SigningLinkMessages } from '@vp/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { type ApiError, errorMessage } from '../../../lib/http.ts';
import { decline, isLinkRefusal } from '../api.ts';
import { Notice, SignButton } from './sign-layout.tsx';

/** Declining to sign: a reason for the sender, then a confirmation, as the link stops working. */
export function DeclineForm({
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
