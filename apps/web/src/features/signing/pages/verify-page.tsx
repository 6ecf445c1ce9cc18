import { VerifyMessages, type VerifyResult } from '@vp/contract';
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { fetchCertificate, verifyPdf, type CertificateInfo } from '../api.ts';
import { Notice, SignButton, SignLayout } from '../components/sign-layout.tsx';
import '../signing.css';

/**
 * Verify (/verify, public): anyone holding a PDF the portal sealed can check it is the document the
 * portal sealed, unchanged. The server compares the file's SHA-256 with the ones it recorded.
 */

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}

const RESULT_TITLES: Record<VerifyResult['result'], string> = {
  sealed: 'Sealed and unchanged',
  voided: 'Sealed, then voided',
  superseded: 'Sealed, since replaced by a newer form',
  altered: 'Changed after sealing',
  unknown: 'Not sealed by the Vendor Portal',
  'not-pdf': 'Not a PDF',
};

export default function VerifyPage() {
  const [certificate, setCertificate] = useState<CertificateInfo | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    // Shown up front when the portal answers; the check works without it.
    fetchCertificate().then(
      (c) => current && setCertificate(c),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  function choose(next: File | null) {
    setFile(next);
    setResult(null);
    setFailure(null);
    if (next) setFieldError(null);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setFieldError(VerifyMessages.fileRequired);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      setResult(await verifyPdf(file));
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SignLayout title="Verify a Signed Document" wide>
      <p className="vp-sign-lead">
        Check that a PDF was sealed by the Vendor Portal and has not been changed since. Only a fingerprint of
        the file (its SHA-256) is compared; the file is not kept.
      </p>

      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Verify a PDF" className="vp-sign-section">
        <div
          className={`vp-verify-drop${dragging ? ' vp-verify-drop-active' : ''}${fieldError ? ' vp-field-invalid' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="verify-drop"
        >
          <label htmlFor="verify-file" className="vp-field-label">
            Drop a PDF here or choose one
          </label>
          <input
            id="verify-file"
            ref={inputRef}
            type="file"
            accept="application/pdf,.pdf"
            className="vp-verify-input"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            aria-invalid={!!fieldError || undefined}
            aria-describedby={fieldError ? 'verify-file-error' : undefined}
          />
          {file && (
            <p className="vp-sign-muted">
              Chosen: <strong>{file.name}</strong>
            </p>
          )}
          {fieldError && (
            <div id="verify-file-error" className="vp-field-error" role="alert">
              {fieldError}
            </div>
          )}
        </div>
        <SignButton type="submit" loading={busy}>
          Verify
        </SignButton>
      </form>

      {failure && <Notice tone="error">{failure}</Notice>}

      {result && (
        <section aria-labelledby="verify-result-heading" className={`vp-sign-section vp-verify-result`}>
          <h2 id="verify-result-heading" ref={resultRef} tabIndex={-1}>
            {RESULT_TITLES[result.result]}
          </h2>
          <Notice
            tone={result.result === 'sealed' ? 'success' : result.result === 'altered' ? 'error' : 'warning'}
          >
            {result.message}
          </Notice>
          {result.document && (
            <dl className="vp-sign-facts">
              <div>
                <dt>Document</dt>
                <dd>{result.document.label}</dd>
              </div>
              <div>
                <dt>Website</dt>
                <dd>{result.document.domainName}</dd>
              </div>
              <div>
                <dt>Vendor</dt>
                <dd>{result.document.vendorName}</dd>
              </div>
              <div>
                <dt>Sealed</dt>
                <dd>{formatDate(result.document.sealedAt)}</dd>
              </div>
              <div>
                <dt>Signed by</dt>
                <dd>
                  <ul className="vp-sign-others">
                    {result.document.signers.map((s, i) => (
                      <li key={`${s.name}-${i}`}>
                        {s.name} ({s.signatory}), {formatDate(s.signedAt)}
                        {/* The signatory the form was sent to signed; what they typed, where it differs. */}
                        {s.typedName && <span className="vp-sign-muted">, typed: {s.typedName}</span>}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            </dl>
          )}
          {result.document && (
            <CertificateFacts title="Sealing certificate" certificate={result.document.certificate} />
          )}
          <p className="vp-verify-hash">
            SHA-256 of this file: <code>{result.sha256}</code>
          </p>
        </section>
      )}

      {certificate && !result?.document && (
        <CertificateFacts title="The portal's sealing certificate" certificate={certificate} />
      )}
    </SignLayout>
  );
}

function CertificateFacts({ title, certificate }: { title: string; certificate: CertificateInfo }) {
  return (
    <section aria-label={title} className="vp-sign-section">
      <h2 className="vp-sign-subtitle">{title}</h2>
      <dl className="vp-sign-facts">
        <div>
          <dt>Subject</dt>
          <dd>{certificate.subject}</dd>
        </div>
        <div>
          <dt>Issuer</dt>
          <dd>{certificate.issuer}</dd>
        </div>
        <div>
          <dt>Valid</dt>
          <dd>
            {formatDate(certificate.validFrom)} to {formatDate(certificate.validTo)}
          </dd>
        </div>
        <div>
          <dt>SHA-256 fingerprint</dt>
          <dd>
            <code>{certificate.sha256Fingerprint}</code>
          </dd>
        </div>
      </dl>
    </section>
  );
}
