import type { WebhookEndpoint, WebhookWithSecret } from '@vp/contract';
import { Modal, Radio } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useRotateSecret, type WebhookScope } from '../api.ts';
import { DEFAULT_OVERLAP_HOURS, OVERLAP_CHOICES, WebhookTexts as T } from '../texts.ts';

/**
 * Rotate an endpoint's secret: choose how long the old one keeps signing beside the new one. The
 * new secret goes to `onRotated`, which shows it once.
 */
export function RotateDialog({
  scope,
  endpoint,
  onClose,
  onRotated,
}: {
  scope: WebhookScope;
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onRotated: (made: WebhookWithSecret) => void;
}) {
  const rotate = useRotateSecret(scope);
  const [hours, setHours] = useState(DEFAULT_OVERLAP_HOURS);
  const labelId = useId();

  async function submit() {
    try {
      onRotated(await rotate.mutateAsync({ id: endpoint.id, overlapHours: hours }));
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  return (
    <Modal
      title={T.rotateTitle}
      open
      onCancel={onClose}
      onOk={() => void submit()}
      okText={T.rotateAction}
      cancelText={T.cancel}
      confirmLoading={rotate.isPending}
      destroyOnHidden
    >
      <p className="vp-webhook-mono vp-webhook-url">{endpoint.url}</p>
      <p>{T.rotateIntro}</p>
      <p id={labelId} className="vp-webhook-label">
        {T.overlapLabel}
      </p>
      <Radio.Group
        aria-labelledby={labelId}
        className="vp-webhook-overlap"
        value={hours}
        onChange={(e) => setHours(e.target.value as number)}
      >
        {OVERLAP_CHOICES.map((c) => (
          // The chosen one takes the focus, as Tab into the group would.
          <Radio key={c.hours} value={c.hours} autoFocus={c.hours === DEFAULT_OVERLAP_HOURS}>
            {c.label}
          </Radio>
        ))}
      </Radio.Group>
    </Modal>
  );
}
