import { API_KEY_OVERLAPS, type ApiKey, type IssuedApiKey } from '@vp/contract';
import { Alert, Modal, Radio } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { useRotateApiKey } from '../api.ts';
import { OVERLAP_LABELS } from '../key-format.ts';

/** What a rotation offers by default: a day for the systems using the old key to take the new one. */
const DEFAULT_OVERLAP = 24;

export const RotateTexts = {
  title: (name: string) => `Rotate ${name}`,
  explain:
    'Rotating issues a new key with the same name, scopes and allowed addresses. The new key lasts as long as this one was made to last, counted from today. Put the new key in place of the old one in your systems.',
  overlap: 'The old key keeps working for',
  ok: 'Rotate',
} as const;

/**
 * Rotate a key: a new secret for the same access, and a choice of how long the old one keeps
 * working so the systems that use it can move over. A refusal is said in the dialog.
 */
export function RotateDialog({
  apiKey,
  onRotated,
  onClose,
}: {
  apiKey: ApiKey;
  onRotated: (issued: IssuedApiKey) => void;
  onClose: () => void;
}) {
  const rotate = useRotateApiKey();
  const [overlapHours, setOverlap] = useState<number>(DEFAULT_OVERLAP);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setError(null);
    try {
      const issued = await rotate.mutateAsync({ id: apiKey.id, overlapHours });
      onRotated(issued);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <Modal
      open
      title={RotateTexts.title(apiKey.name)}
      okText={RotateTexts.ok}
      cancelText="Cancel"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={rotate.isPending}
      destroyOnHidden
    >
      <p>{RotateTexts.explain}</p>
      <p id={`rotate-api-key-${apiKey.id}-overlap`} className="vp-api-key-overlap-label">
        {RotateTexts.overlap}
      </p>
      <Radio.Group
        aria-labelledby={`rotate-api-key-${apiKey.id}-overlap`}
        className="vp-api-key-overlaps"
        value={overlapHours}
        onChange={(e) => setOverlap(e.target.value as number)}
      >
        {API_KEY_OVERLAPS.map((h) => (
          // The dialog opens on the choice already made, as a radio group is entered.
          <Radio key={h} value={h} autoFocus={h === DEFAULT_OVERLAP}>
            {OVERLAP_LABELS[h] ?? `${h} hours`}
          </Radio>
        ))}
      </Radio.Group>
      {error && <Alert type="error" showIcon title={error} data-testid="rotate-error" />}
    </Modal>
  );
}
