import SignaturePadCanvas from './signature-pad-canvas.tsx';

export type SignatureMode = 'draw' | 'type';

/**
 * The signature: drawn on the pad, or (for keyboard users, or anyone who prefers) the typed full
 * name shown in a handwriting style. The switch between the two is an ordinary button.
 */
export function SignatureField({
  mode,
  onModeChange,
  fullName,
  onDrawn,
  error,
}: {
  mode: SignatureMode;
  onModeChange: (mode: SignatureMode) => void;
  fullName: string;
  onDrawn: (image: string | null) => void;
  error?: string | null;
}) {
  const errorId = error ? 'sign-signature-error' : undefined;
  return (
    <fieldset className={`vp-sign-fieldset${error ? ' vp-field-invalid' : ''}`} aria-describedby={errorId}>
      <legend className="vp-field-label">Signature</legend>
      {mode === 'draw' ? (
        <>
          <p id="sign-signature-hint" className="vp-sign-muted">
            Draw your signature in the box with your finger, a pen or the mouse.
          </p>
          <SignaturePadCanvas onChange={onDrawn} describedBy="sign-signature-hint" />
          <button type="button" className="vp-sign-button-link" onClick={() => onModeChange('type')}>
            Type my signature instead
          </button>
        </>
      ) : (
        <>
          <p className="vp-sign-muted">Your typed full name is your signature:</p>
          <div className="vp-sign-typed" data-testid="typed-signature">
            {fullName.trim() ? (
              <span className="vp-sign-typed-name">{fullName.trim()}</span>
            ) : (
              <span className="vp-sign-muted">Type your full name above.</span>
            )}
          </div>
          <button type="button" className="vp-sign-button-link" onClick={() => onModeChange('draw')}>
            Draw my signature instead
          </button>
        </>
      )}
      {error && (
        <div id={errorId} className="vp-field-error" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}
