import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import type { IssuedApiKey } from '@vp/contract';
import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';

/** A call every key with the read scope may make: the vendor's websites. */
const EXAMPLE_PATH = '/api/portal/websites';

export const SecretTexts = {
  createdTitle: 'Your new API key',
  rotatedTitle: 'Your replacement API key',
  once: 'Copy this key now. It will not be shown again.',
  copy: 'Copy key',
  copied: 'Copied',
  copiedStatus: 'The key is copied.',
  copyFailed: 'The key could not be copied. Select it and copy it yourself.',
  example: 'Try it:',
  done: 'Done',
} as const;

/** The example call, with this key and this portal's address. */
export function curlExample(secret: string, origin: string = window.location.origin): string {
  return `curl -H "Authorization: Bearer ${secret}" ${origin}${EXAMPLE_PATH}`;
}

/**
 * The secret of a key just made or rotated, shown this once: the server keeps only its hash. It
 * lives in this dialog's props alone, so closing the dialog forgets it.
 */
export function SecretDialog({
  issued,
  rotated,
  onClose,
}: {
  issued: IssuedApiKey;
  /** The key replaces a rotated one. */
  rotated: boolean;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(issued.secret);
      setCopied(true);
    } catch {
      void toast('error', SecretTexts.copyFailed);
    }
  }

  return (
    <Modal
      open
      title={rotated ? SecretTexts.rotatedTitle : SecretTexts.createdTitle}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={600}
      footer={
        <Button type="primary" onClick={onClose}>
          {SecretTexts.done}
        </Button>
      }
    >
      <div className="vp-api-key-secret-box" data-testid="api-key-secret-dialog">
        <p>
          <strong>{issued.key.name}</strong>
        </p>
        <Alert type="warning" showIcon title={SecretTexts.once} />
        <div className="vp-api-key-secret-row">
          <code className="vp-api-key-secret" data-testid="api-key-secret">
            {issued.secret}
          </code>
          <Button
            autoFocus
            icon={copied ? <CheckOutlined aria-hidden="true" /> : <CopyOutlined aria-hidden="true" />}
            onClick={() => void copy()}
          >
            {copied ? SecretTexts.copied : SecretTexts.copy}
          </Button>
          <span role="status" className="vp-sr-only">
            {copied ? SecretTexts.copiedStatus : ''}
          </span>
        </div>
        <p className="vp-api-key-example-label">{SecretTexts.example}</p>
        <pre className="vp-api-key-example" data-testid="api-key-example">
          {curlExample(issued.secret)}
        </pre>
      </div>
    </Modal>
  );
}
