import { useEffect, useId, useRef } from 'react';
import { SignButton } from './sign-layout.tsx';

/**
 * Asked before signing with a typed name that does not resemble the signatory's: the form is
 * signed for the person it was sent to, and the typed name is kept as what they typed.
 */
export function NameConfirm({
  typed,
  signatory,
  name,
  busy,
  onConfirm,
  onChange,
}: {
  typed: string;
  /** The signatory with their role, as the page names them: "Dana Ortiz (Broker)". */
  signatory: string;
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onChange: () => void;
}) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <div className="vp-sign-confirm" role="group" aria-labelledby={titleId} data-testid="name-confirm">
      <h3 id={titleId} ref={titleRef} tabIndex={-1}>
        Sign with a different name?
      </h3>
      <p>
        This form was sent to <strong>{signatory}</strong>. The name you typed, “{typed}”, does not look like
        theirs.
      </p>
      <p>
        If you sign, the form, its history and its certificate name {name} as the signer, with “{typed}” shown
        as what you typed.
      </p>
      <div className="vp-sign-actions">
        <SignButton loading={busy} onClick={onConfirm}>
          Sign anyway
        </SignButton>
        <button type="button" className="vp-sign-button-secondary" disabled={busy} onClick={onChange}>
          Change the name
        </button>
      </div>
    </div>
  );
}
