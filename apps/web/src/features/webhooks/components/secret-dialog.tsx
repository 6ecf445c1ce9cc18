import { CopyOutlined } from '@ant-design/icons';
import type { WebhookWithSecret } from '@vp/contract';
import { Alert, Button, Input, Modal } from 'antd';
import { displayDateTime } from '../../../lib/date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { WebhookTexts as T } from '../texts.ts';

/**
 * An endpoint's signing secret, shown this once (after it is made or rotated): the portal keeps no
 * copy it could show again. The note says how a receiver checks a delivery with it.
 */
export function SecretDialog({
  made,
  rotated,
  onClose,
}: {
  made: WebhookWithSecret;
  /** A rotation (the previous secret may still sign) rather than a new endpoint. */
  rotated: boolean;
  onClose: () => void;
}) {
  const { endpoint, secret } = made;

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      void toast('success', T.copied);
    } catch {
      void toast('error', T.copyFailed);
    }
  }

  return (
    <Modal
      title={rotated ? T.rotatedTitle : T.createdTitle}
      open
      onCancel={onClose}
      // A stray click beside it would lose the secret for good: only Done, ✕ or Escape close it.
      mask={{ closable: false }}
      destroyOnHidden
      width={600}
      footer={
        <Button type="primary" onClick={onClose}>
          {T.done}
        </Button>
      }
    >
      <p className="vp-webhook-mono vp-webhook-url">{endpoint.url}</p>
      <Alert type="warning" showIcon title={T.secretOnce} className="vp-webhook-once" />
      <div className="vp-webhook-secret-row">
        <Input
          readOnly
          aria-label={T.secretLabel}
          value={secret}
          className="vp-webhook-mono vp-webhook-secret"
          data-testid="webhook-secret"
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
          {T.copy}
        </Button>
      </div>
      {rotated && endpoint.previousSecretUntil && (
        <p className="vp-muted">{T.previousUntil(displayDateTime(endpoint.previousSecretUntil))}</p>
      )}
      <section className="vp-webhook-signatures" aria-labelledby="webhook-signatures">
        <h3 id="webhook-signatures">{T.signaturesTitle}</h3>
        <p>
          Each delivery is signed as the Standard Webhooks specification describes. It carries the headers{' '}
          <code>webhook-id</code>, <code>webhook-timestamp</code> (seconds since 1970) and{' '}
          <code>webhook-signature</code>.
        </p>
        <ol>
          <li>
            Take the secret&apos;s part after <code>whsec_</code> and decode it from base64: that is the key.
          </li>
          <li>
            Compute an HMAC-SHA256 with that key over <code>id.timestamp.body</code>: the{' '}
            <code>webhook-id</code>, a dot, the <code>webhook-timestamp</code>, a dot, and the request body
            exactly as received.
          </li>
          <li>
            Encode it in base64 and compare it, in constant time, with each <code>v1,</code> signature of the{' '}
            <code>webhook-signature</code> header (space-separated; during a rotation both secrets sign).
            Refuse a timestamp more than five minutes from your clock.
          </li>
        </ol>
      </section>
    </Modal>
  );
}
